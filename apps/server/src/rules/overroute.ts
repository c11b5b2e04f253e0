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

/**
 * The stretch of a route the vehicle is on. A route runs from its origin geofence to its destination
 * geofence: before the origin (from the pool) and after the destination (back to it) the vehicle is
 * not on its route and the corridor is not checked.
 */
interface Leg {
  routeId: number;
  onRoute: boolean;
}

interface OverrouteSlice extends SliceBase {
  off: OffRoute | null;
  /** Absent in slices stored before legs were kept: decided again at the next fix. */
  leg?: Leg | null;
}

const initial: OverrouteSlice = { v: 1, lastMs: null, off: null, leg: null };

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

/** Inside the route's origin or destination geofence (loading, unloading: not driving the route), or neither. */
function endAt(route: RuleRoute, p: Position, ctx: RuleContext): 'origin' | 'destination' | null {
  if (route.originGeofenceId === null && route.destinationGeofenceId === null) return null;
  const inside = ctx.geography.geofencesAt(p.lat, p.lon);
  if (inside.some((g) => g.geofenceId === route.originGeofenceId)) return 'origin';
  if (inside.some((g) => g.geofenceId === route.destinationGeofenceId)) return 'destination';
  return null;
}

/**
 * Whether the vehicle is on its route at this fix. Being at the origin puts it on the route, reaching
 * the destination takes it off. A route just given (or a slice without a leg) starts where its SPK's
 * milestones say (`route.leg`); without them, on the route when it has no origin geofence or the
 * vehicle is inside its corridor already, and otherwise once it has been at the origin: a vehicle on
 * its way from the pool is not off route.
 */
function legAt(
  leg: Leg | null | undefined,
  route: RuleRoute,
  end: 'origin' | 'destination' | null,
  inCorridor: boolean,
): Leg {
  let onRoute =
    leg?.routeId === route.routeId
      ? leg.onRoute
      : route.leg
        ? route.leg === 'on_route'
        : route.originGeofenceId === null || inCorridor;
  if (end === 'origin') onRoute = true;
  else if (end === 'destination') onRoute = false;
  return leg?.routeId === route.routeId && leg.onRoute === onRoute
    ? leg
    : { routeId: route.routeId, onRoute };
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
    return off === slice.off && slice.lastMs === t && !slice.leg
      ? unchanged(slice)
      : { slice: { v: 1, lastMs: t, off, leg: null }, events };

  const deviationM = route.distanceM(p.lat, p.lon);
  const end = endAt(route, p, ctx);
  const leg = legAt(slice.leg, route, end, deviationM <= route.halfWidthM);
  if (deviationM <= route.halfWidthM || end !== null || !leg.onRoute) {
    if (off?.open) events.push(endEvent(off, t, { lat: p.lat, lon: p.lon }));
    return { slice: { v: 1, lastMs: t, off: null, leg }, events };
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
  return { slice: { v: 1, lastMs: t, off, leg }, events };
}

/**
 * Over route (domain research §6.2): a vehicle with a current route that, on the route (from leaving
 * its origin geofence to reaching its destination geofence; legAt), stays outside the route's
 * corridor (further than half its width from the path) for `OVER_ROUTE_DEFAULTS.minFixes` fixes in a
 * row or `minMinutes`, and drives at least `minOffRouteKm` outside it, is off route from its first fix
 * outside. The over-route is reported when both hold and ends at the first fix back inside (or when the
 * vehicle's route changes); its end carries the largest deviation and the distance driven off route.
 */
export const overrouteRule = perPosition<OverrouteSlice>({ name: 'overroute', initial, onPosition });
