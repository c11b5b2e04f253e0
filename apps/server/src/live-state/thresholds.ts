import { defaultThresholds } from '../rules/index.js';
import type { RuleThresholds } from '../rules/types.js';
import type { VehicleInfo } from './live-state.js';

/**
 * The thresholds a vehicle's rules use: the unit defaults (domain research §6; per-unit settings come
 * with unit management) with the vehicle's own speed limit over them.
 */
export const thresholdsFor = (v: Pick<VehicleInfo, 'speedLimit'>): RuleThresholds => ({
  ...defaultThresholds,
  speedLimitKmh: v.speedLimit ?? defaultThresholds.speedLimitKmh,
});
