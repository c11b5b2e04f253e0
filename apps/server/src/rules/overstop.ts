import type { Position } from '@pantau/protocols';
import CheapRuler from 'cheap-ruler';
import { durationS, intervalKey, isTrustedFix, perPosition, unchanged } from './per-position.js';
import type { SliceBase, SliceResult } from './per-position.js';
import type { GeofenceCategory } from '@pantau/contracts';
import type { RuleContext, RuleEvent } from './types.js';

/** A stop inside a geofence of these categories is work (loading, unloading, waiting, repairs, parked at home). */
export const WORK_SITE_CATEGORIES: readonly GeofenceCategory[] = [
  'pool',
  'base',
  'plant',
  'port',
  'dealer',
  'workshop',
];
/** Minutes a stop inside a rest-area geofence may last (domain research §6.2: "REST_AREA allowance 60 min"). */
export const REST_AREA_MINUTES = 60;

/**
 * Minutes a stop at this place may last before it is an over-stop, or null when it may last any time:
 * inside a work-site geofence (pool, base, plant, port, dealer, workshop) or near a known site of that kind
 * (`isStopAllowedAt`), no limit; inside a rest-area geofence, `REST_AREA_MINUTES` (or the unit's
 * threshold when that is longer); elsewhere, the unit's threshold.
 */
export function stopAllowanceMinutes(lat: number, lon: number, ctx: RuleContext): number | null {
  const limit = ctx.thresholds.overstopMinutes;
  let restArea = false;
  for (const g of ctx.geography.geofencesAt(lat, lon)) {
    if (WORK_SITE_CATEGORIES.includes(g.category)) return null;
    if (g.category === 'rest_area') restArea = true;
  }
  if (restArea) return Math.max(limit, REST_AREA_MINUTES);
  return ctx.isStopAllowedAt(lat, lon) ? null : limit;
}

/**
 * A stopped vehicle stays "at its stop" within this distance of where it stopped: a parked receiver's
 * fixes wander by tens of metres (more near buildings), and a truck that edges forward in a queue is
 * still in the same stop.
 */
export const STOP_RADIUS_M = 50;

/**
 * A stop: `pending` until it outlasts the threshold, then `open` (an over-stop, start event out) or
 * `exempt` (the place allows stopping; decided once, when the threshold is crossed).
 */
interface Stop {
  startMs: number;
  lat: number;
  lon: number;
  status: 'pending' | 'open' | 'exempt';
}

interface OverstopSlice extends SliceBase {
  stop: Stop | null;
}

const initial: OverstopSlice = { v: 1, lastMs: null, stop: null };

export const distanceM = (aLat: number, aLon: number, bLat: number, bLon: number): number =>
  new CheapRuler(aLat, 'meters').distance([aLon, aLat], [bLon, bLat]);

const baseEvent = (stop: Stop, limitMinutes: number | null): RuleEvent => ({
  kind: 'overstop',
  phase: 'start',
  key: intervalKey('overstop', stop.startMs),
  startedAt: new Date(stop.startMs),
  endedAt: null,
  maxValue: null,
  limitValue: limitMinutes,
  lat: stop.lat,
  lon: stop.lon,
});

/**
 * Once the stop has lasted longer than the unit's threshold at `atMs`, decides whether it is an
 * over-stop: never where stopping is work, after the rest area's allowance in a rest area.
 */
function crossThreshold(stop: Stop, atMs: number, ctx: RuleContext): { stop: Stop; events: RuleEvent[] } {
  if (stop.status !== 'pending' || atMs - stop.startMs <= ctx.thresholds.overstopMinutes * 60_000)
    return { stop, events: [] };
  const allowance = stopAllowanceMinutes(stop.lat, stop.lon, ctx);
  if (allowance === null) return { stop: { ...stop, status: 'exempt' }, events: [] };
  if (atMs - stop.startMs <= allowance * 60_000) return { stop, events: [] };
  return { stop: { ...stop, status: 'open' }, events: [baseEvent(stop, allowance)] };
}

const endEvent = (stop: Stop, endMs: number, ctx: RuleContext): RuleEvent => ({
  ...baseEvent(stop, stopAllowanceMinutes(stop.lat, stop.lon, ctx)),
  phase: 'end',
  endedAt: new Date(endMs),
  attributes: { durationS: durationS(stop.startMs, endMs) },
});

function onPosition(slice: OverstopSlice, p: Position, ctx: RuleContext): SliceResult<OverstopSlice> {
  if (!isTrustedFix(p)) return unchanged(slice);
  const t = p.fixTime.getTime();
  const slow = p.speedKmh < ctx.thresholds.stopSpeedKmh;
  const events: RuleEvent[] = [];
  let stop = slice.stop;

  if (stop) {
    const atStop = slow && distanceM(stop.lat, stop.lon, p.lat, p.lon) <= STOP_RADIUS_M;
    // The stop lasted until this fix either way: a vehicle that left after a silence crossed the threshold too.
    const crossed = crossThreshold(stop, t, ctx);
    stop = crossed.stop;
    events.push(...crossed.events);
    if (!atStop) {
      if (stop.status === 'open') events.push(endEvent(stop, t, ctx));
      stop = null;
    }
  }
  if (!stop && slow) stop = { startMs: t, lat: p.lat, lon: p.lon, status: 'pending' };
  return { slice: { v: 1, lastMs: t, stop }, events };
}

function onTick(slice: OverstopSlice, nowMs: number, ctx: RuleContext): SliceResult<OverstopSlice> {
  if (!slice.stop) return unchanged(slice);
  const crossed = crossThreshold(slice.stop, nowMs, ctx);
  return crossed.stop === slice.stop
    ? unchanged(slice)
    : { slice: { ...slice, stop: crossed.stop }, events: crossed.events };
}

/**
 * Over stop: a stop (speed below `stopSpeedKmh`, within `STOP_RADIUS_M` of where it began) that lasts
 * longer than the place allows (`stopAllowanceMinutes`). The over-stop starts at the stop's
 * start and is reported when the threshold is crossed, by a fix or by a tick (a silent vehicle is taken
 * to stay where it stopped); it ends at the first fix that is fast or away from the stop.
 */
export const overstopRule = perPosition<OverstopSlice>({ name: 'overstop', initial, onPosition, onTick });
