import { deriveTick } from '../rules/run.js';
import type { DeriveContext } from './advance.js';
import type { FoundEvent } from './event-store.js';
import { gpsStatusOf, motionOf, type LiveState, type VehicleInfo } from '../live-state/live-state.js';

/**
 * Time passing, without a position: every vehicle's derivations `onTick` (GPS lost, over-stop timing)
 * and its GPS status and motion at `now`. Answers the states that changed and the events found; the
 * pipeline stores and applies them.
 */
export function tickStates(
  states: ReadonlyMap<number, LiveState>,
  vehicles: ReadonlyMap<number, VehicleInfo>,
  ctx: DeriveContext,
  now: Date,
  /** Vehicles to leave alone (their history is being worked out again). */
  skip: (vehicleId: number) => boolean = () => false,
): { next: Map<number, LiveState>; found: FoundEvent[] } {
  const next = new Map<number, LiveState>();
  const found: FoundEvent[] = [];
  for (const [vehicleId, s] of states) {
    const vehicle = vehicles.get(vehicleId);
    if (!vehicle || skip(vehicleId)) continue;
    const ruleCtx = ctx.contextOf(vehicle);
    const derived = deriveTick(ctx.derivations, s.ruleState, now, ruleCtx, (err, d) =>
      ctx.onError(err, d, vehicle),
    );
    for (const f of derived.found) found.push({ vehicle, event: f.event, live: true });
    const gpsStatus = gpsStatusOf(s.fixTime, now, ruleCtx.thresholds.gpsLostMinutes);
    const motion = motionOf(
      { speed: s.speed, ignition: s.ignition, gpsStatus },
      ruleCtx.thresholds.stopSpeedKmh,
    );
    // The derivations answer the same state object when nothing changed.
    if (gpsStatus !== s.gpsStatus || motion !== s.motion || derived.state !== s.ruleState)
      next.set(vehicleId, { ...s, gpsStatus, motion, ruleState: derived.state });
  }
  return { next, found };
}
