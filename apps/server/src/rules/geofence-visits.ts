import type { Position } from '@pantau/protocols';
import { durationS, isTrustedFix, perPosition, unchanged } from './per-position.js';
import type { SliceBase, SliceResult } from './per-position.js';
import type { RuleContext, RuleEvent, RuleGeofence } from './types.js';

/**
 * Fixes in a row needed to enter (inside) or to leave (outside) a geofence: one fix inside between
 * fixes outside, or the reverse, is a GPS jump, not a visit (docs/decisions.md).
 */
export const VISIT_CONFIRM_FIXES = 2;
/** A lone fix on the new side that stays the vehicle's latest this long confirms the crossing too. */
export const VISIT_CONFIRM_MS = 60_000;

/** A visit under way: entered at `enterMs` (the first fix inside); `outMs` is a first fix outside not yet confirmed. */
interface Inside {
  id: number;
  enterMs: number;
  outMs: number | null;
  outLat: number;
  outLon: number;
  outFixes: number;
}

/** Fixes inside a geofence the vehicle has not entered yet (not confirmed). */
interface Candidate {
  id: number;
  sinceMs: number;
  lat: number;
  lon: number;
  fixes: number;
}

export interface VisitsSlice extends SliceBase {
  /** The open visits: "inside since". */
  inside: Inside[];
  candidates: Candidate[];
}

const initial: VisitsSlice = { v: 1, lastMs: null, inside: [], candidates: [] };

const describe = (g: RuleGeofence | undefined, id: number, notify: boolean) => ({
  geofenceId: id,
  geofenceCode: g?.code ?? null,
  geofenceName: g?.name ?? null,
  category: g?.category ?? null,
  /** Whether the geofence asks for a notification of this crossing (the bell shows only those). */
  notify,
});

const enterEvent = (c: Candidate, g: RuleGeofence | undefined): RuleEvent => ({
  kind: 'geofence_enter',
  phase: 'instant',
  key: `geofence_enter:${c.id}@${new Date(c.sinceMs).toISOString()}`,
  startedAt: new Date(c.sinceMs),
  endedAt: null,
  maxValue: null,
  limitValue: null,
  lat: c.lat,
  lon: c.lon,
  attributes: describe(g, c.id, g?.notifyEnter ?? false),
});

const exitEvent = (v: Inside, g: RuleGeofence | undefined): RuleEvent => {
  const exitMs = v.outMs ?? v.enterMs;
  return {
    kind: 'geofence_exit',
    phase: 'instant',
    key: `geofence_exit:${v.id}@${new Date(exitMs).toISOString()}`,
    startedAt: new Date(exitMs),
    endedAt: null,
    maxValue: null,
    limitValue: null,
    lat: v.outLat,
    lon: v.outLon,
    attributes: {
      ...describe(g, v.id, g?.notifyExit ?? false),
      enteredAt: new Date(v.enterMs).toISOString(),
      durationS: durationS(v.enterMs, exitMs),
    },
  };
};

/**
 * Crossings whose lone fix on the new side has stayed the vehicle's latest for `VISIT_CONFIRM_MS` at
 * `nowMs` (a fix that much later, or the clock) are confirmed.
 */
function confirmLone(slice: VisitsSlice, nowMs: number, ctx: RuleContext): SliceResult<VisitsSlice> {
  if (slice.lastMs === null || nowMs - slice.lastMs < VISIT_CONFIRM_MS) return unchanged(slice);
  const lone = (since: number | null) => since !== null && since === slice.lastMs;
  if (!slice.candidates.some((c) => lone(c.sinceMs)) && !slice.inside.some((v) => lone(v.outMs)))
    return unchanged(slice);
  const events: RuleEvent[] = [];
  const inside: Inside[] = [];
  for (const v of slice.inside)
    if (lone(v.outMs)) events.push(exitEvent(v, ctx.geography.geofence(v.id)));
    else inside.push(v);
  const candidates: Candidate[] = [];
  for (const c of slice.candidates)
    if (lone(c.sinceMs)) {
      events.push(enterEvent(c, ctx.geography.geofence(c.id)));
      inside.push({ id: c.id, enterMs: c.sinceMs, outMs: null, outLat: c.lat, outLon: c.lon, outFixes: 0 });
    } else candidates.push(c);
  return { slice: { ...slice, inside, candidates }, events };
}

function onPosition(slice: VisitsSlice, p: Position, ctx: RuleContext): SliceResult<VisitsSlice> {
  if (!isTrustedFix(p)) return unchanged(slice);
  const t = p.fixTime.getTime();
  const confirmed = confirmLone(slice, t, ctx);
  const next = step(confirmed.slice, p, t, ctx);
  return confirmed.events.length === 0
    ? next
    : { slice: next.slice, events: [...confirmed.events, ...next.events] };
}

function step(slice: VisitsSlice, p: Position, t: number, ctx: RuleContext): SliceResult<VisitsSlice> {
  const here = ctx.geography.geofencesAt(p.lat, p.lon);
  if (here.length === 0 && slice.inside.length === 0 && slice.candidates.length === 0)
    return slice.lastMs === t ? unchanged(slice) : { slice: { ...slice, lastMs: t }, events: [] };

  const ids = new Set(here.map((g) => g.geofenceId));
  const events: RuleEvent[] = [];
  const inside: Inside[] = [];
  for (const v of slice.inside) {
    if (ids.has(v.id)) {
      inside.push(v.outMs === null ? v : { ...v, outMs: null, outFixes: 0 });
      continue;
    }
    const out: Inside =
      v.outMs === null
        ? { ...v, outMs: t, outLat: p.lat, outLon: p.lon, outFixes: 1 }
        : { ...v, outFixes: v.outFixes + 1 };
    if (out.outFixes >= VISIT_CONFIRM_FIXES) events.push(exitEvent(out, ctx.geography.geofence(v.id)));
    else inside.push(out);
  }
  const candidates: Candidate[] = [];
  for (const c of slice.candidates) {
    if (!ids.has(c.id)) continue;
    const next = { ...c, fixes: c.fixes + 1 };
    if (next.fixes >= VISIT_CONFIRM_FIXES) {
      events.push(enterEvent(next, ctx.geography.geofence(c.id)));
      inside.push({ id: c.id, enterMs: c.sinceMs, outMs: null, outLat: c.lat, outLon: c.lon, outFixes: 0 });
    } else candidates.push(next);
  }
  for (const g of here) {
    const id = g.geofenceId;
    if (inside.some((v) => v.id === id) || candidates.some((c) => c.id === id)) continue;
    candidates.push({ id, sinceMs: t, lat: p.lat, lon: p.lon, fixes: 1 });
  }
  return { slice: { v: 1, lastMs: t, inside, candidates }, events };
}

/**
 * Geofence visits: a vehicle enters a geofence at the first of `VISIT_CONFIRM_FIXES` fixes in a row
 * inside it, or at a lone fix inside that stays its latest for `VISIT_CONFIRM_MS`, and leaves it
 * likewise on the outside; a lone fix across and back within a minute (a GPS jump) changes nothing. A vehicle first seen inside enters at its first fix there. The open visits are
 * the slice's `inside` ("inside since"); each crossing is an event (`geofence_enter`, `geofence_exit`),
 * from which the pipeline keeps the visits (ingest/visit-store.ts).
 */
export const geofenceVisitsRule = perPosition<VisitsSlice>({
  name: 'visits',
  initial,
  onPosition,
  onTick: confirmLone,
});

/** The open visits in a vehicle's visits slice: geofence and since when (epoch ms). */
export const openVisitsOf = (slice: unknown): { geofenceId: number; enterMs: number }[] => {
  const s = slice as Partial<VisitsSlice> | undefined;
  return Array.isArray(s?.inside) ? s.inside.map((v) => ({ geofenceId: v.id, enterMs: v.enterMs })) : [];
};
