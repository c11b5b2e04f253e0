import type { FoundEvent } from './event-store.js';
import { gpsStatusOf, motionOf, type LiveState, type VehicleInfo } from '../live-state/live-state.js';
import type { BatchContext } from './write-batch.js';

/**
 * Time passing, without a position: every vehicle's rules `onTick` (GPS lost, over-stop timing) and
 * its GPS status and motion at `now`. Answers the states that changed and the events found; the
 * pipeline stores and commits them.
 */
export function tickStates(
  states: ReadonlyMap<number, LiveState>,
  vehicles: ReadonlyMap<number, VehicleInfo>,
  ctx: Pick<BatchContext, 'rules' | 'contextOf' | 'runRule'>,
  now: Date,
): { next: Map<number, LiveState>; found: FoundEvent[] } {
  const next = new Map<number, LiveState>();
  const found: FoundEvent[] = [];
  for (const [vehicleId, s] of states) {
    const vehicle = vehicles.get(vehicleId);
    if (!vehicle) continue;
    const ruleCtx = ctx.contextOf(vehicle);
    let ruleState = s.ruleState;
    for (const rule of ctx.rules) {
      const r = ctx.runRule(rule, () => rule.onTick(ruleState, now, ruleCtx), vehicle);
      if (!r) continue;
      ruleState = r.state;
      for (const event of r.events) found.push({ vehicle, event, live: true });
    }
    const gpsStatus = gpsStatusOf(s.fixTime, now, ruleCtx.thresholds.gpsLostMinutes);
    const motion = motionOf(
      { speed: s.speed, ignition: s.ignition, gpsStatus },
      ruleCtx.thresholds.stopSpeedKmh,
    );
    // Rules answer the same state object when nothing changed.
    if (gpsStatus !== s.gpsStatus || motion !== s.motion || ruleState !== s.ruleState)
      next.set(vehicleId, { ...s, gpsStatus, motion, ruleState });
  }
  return { next, found };
}
