import type { Position } from '@pantau/protocols';
import { alarmRule } from './alarm.js';
import { gpsLostRule } from './gps-lost.js';
import { ignitionRule } from './ignition.js';
import { overspeedRule } from './overspeed.js';
import { overstopRule } from './overstop.js';
import type { Rule, RuleContext, RuleEvent, RuleResult, RuleThresholds, VehicleRuleState } from './types.js';

export type * from './types.js';
export { alarmRule, gpsLostRule, ignitionRule, overspeedRule, overstopRule };
export { overspeedSeverity } from './overspeed.js';

/**
 * Defaults for a unit without its own settings. Sources: `shared/research/domain.md` (§ and line quoted).
 */
export const defaultThresholds: RuleThresholds = Object.freeze({
  // §6.2 Over speed: "Limit: 80 toll" — the proposed car-carrier policy, under the legal truck-relevant
  // maxima of §6.1 (toll 100, urban toll 80, intercity 80 km/h; PM 111/2015). A vehicle's own
  // speedLimit overrides it.
  speedLimitKmh: 80,
  // §6.2 Over speed: "Tolerance +5 km/h".
  overspeedToleranceKmh: 5,
  // §6.2 Over speed: "Sustained ≥30 s".
  overspeedMinDurationS: 30,
  // §6.2 Over stop: "Anywhere else 30 min (matches the 30-min rest per 4 h rule)"; pools, bases,
  // origins, destinations and rest areas are exempt through `isStopAllowedAt`.
  overstopMinutes: 30,
  // §6.2 Over stop: "Stop = speed <5 km/h".
  stopSpeedKmh: 5,
  // §4.1 Availability "Other": "GPS stale (> e.g. 60 min)" — the same staleness marks GPS off.
  gpsLostMinutes: 60,
});

/** The rules every vehicle runs, in this order (events come out in this order for one position). */
export const defaultRules: Rule[] = [overspeedRule, overstopRule, ignitionRule, gpsLostRule, alarmRule];

/** Runs every rule on one position (in fix-time order for the vehicle); events of all rules, in rule order. */
export function runRules(
  rules: readonly Rule[],
  state: VehicleRuleState,
  position: Position,
  ctx: RuleContext,
): RuleResult {
  let next = state;
  const events: RuleEvent[] = [];
  for (const rule of rules) {
    const result = rule.onPosition(next, position, ctx);
    next = result.state;
    events.push(...result.events);
  }
  return { state: next, events };
}

/** Runs every rule's clock check at `now` (wall-clock time; the pipeline calls it about once a minute). */
export function tickRules(
  rules: readonly Rule[],
  state: VehicleRuleState,
  now: Date,
  ctx: RuleContext,
): RuleResult {
  let next = state;
  const events: RuleEvent[] = [];
  for (const rule of rules) {
    const result = rule.onTick(next, now, ctx);
    next = result.state;
    events.push(...result.events);
  }
  return { state: next, events };
}
