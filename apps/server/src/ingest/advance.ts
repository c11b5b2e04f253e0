import type { Position } from '@pantau/protocols';
import { derivePositions } from '../rules/run.js';
import type { Derivation, Found, RuleContext } from '../rules/types.js';
import type { Accepted } from './call-queue.js';
import type { LiveState, VehicleInfo } from '../live-state/live-state.js';
import { advanceState } from './vehicle-state.js';

/** How a vehicle's derivations run: the list, what they may ask of the world, where failures go. */
export interface DeriveContext {
  derivations: readonly Derivation[];
  contextOf(vehicle: VehicleInfo): RuleContext;
  /** A derivation threw: logged, its slice kept; positions are stored and the others run on. */
  onError(err: unknown, derivation: Derivation, vehicle: VehicleInfo): void;
}

/**
 * Whether a report at a fix time already known says something the first report did not: an alarm
 * (trackers send alarm frames with the fix of the GPS frame before them) or a change of ignition.
 */
export const hasNews = (p: Position, ignitionBefore: boolean | null) =>
  p.alarm !== null && p.alarm !== undefined
    ? true
    : p.ignition !== null && ignitionBefore !== null && p.ignition !== ignitionBefore;

/**
 * A vehicle's stored positions of one batch (fix-time order) → its next live state and what the
 * derivations found. A buffered fix older than the live state is stored but moves nothing; one at the
 * state's own fix time does only when it brings news (an alarm, an ignition change). Answers a null
 * state when nothing moved.
 */
export function advanceVehicle(
  vehicle: VehicleInfo,
  before: LiveState | null,
  list: readonly Pick<Accepted, 'position' | 'serverTime' | 'stored'>[],
  now: Date,
  ctx: DeriveContext,
): { state: LiveState | null; found: readonly Found[] } {
  const ruleCtx = ctx.contextOf(vehicle);
  const ruleStateBefore = before?.ruleState ?? {};
  let state = before;
  const moving: Position[] = [];
  for (const a of list) {
    if (!a.stored) continue;
    const position = a.position;
    if (state) {
      const t = position.fixTime.getTime();
      const latest = state.fixTime.getTime();
      if (t < latest || (t === latest && !hasNews(position, state.ignition))) continue;
    }
    state = advanceState(
      state,
      position,
      a.serverTime,
      now,
      ruleCtx.thresholds,
      ruleStateBefore,
      vehicle.timeZone,
    );
    moving.push(position);
  }
  if (moving.length === 0 || !state) return { state: null, found: [] };
  const derived = derivePositions(ctx.derivations, ruleStateBefore, moving, ruleCtx, (err, d) =>
    ctx.onError(err, d, vehicle),
  );
  // `state` is the new object `advanceState` made for this batch: nothing else holds it yet.
  state.ruleState = derived.state;
  return { state, found: derived.found };
}
