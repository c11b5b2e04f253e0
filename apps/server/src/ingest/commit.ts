import type { FastifyBaseLogger } from 'fastify';
import { isDeepStrictEqual } from 'node:util';
import { retryWhileUnavailable, type RetryOptions } from '../db/availability.js';
import type { Db } from '../db/client.js';
import { isNoPartition, type PositionPartitions } from '../db/partitions.js';
import { advanceVehicle, hasNews, type DeriveContext } from './advance.js';
import type { Accepted, Pending } from './call-queue.js';
import { addEventWrites, storeEvents, type FoundEvent, type StoredEvent } from './event-store.js';
import {
  addPositionAppend,
  appendPositions,
  insertPositions,
  isUniqueViolation,
  mergePositions,
  rawOf,
  upsertStates,
  type PositionRow,
} from './position-store.js';
import type { LiveState } from '../live-state/live-state.js';
import { geofenceVisitsRule } from '../rules/geofence-visits.js';
import { UnitGeography } from './geography.js';
import { rebuildVisits, storeVisits, visitRounds } from './visit-store.js';
import {
  activityRebuildStart,
  addActivity,
  emptyActivity,
  isActivityEvent,
  addActivityWrites,
  rebuildActivity,
} from './activity-store.js';
import { WriteGroup } from './write-group.js';
import { tripsRule } from '../rules/trips.js';
import { lockVersions, readStates, staleOf, type VersionedState } from './state-versions.js';

/** What committing a batch needs from the pipeline that runs it. */
export interface CommitContext extends DeriveContext {
  db: Db;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** The live states before this batch (read only: the pipeline applies the batch's `next`). */
  states: ReadonlyMap<number, LiveState>;
  /** Events found from fixes older than this are stored but not pushed live. */
  liveWindowMs: number;
  /** Write `vehicle_state` in the batch's transaction (no write-behind). */
  writeStates: boolean;
  /**
   * When other instances may write `vehicle_state`: the version of each cached state. The batch then
   * locks its vehicles' rows, reads again those another instance wrote since, and writes the states in
   * its transaction (state-versions.ts).
   */
  versions?: ReadonlyMap<number, number> | undefined;
  /** How long the batch is retried while the database is unreachable. */
  retryMs: number;
  /** The months of `positions`: a batch's months are created before it is written. */
  partitions: PositionPartitions;
}

/** A committed batch: the vehicles' new live states and the events stored. */
export interface Committed {
  next: Map<number, LiveState>;
  events: StoredEvent[];
  /** Vehicles in `next` only for slices worked out again (late fixes): nothing to publish. */
  quiet?: ReadonlySet<number>;
  /** With `versions`: the version each state of `next` was stored with. */
  versions?: Map<number, number>;
  /** With `versions`: the stored states read again because another instance wrote them (null: no row). */
  reloaded?: Map<number, VersionedState | null>;
}

/** The live states a batch starts from: the cached ones, with those read again in their place. */
type StateLookup = Pick<ReadonlyMap<number, LiveState>, 'get'>;

/**
 * The durable commit of a batch: one transaction for its positions, the vehicles' new states and the
 * events the derivations found; then each caller is answered, so a tracker is acknowledged only once
 * its positions are stored. While the database is unreachable (a restart, a failover) the batch waits
 * and tries again, its callers unanswered, for up to `retryMs`; then they are rejected (GT06 trackers
 * get no ack, OsmAnd a 503) and send again later. Answers null when the batch was not stored.
 */
export async function commitBatch(
  batch: Pending[],
  now: Date,
  ctx: CommitContext,
): Promise<Committed | null> {
  const accepted = batch.length === 1 ? batch[0]!.accepted : batch.flatMap((p) => p.accepted);
  const write = async () => {
    // A fix of a month without its partition yet (an old fix from a tracker's buffer) gets its month
    // first, in a transaction of its own: never a reason for the other trackers' positions to fail.
    await ctx.partitions.ensureFor(fixTimesOf(accepted));
    try {
      return await writeBatch(accepted, now, false, ctx);
    } catch (err) {
      if (isNoPartition(err)) {
        // A month this server knew was dropped meanwhile (another server's retention): made again.
        ctx.partitions.forget();
        await ctx.partitions.ensureFor(fixTimesOf(accepted));
        return await writeBatch(accepted, now, false, ctx);
      }
      // A position taken for new was stored already (another writer, or an earlier attempt whose
      // commit went through before its connection dropped): again, asking row by row.
      if (!isUniqueViolation(err)) throw err;
      ctx.logger.warn({ rows: accepted.length }, 'a batch met stored positions; writing it again');
      return await writeBatch(accepted, now, true, ctx);
    }
  };
  let committed: Committed;
  try {
    committed = await retryWhileUnavailable(write, batchRetry(ctx, { rows: accepted.length }));
  } catch (err) {
    ctx.logger.error({ err, rows: accepted.length }, 'storing positions failed');
    for (const p of batch) p.reject(err);
    return null;
  }
  for (const p of batch) {
    for (const a of p.accepted) {
      if (a.stored) p.result.stored += 1;
      else p.result.dropped.push({ trackerId: a.vehicle.trackerId, reason: 'duplicate' });
    }
    p.resolve(p.result);
  }
  return committed;
}

/**
 * One transaction: the positions, then per vehicle the live state and the derivations (`advanceVehicle`),
 * then the states and events. `safe` sends every position through the checked insert (after an append
 * met a stored row).
 */
async function writeBatch(
  accepted: Accepted[],
  now: Date,
  safe: boolean,
  ctx: CommitContext,
): Promise<Committed> {
  for (const a of accepted) a.stored = false;
  const byVehicle = groupByVehicle(accepted);
  if (!safe) {
    const alone = await writeAsOneStatement(byVehicle, now, ctx);
    if (alone) return alone;
    for (const a of accepted) a.stored = false;
  }
  return ctx.db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    let states: StateLookup = ctx.states;
    let locked: Map<number, number> | null = null;
    let reloaded: Map<number, VersionedState | null> | undefined;
    if (ctx.versions) {
      locked = await lockVersions(txDb, [...byVehicle.keys()]);
      const stale = staleOf(byVehicle.keys(), locked, ctx.versions);
      if (stale.length > 0) {
        const read = await readStates(txDb, stale);
        const fresh = new Map(stale.map((id) => [id, read.get(id) ?? null]));
        reloaded = fresh;
        states = { get: (id) => (fresh.has(id) ? fresh.get(id)?.state : ctx.states.get(id)) };
      }
    }
    // The batch's writes after the positions' checked ones: one statement (write-group.ts).
    const writes = new WriteGroup();
    await storePositions(txDb, byVehicle, states, safe, writes);

    const { next, found, activity, late } = deriveBatch(byVehicle, states, now, ctx);
    // Visits first: a second round of crossings sends what is in the group before it.
    await storeVisits(txDb, found, writes);
    addActivityWrites(writes, activity);
    const storedEvents = addEventWrites(writes, found);
    const events = storedEvents(await writes.run(txDb));
    if (late.size > 0 && ctx.derivations.includes(geofenceVisitsRule as never))
      for (const [vehicleId, fromMs] of late) {
        const vehicle = byVehicle.get(vehicleId)![0]!.vehicle;
        const ruleCtx = ctx.contextOf(vehicle);
        if (ruleCtx.geography instanceof UnitGeography && ruleCtx.geography.size === 0) continue;
        const state = next.get(vehicleId) ?? states.get(vehicleId)!;
        const rebuilt = await rebuildVisits(txDb, vehicle, fromMs, state, ruleCtx);
        events.push(...rebuilt.events);
        if (isDeepStrictEqual(state.ruleState[geofenceVisitsRule.name], rebuilt.slice)) continue;
        const ruleState = { ...state.ruleState, [geofenceVisitsRule.name]: rebuilt.slice };
        next.set(vehicleId, { ...state, ruleState });
      }
    const quiet = new Set<number>();
    for (const vehicleId of late.keys()) if (!next.has(vehicleId)) quiet.add(vehicleId);
    if (late.size > 0 && ctx.derivations.includes(tripsRule as never))
      for (const [vehicleId, fromMs] of late) {
        const vehicle = byVehicle.get(vehicleId)![0]!.vehicle;
        const state = next.get(vehicleId) ?? states.get(vehicleId)!;
        const untilMs = state.fixTime.getTime();
        // As visits: late fixes of the last 7 days, from the stop the vehicle was in then.
        const startMs = await activityRebuildStart(
          txDb,
          vehicleId,
          Math.max(fromMs, untilMs - MAX_REBUILD_MS),
        );
        const slice = await rebuildActivity(txDb, vehicle, startMs, untilMs, ctx.contextOf(vehicle));
        next.set(vehicleId, { ...state, ruleState: { ...state.ruleState, [tripsRule.name]: slice } });
      }
    if (!ctx.writeStates && !locked) return { next, events, quiet };
    const versions = await upsertStates(txDb, statesOf(next), now);
    return { next, events, quiet, versions, ...(reloaded ? { reloaded } : {}) };
  });
}

/** What a batch's positions moved: the vehicles' next states and what the derivations found. */
function deriveBatch(byVehicle: Map<number, Accepted[]>, states: StateLookup, now: Date, ctx: CommitContext) {
  const next = new Map<number, LiveState>();
  const found: FoundEvent[] = [];
  const activity = emptyActivity();
  const liveSince = now.getTime() - ctx.liveWindowMs;
  /** Vehicles with positions older than their live state: the first such fix time. */
  const late = new Map<number, number>();
  for (const [vehicleId, list] of byVehicle) {
    const vehicle = list[0]!.vehicle;
    const before = states.get(vehicleId) ?? null;
    const firstLate = before ? firstLateFix(list, before) : null;
    if (firstLate !== null) late.set(vehicleId, firstLate);
    const moved = advanceVehicle(vehicle, before, list, now, ctx);
    if (!moved.state) continue;
    next.set(vehicleId, moved.state);
    const tripEvents = [];
    for (const f of moved.found)
      if (isActivityEvent(f.event)) tripEvents.push(f.event);
      else found.push({ vehicle, event: f.event, live: f.at >= liveSince });
    const slice = moved.state.ruleState[tripsRule.name];
    if (tripEvents.length > 0 || slice !== before?.ruleState[tripsRule.name])
      addActivity(activity, vehicle, tripEvents, slice);
  }
  return { next, found, activity, late };
}

/**
 * The common batch on PostgreSQL as one statement, no transaction around it (a statement is atomic):
 * every position newer than its vehicle's live state (appended unasked), one report per fix, states
 * written behind, and at most one crossing of each vehicle and geofence. Answers null for any other
 * batch, which goes through the transaction (its derivations worked out again there: they are pure).
 */
async function writeAsOneStatement(
  byVehicle: Map<number, Accepted[]>,
  now: Date,
  ctx: CommitContext,
): Promise<Committed | null> {
  if (ctx.versions || ctx.writeStates || isPglite(ctx.db)) return null;
  for (const [vehicleId, list] of byVehicle) {
    const latest = ctx.states.get(vehicleId)?.fixTime.getTime();
    if (latest === undefined) return null;
    let previous = latest;
    for (const a of list) {
      const t = a.position.fixTime.getTime();
      if (t <= previous) return null;
      previous = t;
    }
  }
  // Stored if the statement goes through; a failed one is written again from the start.
  const all = [...byVehicle.values()].flat();
  for (const a of all) a.stored = true;
  const { next, found, activity } = deriveBatch(byVehicle, ctx.states, now, ctx);
  if (visitRounds(found) > 1) return null;
  const writes = new WriteGroup();
  addPositionAppend(writes, all);
  await storeVisits(ctx.db, found, writes);
  addActivityWrites(writes, activity);
  const storedEvents = addEventWrites(writes, found);
  const events = storedEvents(await writes.run(ctx.db));
  return { next, events, quiet: new Set() };
}

/** The embedded database (its client runs transactions itself; positions go by COPY there). */
export const isPglite = (db: Db) =>
  typeof (db as unknown as { $client?: { transaction?: unknown } }).$client?.transaction === 'function';

/**
 * The durable commit of a tick: the events found, and the states when they are not written behind.
 * With `versions` (other instances may write `vehicle_state`) a vehicle whose row was written since
 * the tick read it is left out, its state and events with it: the next tick works from the new row.
 */
export async function commitTick(
  db: Db,
  next: Map<number, LiveState>,
  found: FoundEvent[],
  now: Date,
  writeStates: boolean,
  versions?: ReadonlyMap<number, number>,
): Promise<Committed> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    if (!versions) {
      const written = writeStates ? await upsertStates(txDb, statesOf(next), now) : undefined;
      return { next, events: await storeEvents(txDb, found), ...(written ? { versions: written } : {}) };
    }
    const ids = [...new Set([...next.keys(), ...found.map((f) => f.vehicle.vehicleId)])];
    const locked = await lockVersions(txDb, ids);
    const moved = new Set(staleOf(ids, locked, versions));
    for (const vehicleId of moved) next.delete(vehicleId);
    const written = await upsertStates(txDb, statesOf(next), now);
    const events = await storeEvents(
      txDb,
      moved.size ? found.filter((f) => !moved.has(f.vehicle.vehicleId)) : found,
    );
    return { next, events, versions: written };
  });
}

/**
 * How a batch waits for an unreachable database: for `retryMs`, saying so at the first retry and every
 * tenth (commitBatch, and a batch taking the writer lock again in writer-mode.ts).
 */
export function batchRetry(
  ctx: { retryMs: number; logger: Pick<FastifyBaseLogger, 'warn'> },
  fields: Record<string, unknown> = {},
): RetryOptions {
  return {
    maxMs: ctx.retryMs,
    onRetry: (err, attempt, delayMs) => {
      if (attempt === 1 || attempt % 10 === 0)
        ctx.logger.warn(
          { err: errorText(err), ...fields, attempt, delayMs },
          'database unavailable; retrying the batch',
        );
    },
  };
}

/** The fix time of the first stored position older than the vehicle's live state, or null. */
function firstLateFix(list: readonly Accepted[], before: LiveState): number | null {
  const latest = before.fixTime.getTime();
  for (const a of list) {
    const t = a.position.fixTime.getTime();
    if (a.stored && t < latest) return t;
  }
  return null;
}

/** How far back late positions make trips and stops be worked out again. */
const MAX_REBUILD_MS = 7 * 24 * 3600_000;

const statesOf = (next: Map<number, LiveState>) => [...next].map(([vehicleId, s]) => ({ vehicleId, s }));

/** A batch's positions by vehicle, each vehicle's in fix-time order. */
function groupByVehicle(accepted: Accepted[]): Map<number, Accepted[]> {
  const byVehicle = new Map<number, Accepted[]>();
  for (const a of accepted) {
    const list = byVehicle.get(a.vehicleId);
    if (list) list.push(a);
    else byVehicle.set(a.vehicleId, [a]);
  }
  for (const list of byVehicle.values()) if (list.length > 1) list.sort(byFixTime);
  return byVehicle;
}

/**
 * Stores the positions and marks each `stored`. Positions newer than the vehicle's live state cannot
 * be stored yet (this process is the writer that moved the state; a batch holds one row per key), so
 * they are appended without asking (`appendPositions`); the others are inserted with `ON CONFLICT DO
 * NOTHING RETURNING`. A second report of a stored fix that brings news is merged into the stored row.
 * On PostgreSQL the append goes into `writes` (sent with the batch's other writes), unless a second
 * report is to be merged into one of its rows.
 */
async function storePositions(
  tx: Db,
  byVehicle: Map<number, Accepted[]>,
  states: StateLookup,
  safe: boolean,
  writes: WriteGroup,
): Promise<void> {
  const fresh: Accepted[] = [];
  const maybe: Accepted[] = [];
  const twins: Accepted[] = [];
  for (const [vehicleId, list] of byVehicle) {
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
  if (twins.length === 0 && !rawOf(tx).pglite) addPositionAppend(writes, fresh);
  else await appendPositions(tx, fresh);
  for (const a of fresh) a.stored = true;
  const inserted = await insertPositions(tx, maybe);
  const merges: Accepted[] = twins;
  maybe.forEach((a, i) => {
    if (inserted.has(i)) a.stored = true;
    // Already stored, but with news: kept by merging it into the stored row (and it reaches the derivations).
    else if (hasNews(a.position, states.get(a.vehicleId)?.ignition ?? null)) merges.push(a);
  });
  await mergePositions(tx, merges);
  for (const a of merges) a.stored = true;
}

function* fixTimesOf(accepted: readonly Accepted[]) {
  for (const a of accepted) yield a.position.fixTime;
}

const byFixTime = (x: PositionRow, y: PositionRow) =>
  x.position.fixTime.getTime() - y.position.fixTime.getTime();

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
