import type { Position } from '@pantau/protocols';
import type { Db } from '../db/client.js';
import type { Rule, RuleContext, RuleEvent, VehicleRuleState } from '../rules/types.js';
import type { Accepted } from './call-queue.js';
import { storeEvents, type FoundEvent } from './event-store.js';
import {
  appendPositions,
  insertPositions,
  mergePositions,
  upsertStates,
  type PositionRow,
} from './position-store.js';
import type { LiveState, VehicleInfo } from '../live-state/live-state.js';
import { advanceState } from './vehicle-state.js';

/** What a batch needs from the pipeline that runs it. */
export interface BatchContext {
  /** The live states before this batch (read only: the pipeline commits the batch's `next`). */
  states: ReadonlyMap<number, LiveState>;
  rules: readonly Rule[];
  contextOf(vehicle: VehicleInfo): RuleContext;
  /** Runs one rule, logging (not throwing) its failure. */
  runRule(
    rule: Rule,
    run: () => { state: VehicleRuleState; events: RuleEvent[] },
    vehicle: VehicleInfo,
  ): { state: VehicleRuleState; events: RuleEvent[] } | null;
  /** Events found from fixes older than this are stored but not pushed live. */
  liveWindowMs: number;
  /** Write `vehicle_state` in the batch's transaction (no write-behind). */
  writeStates: boolean;
}

export type StoredEvent = Awaited<ReturnType<typeof storeEvents>>[number];

/**
 * One transaction: the positions, then per vehicle in fix-time order the rules and the live state
 * (only fixes newer than the state move it; one at the state's own fix time moves it only when it
 * says something new, such as an alarm), then the states and events.
 *
 * Positions newer than the vehicle's live state cannot be stored yet (this process is the writer
 * that moved the state; a batch holds one row per key), so they are appended without asking
 * (`appendPositions`); the others are inserted with `ON CONFLICT DO NOTHING RETURNING`. `safe`
 * sends every position the second way (after an append met a stored row).
 */
export async function writeBatch(
  db: Db,
  accepted: Accepted[],
  now: Date,
  safe: boolean,
  ctx: BatchContext,
): Promise<{ next: Map<number, LiveState>; events: StoredEvent[] }> {
  const { states, rules, liveWindowMs } = ctx;
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const byVehicle = new Map<number, Accepted[]>();
    for (const a of accepted) {
      const list = byVehicle.get(a.vehicleId);
      if (list) list.push(a);
      else byVehicle.set(a.vehicleId, [a]);
    }
    const fresh: Accepted[] = [];
    const maybe: Accepted[] = [];
    const twins: Accepted[] = [];
    for (const [vehicleId, list] of byVehicle) {
      if (list.length > 1) list.sort(byFixTime);
      const latest = states.get(vehicleId)?.fixTime.getTime() ?? null;
      let previous = NaN;
      for (const a of list) {
        const t = a.position.fixTime.getTime();
        // A second report of a fix in this batch (it has news, or it would have been dropped).
        if (t === previous) twins.push(a);
        else if (!safe && latest !== null && t > latest) fresh.push(a);
        else maybe.push(a);
        previous = t;
      }
    }
    await appendPositions(txDb, fresh);
    for (const a of fresh) a.stored = true;
    const inserted = await insertPositions(txDb, maybe);
    const merges: Accepted[] = twins;
    maybe.forEach((a, i) => {
      if (inserted.has(i)) a.stored = true;
      // Already stored, but with news: kept by merging it into the stored row (and it runs the rules).
      else if (hasNews(a.position, states.get(a.vehicleId)?.ignition ?? null)) merges.push(a);
    });
    await mergePositions(txDb, merges);
    for (const a of merges) a.stored = true;

    const next = new Map<number, LiveState>();
    const found: FoundEvent[] = [];
    for (const [vehicleId, list] of byVehicle) {
      const vehicle = list[0]!.vehicle;
      const ruleCtx = ctx.contextOf(vehicle);
      let state = states.get(vehicleId) ?? null;
      let moved = false;
      for (const a of list) {
        if (!a.stored) continue;
        const position = a.position;
        const t = position.fixTime.getTime();
        if (state) {
          const latest = state.fixTime.getTime();
          // A buffered fix older than the latest one is stored (above) but moves nothing live; one at
          // the same fix time does only when it brings news (an alarm, an ignition change).
          if (t < latest || (t === latest && !hasNews(position, state.ignition))) continue;
        }
        const live = now.getTime() - t <= liveWindowMs;
        let ruleState = state?.ruleState ?? {};
        for (const rule of rules) {
          const r = ctx.runRule(rule, () => rule.onPosition(ruleState, position, ruleCtx), vehicle);
          if (!r) continue;
          ruleState = r.state;
          for (const event of r.events) found.push({ vehicle, event, live });
        }
        state = advanceState(state, position, a.serverTime, now, ruleCtx.thresholds, ruleState);
        moved = true;
      }
      if (moved && state) next.set(vehicleId, state);
    }
    if (ctx.writeStates)
      await upsertStates(
        txDb,
        [...next].map(([vehicleId, s]) => ({ vehicleId, s })),
        now,
      );
    const events = await storeEvents(txDb, found);
    return { next, events };
  });
}

const byFixTime = (x: PositionRow, y: PositionRow) =>
  x.position.fixTime.getTime() - y.position.fixTime.getTime();

/**
 * Whether a report at a fix time already known says something the first report did not: an alarm
 * (trackers send alarm frames with the fix of the GPS frame before them) or a change of ignition.
 */
export const hasNews = (p: Position, ignitionBefore: boolean | null) =>
  p.alarm !== null && p.alarm !== undefined
    ? true
    : p.ignition !== null && ignitionBefore !== null && p.ignition !== ignitionBefore;
