import type { Position } from '@pantau/protocols';
import type { Derivation, DerivationResult, Found, RuleContext, Slice, VehicleRuleState } from './types.js';

/** A vehicle's rule state after the derivations ran, and what they found, in derivation order. */
export interface Derived {
  state: VehicleRuleState;
  found: Found[];
}

/** Called when a derivation throws: its slice stays as it was, and the others run on. */
export type OnDerivationError = (err: unknown, derivation: Derivation) => void;

const rethrow: OnDerivationError = (err) => {
  throw err;
};

function sliceOf(state: VehicleRuleState, d: Derivation): Slice {
  const raw = state[d.name];
  return typeof raw === 'object' && raw !== null && (raw as Partial<Slice>).v === d.initial.v
    ? (raw as Slice)
    : d.initial;
}

function run(
  derivations: readonly Derivation[],
  state: VehicleRuleState,
  step: (d: Derivation, slice: Slice) => DerivationResult<Slice> | null,
  onError: OnDerivationError,
): Derived {
  let next = state;
  const found: Found[] = [];
  for (const d of derivations) {
    const slice = sliceOf(next, d);
    let result: DerivationResult<Slice> | null;
    try {
      result = step(d, slice);
    } catch (err) {
      onError(err, d);
      continue;
    }
    if (!result) continue;
    // The state object is copied once per call, and only when a slice changed.
    if (result.slice !== slice) {
      if (next === state) next = { ...state };
      next[d.name] = result.slice;
    }
    for (const f of result.events) found.push(f);
  }
  return { state: next, found };
}

/**
 * Runs the derivations, in list order, over a vehicle's new positions (fix-time order). Each reads and
 * writes only its own slice; the state object is the same one when no slice changed.
 */
export const derivePositions = (
  derivations: readonly Derivation[],
  state: VehicleRuleState,
  positions: readonly Position[],
  ctx: RuleContext,
  onError: OnDerivationError = rethrow,
): Derived => run(derivations, state, (d, slice) => d.onPositions(slice, positions, ctx), onError);

/** Runs the derivations' clock (`onTick`, for those that have one) at `now`. */
export const deriveTick = (
  derivations: readonly Derivation[],
  state: VehicleRuleState,
  now: Date,
  ctx: RuleContext,
  onError: OnDerivationError = rethrow,
): Derived => run(derivations, state, (d, slice) => d.onTick?.(slice, now, ctx) ?? null, onError);
