import { OVER_ROUTE_DEFAULTS } from '@pantau/contracts';
import type { Position } from '@pantau/protocols';
import { durationS, intervalKey, isTrustedFix, perPosition, unchanged } from './per-position.js';
import type { SliceBase, SliceResult } from './per-position.js';
import type { RuleContext, RuleEvent, RuleRoute } from './types.js';
import { distanceM } from './overstop.js';

/** A stretch outside the route's corridor; `open` once it is an over-route (its start event is out). */
interface OffRoute {
  routeId: number;
  routeCode: string;
  routeName: string;
  halfWidthM: number;
  startMs: number;
  lat: number;
  lon: number;
  lastMs: number;
  lastLat: number;
  lastLon: number;
  fixes: number;
  maxDeviationM: number;
  /** Metres driven from the first fix outside to the last. */
  offM: number;
  open: boolean;
}

interface OverrouteSlice extends SliceBase {
  off: OffRoute | null;
}

const initial: OverrouteSlice = { v: 1, lastMs: null, off: null };

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

const facts = (off: OffRoute) => ({
  routeId: off.routeId,
  routeCode: off.routeCode,
  routeName: off.routeName,
  maxDeviationM: Math.round(off.maxDeviationM),
  offRouteKm: round(off.offM / 1000, 3),
});

const startEvent = (off: OffRoute): RuleEvent => ({
  kind: 'overroute',
  phase: 'start',
  key: intervalKey('overroute', off.startMs),
  startedAt: new Date(off.startMs),
  endedAt: null,
  maxValue: Math.round(off.maxDeviationM),
  limitValue: off.halfWidthM,
  lat: off.lat,
  lon: off.lon,
  attributes: facts(off),
});

const endEvent = (off: OffRoute, endMs: number, at: { lat: number; lon: number } | null): RuleEvent => ({
  ...startEvent(off),
  phase: 'end',
  endedAt: new Date(endMs),
  attributes: {
    ...facts(off),
    durationS: durationS(off.startMs, endMs),
    endLat: at?.lat ?? null,
    endLon: at?.lon ?? null,
  },
});

/** Whether a stretch outside the corridor is long enough (time or fixes) and far enough to be an over-route. */
const isOverRoute = (off: OffRoute): boolean =>
  (off.fixes >= OVER_ROUTE_DEFAULTS.minFixes ||
    off.lastMs - off.startMs >= OVER_ROUTE_DEFAULTS.minMinutes * 60_000) &&
  off.offM >= OVER_ROUTE_DEFAULTS.minOffRouteKm * 1000;

const startOff = (route: RuleRoute, p: Position, t: number, deviationM: number): OffRoute => ({
  routeId: route.routeId,
  routeCode: route.code,
  routeName: route.name,
  halfWidthM: route.halfWidthM,
  startMs: t,
  lat: p.lat,
  lon: p.lon,
  lastMs: t,
  lastLat: p.lat,
  lastLon: p.lon,
  fixes: 1,
  maxDeviationM: deviationM,
  offM: 0,
  open: false,
});

/** Inside the route's origin or destination geofence: loading, unloading, not driving the route. */
function atEnds(route: RuleRoute, p: Position, ctx: RuleContext): boolean {
  if (route.originGeofenceId === null && route.destinationGeofenceId === null) return false;
  return ctx.geography
    .geofencesAt(p.lat, p.lon)
    .some((g) => g.geofenceId === route.originGeofenceId || g.geofenceId === route.destinationGeofenceId);
}

function onPosition(slice: OverrouteSlice, p: Position, ctx: RuleContext): SliceResult<OverrouteSlice> {
  if (!isTrustedFix(p)) return unchanged(slice);
  const t = p.fixTime.getTime();
  const route = ctx.route;
  const events: RuleEvent[] = [];
  let off = slice.off;
  // The route was taken away or changed: what was off the old one ends here.
  if (off && (!route || route.routeId !== off.routeId)) {
    if (off.open) events.push(endEvent(off, t, null));
    off = null;
  }
  if (!route)
    return off === slice.off && slice.lastMs === t
      ? unchanged(slice)
      : { slice: { v: 1, lastMs: t, off }, events };

  const deviationM = route.distanceM(p.lat, p.lon);
  if (deviationM <= route.halfWidthM || atEnds(route, p, ctx)) {
    if (off?.open) events.push(endEvent(off, t, { lat: p.lat, lon: p.lon }));
    return { slice: { v: 1, lastMs: t, off: null }, events };
  }
  if (!off) off = startOff(route, p, t, deviationM);
  else
    off = {
      ...off,
      lastMs: t,
      lastLat: p.lat,
      lastLon: p.lon,
      fixes: off.fixes + 1,
      maxDeviationM: Math.max(off.maxDeviationM, deviationM),
      offM: off.offM + distanceM(off.lastLat, off.lastLon, p.lat, p.lon),
    };
  if (!off.open && isOverRoute(off)) {
    off = { ...off, open: true };
    events.push(startEvent(off));
  }
  return { slice: { v: 1, lastMs: t, off }, events };
}

/**
 * Over route (domain research §6.2): a vehicle with a current route that, outside the route's origin
 * and destination geofences, stays outside the route's
 * corridor (further than half its width from the path) for `OVER_ROUTE_DEFAULTS.minFixes` fixes in a
 * row or `minMinutes`, and drives at least `minOffRouteKm` outside it, is off route from its first fix
 * outside. The over-route is reported when both hold and ends at the first fix back inside (or when the
 * vehicle's route changes); its end carries the largest deviation and the distance driven off route.
 */
export const overrouteRule = perPosition<OverrouteSlice>({ name: 'overroute', initial, onPosition });
