import type { Position } from '@pantau/protocols';
import { durationS, intervalKey, isTrustedFix, perPosition } from './per-position.js';
import type { SliceBase, SliceResult } from './per-position.js';
import type { RuleContext, RuleEvent } from './types.js';

interface GpsLostSlice extends SliceBase {
  /** Place of the last trusted fix (whose time is `lastMs`). */
  lat: number | null;
  lon: number | null;
  /** The last ignition reported by any position: a silent truck parked with ignition off is less alarming. */
  ignition: boolean | null;
  /** True while a gps_lost interval (starting at `lastMs`) is open. */
  lost: boolean;
}

const initial: GpsLostSlice = { v: 1, lastMs: null, lat: null, lon: null, ignition: null, lost: false };

const lostEvent = (slice: GpsLostSlice, ctx: RuleContext, lastMs: number): RuleEvent => ({
  kind: 'gps_lost',
  phase: 'start',
  key: intervalKey('gps_lost', lastMs),
  startedAt: new Date(lastMs),
  endedAt: null,
  maxValue: null,
  limitValue: ctx.thresholds.gpsLostMinutes,
  lat: slice.lat,
  lon: slice.lon,
  attributes: { lastIgnition: slice.ignition },
});

function onPosition(slice: GpsLostSlice, p: Position, ctx: RuleContext): SliceResult<GpsLostSlice> {
  const ignition = p.ignition ?? slice.ignition;
  if (!isTrustedFix(p))
    return ignition === slice.ignition
      ? { slice, events: [] }
      : { slice: { ...slice, ignition }, events: [] };

  const t = p.fixTime.getTime();
  const events: RuleEvent[] = [];
  const lastMs = slice.lastMs;
  // A gap seen only now (no tick ran in between, e.g. a recalculation) is the same loss a tick would have found.
  const lostUntilNow = slice.lost || (lastMs !== null && t - lastMs > ctx.thresholds.gpsLostMinutes * 60_000);
  if (lastMs !== null && lostUntilNow) {
    const start = lostEvent(slice, ctx, lastMs);
    if (!slice.lost) events.push(start);
    const lostForS = durationS(lastMs, t);
    events.push(
      {
        ...start,
        phase: 'end',
        endedAt: p.fixTime,
        attributes: { ...start.attributes, durationS: lostForS },
      },
      {
        kind: 'gps_restored',
        phase: 'instant',
        key: 'gps_restored',
        startedAt: p.fixTime,
        endedAt: null,
        maxValue: null,
        limitValue: null,
        lat: p.lat,
        lon: p.lon,
        attributes: { lostForS },
      },
    );
  }
  return { slice: { v: 1, lastMs: t, lat: p.lat, lon: p.lon, ignition, lost: false }, events };
}

function onTick(slice: GpsLostSlice, nowMs: number, ctx: RuleContext): SliceResult<GpsLostSlice> {
  if (slice.lost || slice.lastMs === null || nowMs - slice.lastMs <= ctx.thresholds.gpsLostMinutes * 60_000) {
    return { slice, events: [] };
  }
  return { slice: { ...slice, lost: true }, events: [lostEvent(slice, ctx, slice.lastMs)] };
}

/**
 * GPS lost: no trusted fix for longer than `gpsLostMinutes` opens a `gps_lost` interval that starts at the
 * last fix (found by a tick, or by the next fix when no tick ran); the next trusted fix ends it and raises
 * `gps_restored`. Positions without a fix (a jammed or covered antenna) do not restore it.
 */
export const gpsLostRule = perPosition<GpsLostSlice>({ name: 'gpsLost', initial, onPosition, onTick });
