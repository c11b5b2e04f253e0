/** The spec's default playSpeed: one step of the log per 1000 ms (§9). */
export const DEFAULT_PLAY_SPEED = 1000;
/** The multipliers offered: ×1 is the default, each faster one halves the time per step. */
export const PLAY_MULTIPLIERS = [1, 2, 4, 8, 16, 32, 64] as const;

/** Milliseconds per step at a multiplier. */
export const playSpeedOf = (multiplier: number): number => DEFAULT_PLAY_SPEED / multiplier;
/** The multiplier a playSpeed stands for. */
export const multiplierOf = (playSpeed: number): number => Math.round(DEFAULT_PLAY_SPEED / playSpeed);

/** An index kept within the log. */
export function clampIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return Math.max(0, Math.min(count - 1, Math.round(index)));
}

/** One step back or forward (or `delta` steps). */
export const stepIndex = (index: number, delta: number, count: number): number =>
  clampIndex(index + delta, count);

export interface Advance {
  indexData: number;
  /** Time played that has not yet made a whole step, carried to the next frame. */
  carryMs: number;
  /** The last fix is reached: the player stops. */
  ended: boolean;
}

/**
 * Where the player is after `elapsedMs` more of playing at `playSpeed` ms per step: as many whole steps
 * as fit (a frame may take several at ×64), the remainder carried.
 */
export function advance(
  indexData: number,
  carryMs: number,
  elapsedMs: number,
  playSpeed: number,
  count: number,
): Advance {
  const last = Math.max(0, count - 1);
  const total = carryMs + Math.max(0, elapsedMs);
  const steps = Math.floor(total / playSpeed);
  const next = Math.min(last, indexData + steps);
  const ended = next >= last;
  return { indexData: next, carryMs: ended ? 0 : total - steps * playSpeed, ended };
}
