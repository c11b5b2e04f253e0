import type { Position } from '@pantau/protocols';
import type { Derivation, EventKind, Found, RuleContext, RuleEvent } from './types.js';

/**
 * The slice of a derivation written one position at a time. `lastMs` is the fix time (epoch ms) of the
 * last position it used; older positions are ignored.
 */
export interface SliceBase {
  v: 1;
  lastMs: number | null;
}

export interface SliceResult<S> {
  slice: S;
  events: RuleEvent[];
}

/** A derivation written over one position at a time; `perPosition` makes it a `Derivation`. */
export interface PerPositionSpec<S extends SliceBase> {
  name: string;
  initial: S;
  onPosition(slice: S, position: Position, ctx: RuleContext): SliceResult<S>;
  onTick?(slice: S, nowMs: number, ctx: RuleContext): SliceResult<S>;
}

const foundAt = (events: readonly RuleEvent[], at: number, into: Found[] | null): Found[] | null => {
  if (events.length === 0) return into;
  const out = into ?? [];
  for (const event of events) out.push({ event, at });
  return out;
};

const NONE: readonly Found[] = Object.freeze([]);

/**
 * The shape most rules take: feeds the positions one by one to `onPosition`, skipping those with an
 * unusable fix time or older than the slice's last fix, and stamps each event with the fix time of the
 * position that found it. The slice object stays the same when nothing changed.
 */
export function perPosition<S extends SliceBase>(spec: PerPositionSpec<S>): Derivation<S> {
  const { onPosition, onTick } = spec;
  return {
    name: spec.name,
    initial: spec.initial,
    onPositions(slice, positions, ctx) {
      let found: Found[] | null = null;
      for (const p of positions) {
        const t = p.fixTime.getTime();
        if (!Number.isFinite(t) || (slice.lastMs !== null && t < slice.lastMs)) continue;
        const result = onPosition(slice, p, ctx);
        slice = result.slice;
        found = foundAt(result.events, t, found);
      }
      return { slice, events: found ?? NONE };
    },
    ...(onTick && {
      onTick(slice: S, now: Date, ctx: RuleContext) {
        const nowMs = now.getTime();
        if (!Number.isFinite(nowMs)) return { slice, events: NONE };
        const result = onTick(slice, nowMs, ctx);
        return { slice: result.slice, events: foundAt(result.events, nowMs, null) ?? NONE };
      },
    }),
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
