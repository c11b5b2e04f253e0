import type { Position } from '@pantau/protocols';
import { isDeepStrictEqual } from 'node:util';
import { defaultThresholds } from './index.js';
import { derivePositions, deriveTick } from './run.js';
import type { Derivation, RuleContext, RuleEvent, RuleThresholds, VehicleRuleState } from './types.js';

/** Hand-made tracks for the rule tests: times are seconds after T0, places are real demo places. */
export const T0 = Date.parse('2026-03-02T01:00:00.000Z');
export const at = (s: number): Date => new Date(T0 + s * 1000);

/** Tol Cipali near KM 120, eastbound: a shoulder where no truck should stand for long. */
export const tollShoulder = { lat: -6.5542, lon: 108.0118 };
/** A carrier pool in Cikarang: stopping there is allowed. */
export const pool = { lat: -6.3003, lon: 107.1519 };

export function fix(s: number, over: Partial<Position> = {}): Position {
  return {
    trackerId: '865205030000001',
    fixTime: at(s),
    valid: true,
    lat: tollShoulder.lat,
    lon: tollShoulder.lon,
    speedKmh: 0,
    course: 90,
    altitude: null,
    satellites: 9,
    accuracy: null,
    ignition: null,
    alarm: null,
    attributes: {},
    ...over,
  };
}

/** Fixes every `stepS` seconds from `fromS` to `toS` inclusive. */
export function fixes(fromS: number, toS: number, stepS: number, over: Partial<Position> = {}): Position[] {
  const out: Position[] = [];
  for (let s = fromS; s <= toS; s += stepS) out.push(fix(s, over));
  return out;
}

/** Within 600 m of the pool counts as inside it. */
const inPool = (lat: number, lon: number): boolean =>
  Math.abs(lat - pool.lat) < 0.005 && Math.abs(lon - pool.lon) < 0.005;

export function testContext(thresholds: Partial<RuleThresholds> = {}): RuleContext {
  return {
    vehicle: { kendaraanId: 1, unitId: 1, timeZone: 'Asia/Jakarta' },
    thresholds: { ...defaultThresholds, ...thresholds },
    isStopAllowedAt: inPool,
    geography: { geofencesAt: () => [], geofence: () => undefined },
    route: null,
  };
}

type Step = Position | { tick: Date };
interface Played {
  state: VehicleRuleState;
  events: RuleEvent[];
}

function playIn(
  batches: Step[][],
  derivations: readonly Derivation[],
  ctx: RuleContext,
  state: VehicleRuleState,
): Played {
  const events: RuleEvent[] = [];
  for (const batch of batches) {
    const first = batch[0]!;
    const result =
      'tick' in first
        ? deriveTick(derivations, state, first.tick, ctx)
        : derivePositions(derivations, state, batch as Position[], ctx);
    state = result.state;
    for (const f of result.found) events.push(f.event);
  }
  return { state, events };
}

const byText = (events: RuleEvent[]) => events.map((e) => JSON.stringify(e)).sort();

/**
 * Feeds positions and ticks to derivations in order, collecting every event: once a position at a time,
 * and once with the positions between two ticks together (as the pipeline's batches bring them). The
 * two must agree (same state, same events); the first's events are answered, in the order found.
 */
export function play(
  derivations: readonly Derivation[],
  steps: Step[],
  ctx: RuleContext = testContext(),
  state: VehicleRuleState = {},
): Played {
  const one = playIn(
    steps.map((s) => [s]),
    derivations,
    ctx,
    state,
  );
  const together: Step[][] = [];
  for (const s of steps) {
    const last = together.at(-1);
    if (last && !('tick' in s) && !('tick' in last[0]!)) last.push(s);
    else together.push([s]);
  }
  const batched = playIn(together, derivations, ctx, state);
  if (
    !isDeepStrictEqual(one.state, batched.state) ||
    !isDeepStrictEqual(byText(one.events), byText(batched.events))
  )
    throw new Error('the derivations found something else from the same positions in one batch');
  return one;
}

export const tick = (s: number): { tick: Date } => ({ tick: at(s) });
