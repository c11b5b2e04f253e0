import { alarmRule } from './alarm.js';
import { geofenceVisitsRule } from './geofence-visits.js';
import { gpsLostRule } from './gps-lost.js';
import { ignitionRule } from './ignition.js';
import { overspeedRule } from './overspeed.js';
import { overrouteRule } from './overroute.js';
import { overstopRule } from './overstop.js';
import { tripsRule } from './trips.js';
import type { Derivation, RuleThresholds } from './types.js';

export type * from './types.js';
export {
  alarmRule,
  geofenceVisitsRule,
  gpsLostRule,
  ignitionRule,
  overrouteRule,
  overspeedRule,
  overstopRule,
  tripsRule,
};
export { overspeedSeverity } from './overspeed.js';
export { derivePositions, deriveTick } from './run.js';

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
  // pools, bases, plants, ports and dealers are exempt and rest areas allow 60 min
  // (`stopAllowanceMinutes`, overstop.ts).
  overstopMinutes: 30,
  // §6.2 Over stop: "Stop = speed <5 km/h".
  stopSpeedKmh: 5,
  // §6.2 Over stop: "Stop = speed <5 km/h (or ignition off) for ≥5 min" (trips and stops).
  stopMinMinutes: 5,
  // §4.1 Availability "Other": "GPS stale (> e.g. 60 min)" — the same staleness marks GPS off.
  gpsLostMinutes: 60,
});

/**
 * The derivations every vehicle runs, in this order: each sees the state as the ones before it left it,
 * and its events follow theirs. A new derivation is a file in this folder and a line here
 * (docs/architecture.md).
 */
export const defaultRules: Derivation[] = [
  overspeedRule,
  overstopRule,
  overrouteRule,
  geofenceVisitsRule,
  ignitionRule,
  gpsLostRule,
  alarmRule,
  tripsRule,
] as Derivation[];
