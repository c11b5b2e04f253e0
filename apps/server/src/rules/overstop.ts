import type { Position } from '@pantau/protocols';
import CheapRuler from 'cheap-ruler';
import { durationS, intervalKey, isTrustedFix, perPosition, unchanged } from './per-position.js';
import type { SliceBase, SliceResult } from './per-position.js';
import type { RuleContext, RuleEvent } from './types.js';

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

const distanceM = (aLat: number, aLon: number, bLat: number, bLon: number): number =>
  new CheapRuler(aLat, 'meters').distance([aLon, aLat], [bLon, bLat]);

const baseEvent = (stop: Stop, limitMinutes: number): RuleEvent => ({
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

/** Once the stop has lasted longer than allowed at `atMs`, decides whether it is an over-stop. */
function crossThreshold(stop: Stop, atMs: number, ctx: RuleContext): { stop: Stop; events: RuleEvent[] } {
  const limitMinutes = ctx.thresholds.overstopMinutes;
  if (stop.status !== 'pending' || atMs - stop.startMs <= limitMinutes * 60_000) return { stop, events: [] };
  if (ctx.isStopAllowedAt(stop.lat, stop.lon)) return { stop: { ...stop, status: 'exempt' }, events: [] };
  return { stop: { ...stop, status: 'open' }, events: [baseEvent(stop, limitMinutes)] };
}

const endEvent = (stop: Stop, endMs: number, ctx: RuleContext): RuleEvent => ({
  ...baseEvent(stop, ctx.thresholds.overstopMinutes),
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
 * longer than `overstopMinutes` where `ctx.isStopAllowedAt` says no. The over-stop starts at the stop's
 * start and is reported when the threshold is crossed, by a fix or by a tick (a silent vehicle is taken
 * to stay where it stopped); it ends at the first fix that is fast or away from the stop.
 */
export const overstopRule = perPosition<OverstopSlice>({ name: 'overstop', initial, onPosition, onTick });
