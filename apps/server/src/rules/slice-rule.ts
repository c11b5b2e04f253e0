import type { Position } from '@pantau/protocols';
import type { EventKind, Rule, RuleContext, RuleEvent, RuleResult, VehicleRuleState } from './types.js';

/**
 * What every rule's slice of the vehicle rule state carries. `v` versions the shape: a slice written by
 * an older build (or damaged) is replaced by the rule's initial slice instead of being trusted. `lastMs`
 * is the fix time (epoch ms) of the last position the rule used; older positions are ignored.
 */
export interface SliceBase {
  v: 1;
  lastMs: number | null;
}

export interface SliceResult<S> {
  slice: S;
  events: RuleEvent[];
}

/** A rule written over its own typed slice; `sliceRule` turns it into a `Rule` over the whole state. */
export interface SliceRuleSpec<S extends SliceBase> {
  name: string;
  initial: S;
  onPosition(slice: S, position: Position, ctx: RuleContext): SliceResult<S>;
  onTick(slice: S, nowMs: number, ctx: RuleContext): SliceResult<S>;
}

const isSlice = (value: unknown): value is SliceBase =>
  typeof value === 'object' && value !== null && (value as { v?: unknown }).v === 1;

/**
 * Wraps a slice rule: reads its slice under `name` (falling back to the initial slice), ignores positions
 * with an unusable fix time or older than the slice's last fix, and writes the slice back. The state
 * object is returned unchanged when the slice did not change.
 */
export function sliceRule<S extends SliceBase>(spec: SliceRuleSpec<S>): Rule {
  const read = (state: VehicleRuleState): S => {
    const raw = state[spec.name];
    return isSlice(raw) ? (raw as S) : spec.initial;
  };
  const write = (state: VehicleRuleState, before: S, result: SliceResult<S>): RuleResult => ({
    state: result.slice === before ? state : { ...state, [spec.name]: result.slice },
    events: result.events,
  });
  return {
    name: spec.name,
    onPosition(state, position, ctx) {
      const slice = read(state);
      const t = position.fixTime.getTime();
      if (!Number.isFinite(t) || (slice.lastMs !== null && t < slice.lastMs)) return { state, events: [] };
      return write(state, slice, spec.onPosition(slice, position, ctx));
    },
    onTick(state, now, ctx) {
      const slice = read(state);
      const nowMs = now.getTime();
      if (!Number.isFinite(nowMs)) return { state, events: [] };
      return write(state, slice, spec.onTick(slice, nowMs, ctx));
    },
  };
}

export const unchanged = <S>(slice: S): SliceResult<S> => ({ slice, events: [] });

/**
 * A fix whose place and speed can be believed: the receiver had a fix and the numbers are real.
 * Location and speed rules skip everything else; ignition and alarms do not need a fix.
 */
export const isTrustedFix = (p: Position): boolean =>
  p.valid &&
  Number.isFinite(p.lat) &&
  Number.isFinite(p.lon) &&
  Math.abs(p.lat) <= 90 &&
  Math.abs(p.lon) <= 180 &&
  Number.isFinite(p.speedKmh) &&
  p.speedKmh >= 0;

/** The position's place when it can be trusted, else nulls (the pipeline may fill in the last known place). */
export const placeOf = (p: Position): { lat: number | null; lon: number | null } =>
  isTrustedFix(p) ? { lat: p.lat, lon: p.lon } : { lat: null, lon: null };

/** The key that ties an interval's start and end: the kind and the interval's start, unique per vehicle. */
export const intervalKey = (kind: EventKind, startedAtMs: number): string =>
  `${kind}@${new Date(startedAtMs).toISOString()}`;

export const durationS = (startMs: number, endMs: number): number => Math.round((endMs - startMs) / 1000);
