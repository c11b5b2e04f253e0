import type { Position } from '@pantau/protocols';
import { defaultThresholds, runRules, tickRules } from './index.js';
import type { Rule, RuleContext, RuleEvent, RuleThresholds, VehicleRuleState } from './types.js';

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
    vehicle: { kendaraanId: 1, unitId: 1 },
    thresholds: { ...defaultThresholds, ...thresholds },
    isStopAllowedAt: inPool,
  };
}

/** Feeds positions and ticks to rules in order, collecting every event. */
export function play(
  rules: Rule[],
  steps: (Position | { tick: Date })[],
  ctx: RuleContext = testContext(),
  state: VehicleRuleState = {},
): { state: VehicleRuleState; events: RuleEvent[] } {
  const events: RuleEvent[] = [];
  for (const step of steps) {
    const result =
      'tick' in step ? tickRules(rules, state, step.tick, ctx) : runRules(rules, state, step, ctx);
    state = result.state;
    events.push(...result.events);
  }
  return { state, events };
}

export const tick = (s: number): { tick: Date } => ({ tick: at(s) });
