import type { Position } from '@pantau/protocols';
import { durationS, intervalKey, isTrustedFix, perPosition, unchanged } from './per-position.js';
import type { SliceBase, SliceResult } from './per-position.js';
import type { RuleContext, RuleEvent } from './types.js';

/**
 * A reported speed rise steeper than this is GPS jitter, not driving: a loaded truck accelerates at well
 * under 1 m/s², a car at about 3 m/s².
 */
export const MAX_PLAUSIBLE_ACCEL_MS2 = 3;
/** Without a fix for this long, an over-speed is closed at its last fix (we no longer know the speed). */
export const OVERSPEED_GAP_MS = 5 * 60_000;
/** An over-speed ends only once the speed is this far below the entry threshold (limit + tolerance). */
export const OVERSPEED_MIN_HYSTERESIS_KMH = 2;

/** An over-speed run: `open` once it has lasted the minimum duration and its start event is out. */
interface OverspeedRun {
  startMs: number;
  lat: number;
  lon: number;
  limitKmh: number;
  maxKmh: number;
  /** Last fix that belonged to the run. */
  lastInMs: number;
  open: boolean;
}

interface OverspeedSlice extends SliceBase {
  /** The last plausible fix's speed and time: the reference the jitter check measures against. */
  refKmh: number | null;
  refMs: number | null;
  run: OverspeedRun | null;
}

const initial: OverspeedSlice = { v: 1, lastMs: null, refKmh: null, refMs: null, run: null };

/** domain research §6.2: minor ≤ +10 km/h, major +10–20, critical > +20. */
export const overspeedSeverity = (maxKmh: number, limitKmh: number): 'minor' | 'major' | 'critical' => {
  const over = maxKmh - limitKmh;
  return over <= 10 ? 'minor' : over <= 20 ? 'major' : 'critical';
};

const isJitter = (slice: OverspeedSlice, kmh: number, t: number): boolean => {
  if (slice.refKmh === null || slice.refMs === null || kmh <= slice.refKmh) return false;
  const dtS = Math.max((t - slice.refMs) / 1000, 1);
  return (kmh - slice.refKmh) / 3.6 / dtS > MAX_PLAUSIBLE_ACCEL_MS2;
};

const startEvent = (run: OverspeedRun): RuleEvent => ({
  kind: 'overspeed',
  phase: 'start',
  key: intervalKey('overspeed', run.startMs),
  startedAt: new Date(run.startMs),
  endedAt: null,
  maxValue: run.maxKmh,
  limitValue: run.limitKmh,
  lat: run.lat,
  lon: run.lon,
  attributes: { severity: overspeedSeverity(run.maxKmh, run.limitKmh) },
});

const endEvent = (run: OverspeedRun, reason: 'slowed' | 'gps-gap'): RuleEvent => ({
  ...startEvent(run),
  phase: 'end',
  endedAt: new Date(run.lastInMs),
  attributes: {
    severity: overspeedSeverity(run.maxKmh, run.limitKmh),
    durationS: durationS(run.startMs, run.lastInMs),
    reason,
  },
});

function onPosition(slice: OverspeedSlice, p: Position, ctx: RuleContext): SliceResult<OverspeedSlice> {
  if (!isTrustedFix(p)) return unchanged(slice);
  const t = p.fixTime.getTime();
  const kmh = p.speedKmh;
  if (isJitter(slice, kmh, t)) return { slice: { ...slice, lastMs: t }, events: [] };

  const events: RuleEvent[] = [];
  let run = slice.run;
  if (run && t - run.lastInMs > OVERSPEED_GAP_MS) {
    if (run.open) events.push(endEvent(run, 'gps-gap'));
    run = null;
  }

  const { overspeedToleranceKmh: tolerance, overspeedMinDurationS } = ctx.thresholds;
  const limitKmh = run?.limitKmh ?? ctx.thresholds.speedLimitKmh;
  const enterKmh = limitKmh + tolerance;
  const exitKmh = Math.min(limitKmh, enterKmh - OVERSPEED_MIN_HYSTERESIS_KMH);

  if (!run) {
    if (kmh > enterKmh)
      run = { startMs: t, lat: p.lat, lon: p.lon, limitKmh, maxKmh: kmh, lastInMs: t, open: false };
  } else if (!run.open) {
    // Not yet an over-speed: every fix must stay above limit + tolerance for the minimum duration.
    run = kmh > enterKmh ? { ...run, maxKmh: Math.max(run.maxKmh, kmh), lastInMs: t } : null;
  } else if (kmh > exitKmh) {
    run = { ...run, maxKmh: Math.max(run.maxKmh, kmh), lastInMs: t };
  } else {
    events.push(endEvent(run, 'slowed'));
    run = null;
  }

  if (run && !run.open && run.lastInMs - run.startMs >= overspeedMinDurationS * 1000) {
    run = { ...run, open: true };
    events.push(startEvent(run));
  }
  return { slice: { v: 1, lastMs: t, refKmh: kmh, refMs: t, run }, events };
}

function onTick(slice: OverspeedSlice, nowMs: number): SliceResult<OverspeedSlice> {
  const run = slice.run;
  if (!run || nowMs - run.lastInMs <= OVERSPEED_GAP_MS) return unchanged(slice);
  return { slice: { ...slice, run: null }, events: run.open ? [endEvent(run, 'gps-gap')] : [] };
}

/**
 * Over speed: fixes above limit + tolerance for at least `overspeedMinDurationS` (first to last such fix)
 * open an over-speed that started at the first of them; it ends at its last fix once the speed is back
 * at or below the limit (hysteresis), or after a GPS gap of `OVERSPEED_GAP_MS`.
 */
export const overspeedRule = perPosition<OverspeedSlice>({ name: 'overspeed', initial, onPosition, onTick });
