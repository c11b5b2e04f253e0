import type { FastifyBaseLogger } from 'fastify';
import type { Position } from '@pantau/protocols';
import type { TrackingItem } from '@pantau/contracts';
import type { Db } from '../db/client.js';
import { isNotifying, notificationOf } from '../modules/notifications/notifications.service.js';
import type { LiveEvent } from '../plugins/live.js';
import type { Rule, RuleContext, RuleEvent, RuleThresholds, VehicleRuleState } from '../rules/types.js';
import { normalisePosition } from './normalise.js';
import { isStopAllowedAt, nearestPlace } from './places.js';
import {
  appendPositions,
  closeEvent,
  insertEvents,
  insertPositions,
  isUniqueViolation,
  loadStates,
  loadVehicles,
  mergePositions,
  noteUnknownTrackers,
  upsertStates,
  type EventEnd,
  type NewEventRow,
  type PositionRow,
} from './position-store.js';
import type { IngestResult, IngestSource, Pipeline } from './types.js';
import {
  advanceState,
  changesSummary,
  gpsStatusOf,
  motionOf,
  trackingItemOf,
  type LiveState,
  type VehicleInfo,
} from './vehicle-state.js';

export interface PipelineDeps {
  db: Db;
  clock: () => Date;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  rules: readonly Rule[];
  /** The thresholds that apply to a vehicle (unit defaults, the vehicle's speed limit over them). */
  thresholdsFor(vehicle: VehicleInfo): RuleThresholds;
  /** Where changed vehicles, new notifications and summary changes go (the live hub). */
  publish(event: LiveEvent): void;
  /**
   * Batching. A batch starts as soon as the database is free and takes what has queued meanwhile, up
   * to `maxRows` (default 4,000): small batches when idle, large ones under load. `intervalMs` (default
   * 0) holds an idle pipeline's first position this long for company. `concurrency` batches of
   * disjoint vehicles may be written at once (default 1 on PGlite, a single connection; 3 on PostgreSQL).
   */
  batch?: { maxRows?: number; intervalMs?: number; concurrency?: number };
  /** How often `onTick` runs for every vehicle (default 30 s; 0 = only when `tick()` is called). */
  tickMs?: number;
  /** Events found from fixes older than this are stored but not pushed as live notifications (5 min). */
  liveWindowMs?: number;
  /**
   * How often changed live states are written to `vehicle_state` (default 1,000 ms): one upsert per
   * vehicle per interval instead of one per batch. This process serves reads from memory
   * (`liveState`), so nothing reads a stale row; a crash loses at most this much derived state, never
   * a position. 0 writes them in each batch's transaction.
   */
  stateFlushMs?: number;
}

export interface TelemetryPipeline extends Pipeline {
  /** Loads the vehicle index and live states and starts the tick; `ingest` calls it when needed. */
  start(): Promise<void>;
  /** Re-reads the vehicles (after one is added or its tracker changes). */
  refreshVehicles(): Promise<void>;
  /** Runs every vehicle's `onTick` now (GPS lost, over-stop timing). */
  tick(): Promise<void>;
  /** The live item of a vehicle as this instance knows it. */
  trackingItem(vehicleId: number): TrackingItem | null;
  /** A vehicle's live state as this instance knows it (newer than `vehicle_state` until the next flush). */
  liveState(vehicleId: number): LiveState | null;
  /** Writes the changed live states to `vehicle_state` now. */
  flushStates(): Promise<void>;
}

/** One accepted position of a call, on its way through a batch. */
interface Accepted extends PositionRow {
  vehicle: VehicleInfo;
  call: Pending;
  /** Filled in by the batch: stored as a new row, or its news merged into the stored row. */
  stored: boolean;
}
interface Pending {
  accepted: Accepted[];
  result: IngestResult;
  resolve(r: IngestResult): void;
  reject(err: unknown): void;
}
interface FoundEvent {
  vehicle: VehicleInfo;
  event: RuleEvent;
  /** Found from a fresh fix or the tick, so it may be pushed live. */
  live: boolean;
}

/** Unknown trackers refresh the vehicle index at most this often (a vehicle registered a moment ago). */
const REFRESH_ON_UNKNOWN_MS = 30_000;

/**
 * The one pipeline every source feeds (DESIGN.md §6): validate → coalesce callers into one batched
 * insert → per vehicle in fix-time order update the live state and run the rules → store events →
 * publish. A vehicle is in at most one batch at a time and ticks run alone, so a vehicle's state is only
 * ever moved by one writer; on PostgreSQL batches of different vehicles are written concurrently.
 */
export function createPipeline(deps: PipelineDeps): TelemetryPipeline {
  const { db, clock, logger, rules, publish } = deps;
  let maxRows = deps.batch?.maxRows ?? 4000;
  const intervalMs = deps.batch?.intervalMs ?? 0;
  const liveWindowMs = deps.liveWindowMs ?? 5 * 60_000;
  const stateFlushMs = deps.stateFlushMs ?? 1000;
  /** Live states changed since the last flush to `vehicle_state`. */
  let dirty = new Map<number, LiveState>();
  let flushing: Promise<void> | null = null;
  let flushTimer: NodeJS.Timeout | null = null;

  let byTracker = new Map<string, VehicleInfo>();
  let byId = new Map<number, VehicleInfo>();
  let thresholds = new Map<number, RuleThresholds>();
  let states = new Map<number, LiveState>();
  let lastRefresh = 0;
  let concurrency = 1;

  const pending: Pending[] = [];
  let pendingRows = 0;
  /** The queued positions by vehicle and fix time (in-queue dedupe without building key strings). */
  const queued = new Map<number, Map<number, Position>>();
  let unknown = new Map<string, { trackerId: string; source: IngestSource; messages: number; at: Date }>();
  let timer: NodeJS.Timeout | null = null;
  let immediate: NodeJS.Immediate | null = null;
  let tickTimer: NodeJS.Timeout | null = null;
  let started: Promise<void> | null = null;
  let closed = false;

  /** Batches being written, and the vehicles they hold: a vehicle is in at most one batch at a time. */
  let inFlight = 0;
  const busyVehicles = new Set<number>();
  /** While a tick runs (or waits for the batches in flight to finish) no batch starts. */
  let tickHold = false;
  let ticking: Promise<void> | null = null;
  /** Called when the last batch in flight is done. */
  const idleWaiters: (() => void)[] = [];
  const waitIdle = () =>
    new Promise<void>((resolve) => (inFlight === 0 ? resolve() : idleWaiters.push(resolve)));

  const contextOf = (v: VehicleInfo): RuleContext => ({
    vehicle: { kendaraanId: v.vehicleId, unitId: v.unitId },
    thresholds: thresholds.get(v.vehicleId)!,
    isStopAllowedAt,
  });

  async function refreshVehicles() {
    const list = await loadVehicles(db);
    byTracker = new Map(list.map((v) => [v.trackerId, v]));
    byId = new Map(list.map((v) => [v.vehicleId, v]));
    thresholds = new Map(list.map((v) => [v.vehicleId, deps.thresholdsFor(v)]));
    lastRefresh = Date.now();
  }

  function start() {
    started ??= (async () => {
      // Several batches at once only where there are several connections (PostgreSQL's pool).
      concurrency = Math.max(1, deps.batch?.concurrency ?? (isPglite(db) ? 1 : 4));
      // With several connections, batches of 1,000 keep them all busy (and the next one being built).
      if (concurrency > 1 && deps.batch?.maxRows === undefined) maxRows = 1000;
      await refreshVehicles();
      states = await loadStates(db);
      const tickMs = deps.tickMs ?? 30_000;
      if (tickMs > 0 && !closed) {
        tickTimer = setInterval(() => {
          tick().catch((err: unknown) => logger.error({ err }, 'telemetry tick failed'));
        }, tickMs);
        tickTimer.unref();
      }
      if (stateFlushMs > 0 && !closed) {
        flushTimer = setInterval(() => void flushStates(), stateFlushMs);
        flushTimer.unref();
      }
    })();
    return started;
  }

  /**
   * Starts batches while there is work, room and no tick waiting. An idle pipeline starts one at the
   * end of this turn of the event loop (or after `intervalMs`), so callers that arrive together share
   * it; under load the queue grows while the database works, and the next batch takes up to `maxRows`.
   */
  function schedule() {
    if (tickHold || (pending.length === 0 && unknown.size === 0)) return;
    if (inFlight === 0) {
      if (timer || immediate) return;
      if (intervalMs > 0) timer = setTimeout(startBatches, intervalMs);
      else immediate = setImmediate(startBatches);
      return;
    }
    // More than one batch at once only when the queue holds a worthwhile batch of other vehicles.
    if (inFlight < concurrency && pendingRows >= Math.min(maxRows, 500)) startBatches();
  }

  function startBatches() {
    if (timer) clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
    timer = null;
    immediate = null;
    while (!tickHold && inFlight < concurrency && (pending.length > 0 || unknown.size > 0)) {
      const batch = takeBatch();
      if (batch.length === 0 && unknown.size === 0) break;
      inFlight++;
      void runBatch(batch)
        .catch((err: unknown) => logger.error({ err }, 'telemetry batch failed'))
        .finally(() => {
          inFlight--;
          for (const p of batch) for (const a of p.accepted) busyVehicles.delete(a.vehicleId);
          if (inFlight === 0) for (const resolve of idleWaiters.splice(0)) resolve();
          schedule();
        });
      if (pendingRows < Math.min(maxRows, 500)) break;
    }
  }

  async function ingest(positions: Position[], source: IngestSource): Promise<IngestResult> {
    if (closed) throw new Error('the telemetry pipeline is closed');
    await start();
    const now = clock();
    const result: IngestResult = { stored: 0, dropped: [] };
    const call: Pending = { accepted: [], result, resolve: noop, reject: noop };
    for (const raw of positions) {
      const trackerId = String(raw?.trackerId ?? '');
      try {
        const vehicle = byTracker.get(trackerId);
        if (!vehicle) {
          result.dropped.push({ trackerId, reason: 'unknown-tracker' });
          noteUnknownTracker(trackerId, source);
          continue;
        }
        const checked = normalisePosition(raw, now);
        if ('reason' in checked) {
          result.dropped.push({ trackerId, reason: checked.reason });
          continue;
        }
        const p = checked.position;
        const t = p.fixTime.getTime();
        let byTime = queued.get(vehicle.vehicleId);
        const twin = byTime?.get(t);
        // A second report of a queued fix is dropped unless it says something new (an alarm frame
        // carrying the GPS frame's fix time): that one goes on, to reach the rules.
        if (twin && !hasNews(p, twin.ignition)) {
          result.dropped.push({ trackerId, reason: 'duplicate' });
          continue;
        }
        if (!byTime) queued.set(vehicle.vehicleId, (byTime = new Map()));
        if (!twin) byTime.set(t, p);
        call.accepted.push({
          vehicleId: vehicle.vehicleId,
          position: p,
          serverTime: now,
          vehicle,
          call,
          stored: false,
        });
      } catch (err) {
        logger.warn({ err, trackerId }, 'dropped a position that could not be read');
        result.dropped.push({ trackerId, reason: 'invalid' });
      }
    }
    if (call.accepted.length === 0) return result;
    return new Promise<IngestResult>((resolve, reject) => {
      call.resolve = resolve;
      call.reject = reject;
      pending.push(call);
      pendingRows += call.accepted.length;
      schedule();
    });
  }

  function noteUnknownTracker(trackerId: string, source: IngestSource) {
    if (!trackerId) return;
    const seen = unknown.get(trackerId);
    if (seen) {
      seen.messages += 1;
      seen.at = clock();
      seen.source = source;
    } else unknown.set(trackerId, { trackerId, source, messages: 1, at: clock() });
    if (Date.now() - lastRefresh > REFRESH_ON_UNKNOWN_MS && started) {
      lastRefresh = Date.now();
      refreshVehicles().catch((err: unknown) => logger.error({ err }, 'vehicle index refresh failed'));
    }
    schedule();
  }

  async function flushUnknown() {
    if (unknown.size === 0) return;
    const seen = [...unknown.values()];
    unknown = new Map();
    try {
      await noteUnknownTrackers(db, seen);
    } catch (err) {
      logger.error({ err }, 'could not record unknown trackers');
    }
  }

  /**
   * Takes whole calls off the queue, oldest first, up to `maxRows` rows. A call with a vehicle that is
   * in a batch being written waits, and so does every later call of its vehicles: a vehicle's
   * positions reach the rules in the order they came.
   */
  function takeBatch(): Pending[] {
    const batch: Pending[] = [];
    let rows = 0;
    let blocked: Set<number> | null = null;
    for (let i = 0; i < pending.length && rows < maxRows;) {
      const call = pending[i]!;
      const n = call.accepted.length;
      if (rows > 0 && rows + n > maxRows) break;
      let free = true;
      for (const a of call.accepted)
        if (busyVehicles.has(a.vehicleId) || blocked?.has(a.vehicleId)) {
          free = false;
          break;
        }
      if (!free) {
        blocked ??= new Set();
        for (const a of call.accepted) blocked.add(a.vehicleId);
        i++;
        continue;
      }
      pending.splice(i, 1);
      batch.push(call);
      rows += n;
    }
    pendingRows -= rows;
    for (const call of batch)
      for (const a of call.accepted) {
        busyVehicles.add(a.vehicleId);
        const byTime = queued.get(a.vehicleId);
        if (byTime?.get(a.position.fixTime.getTime()) === a.position) {
          byTime.delete(a.position.fixTime.getTime());
          if (byTime.size === 0) queued.delete(a.vehicleId);
        }
      }
    return batch;
  }

  async function runBatch(batch: Pending[]) {
    await flushUnknown();
    if (batch.length === 0) return;
    const accepted = batch.length === 1 ? batch[0]!.accepted : batch.flatMap((p) => p.accepted);
    const now = clock();
    let outcome: Awaited<ReturnType<typeof writeBatch>>;
    try {
      try {
        outcome = await writeBatch(accepted, now, false);
      } catch (err) {
        // A position taken for new was stored already (another writer): again, asking row by row.
        if (!isUniqueViolation(err)) throw err;
        logger.warn({ rows: accepted.length }, 'a batch met stored positions; writing it again');
        for (const a of accepted) a.stored = false;
        outcome = await writeBatch(accepted, now, true);
      }
    } catch (err) {
      logger.error({ err, rows: accepted.length }, 'storing positions failed');
      for (const p of batch) p.reject(err);
      return;
    }
    for (const p of batch) {
      for (const a of p.accepted) {
        if (a.stored) p.result.stored += 1;
        else p.result.dropped.push({ trackerId: a.vehicle.trackerId, reason: 'duplicate' });
      }
      p.resolve(p.result);
    }
    commit(outcome.next, outcome.events, now);
  }

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
  async function writeBatch(accepted: Accepted[], now: Date, safe: boolean) {
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
        const ctx = contextOf(vehicle);
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
            const r = runRule(rule, () => rule.onPosition(ruleState, position, ctx), vehicle);
            if (!r) continue;
            ruleState = r.state;
            for (const event of r.events) found.push({ vehicle, event, live });
          }
          state = advanceState(state, position, a.serverTime, now, ctx.thresholds, ruleState);
          moved = true;
        }
        if (moved && state) next.set(vehicleId, state);
      }
      if (stateFlushMs === 0)
        await upsertStates(
          txDb,
          [...next].map(([vehicleId, s]) => ({ vehicleId, s })),
          now,
        );
      const events = await storeEvents(txDb, found);
      return { next, events };
    });
  }

  function runRule(rule: Rule, run: () => { state: VehicleRuleState; events: RuleEvent[] }, v: VehicleInfo) {
    try {
      return run();
    } catch (err) {
      // One broken rule must not stop storing positions or the other rules.
      logger.error({ err, rule: rule.name, vehicleId: v.vehicleId }, 'rule failed');
      return null;
    }
  }

  /**
   * Stores what the rules found: an interval's start is an open row, its end closes it (in this batch
   * if the start is in this batch too, else the open row stored earlier). Answers the new rows.
   */
  async function storeEvents(tx: Db, found: FoundEvent[]) {
    const rows: (NewEventRow & { plate: string; live: boolean })[] = [];
    const openInBatch = new Map<string, number>();
    const ends: EventEnd[] = [];
    for (const { vehicle, event: e, live } of found) {
      const slot = `${vehicle.vehicleId}:${e.key}`;
      if (e.phase === 'end') {
        const k = openInBatch.get(slot);
        if (k !== undefined) {
          const row = rows[k]!;
          row.open = false;
          row.endedAt = e.endedAt ?? e.startedAt;
          row.maxValue = e.maxValue ?? row.maxValue;
          if (e.attributes) row.attributes = { ...row.attributes, ...e.attributes };
          openInBatch.delete(slot);
        } else
          ends.push({
            vehicleId: vehicle.vehicleId,
            eventKey: e.key,
            endedAt: e.endedAt ?? e.startedAt,
            maxValue: e.maxValue,
            attributes: e.attributes ?? null,
          });
        continue;
      }
      if (e.phase === 'start') openInBatch.set(slot, rows.length);
      rows.push({
        unitId: vehicle.unitId,
        vehicleId: vehicle.vehicleId,
        driverId: vehicle.driver?.pengemudiId ?? null,
        kind: e.kind,
        eventKey: e.key,
        open: e.phase === 'start',
        startedAt: e.startedAt,
        endedAt: e.endedAt,
        maxValue: e.maxValue,
        limitValue: e.limitValue,
        lat: e.lat,
        lon: e.lon,
        location: e.lat !== null && e.lon !== null ? (nearestPlace(e.lat, e.lon)?.name ?? null) : null,
        attributes: e.attributes ?? null,
        plate: vehicle.plate,
        live,
      });
    }
    for (const end of ends) await closeEvent(tx, end);
    const ids = await insertEvents(
      tx,
      rows.map(({ plate: _plate, live: _live, ...row }) => row),
    );
    return rows.map((r, i) => ({ ...r, eventId: ids[i]! }));
  }

  /** After a commit: the new states become the live ones, and the world hears of them. */
  function commit(
    next: Map<number, LiveState>,
    events: {
      unitId: number;
      eventId: number;
      kind: string;
      plate: string;
      startedAt: Date;
      live: boolean;
    }[],
    now: Date,
  ) {
    const changed = new Map<number, TrackingItem[]>();
    const summaryUnits = new Set<number>();
    for (const [vehicleId, s] of next) {
      const vehicle = byId.get(vehicleId);
      const before = states.get(vehicleId) ?? null;
      states.set(vehicleId, s);
      if (stateFlushMs > 0) dirty.set(vehicleId, s);
      if (!vehicle) continue;
      const item = trackingItemOf(vehicle, s, now, thresholds.get(vehicleId)!);
      const list = changed.get(vehicle.unitId);
      if (list) list.push(item);
      else changed.set(vehicle.unitId, [item]);
      if (changesSummary(before, s)) summaryUnits.add(vehicle.unitId);
    }
    try {
      for (const [unitId, items] of changed) publish({ type: 'positions', unitId, items });
      for (const e of events)
        if (e.live && isNotifying(e.kind))
          publish({ type: 'notification', unitId: e.unitId, data: notificationOf(e) });
      for (const unitId of summaryUnits) publish({ type: 'summary', unitId });
    } catch (err) {
      logger.error({ err }, 'publishing live updates failed');
    }
  }

  /** Time passing: every vehicle's `onTick` (GPS lost, over-stop timing) and its GPS status. */
  function tick(): Promise<void> {
    const run = async () => {
      await start();
      tickHold = true;
      try {
        await waitIdle();
        await tickNow();
      } finally {
        tickHold = false;
        schedule();
      }
    };
    const next = (ticking ?? Promise.resolve()).then(run, run);
    const settled = next.catch(() => undefined);
    ticking = settled;
    void settled.then(() => {
      if (ticking === settled) ticking = null;
    });
    return next;
  }

  async function tickNow() {
    const now = clock();
    const next = new Map<number, LiveState>();
    const found: FoundEvent[] = [];
    for (const [vehicleId, s] of states) {
      const vehicle = byId.get(vehicleId);
      if (!vehicle) continue;
      const ctx = contextOf(vehicle);
      let ruleState = s.ruleState;
      for (const rule of rules) {
        const r = runRule(rule, () => rule.onTick(ruleState, now, ctx), vehicle);
        if (!r) continue;
        ruleState = r.state;
        for (const event of r.events) found.push({ vehicle, event, live: true });
      }
      const gpsStatus = gpsStatusOf(s.fixTime, now, ctx.thresholds.gpsLostMinutes);
      const motion = motionOf({ ...s, gpsStatus }, ctx.thresholds.stopSpeedKmh);
      // Rules answer the same state object when nothing changed.
      if (gpsStatus !== s.gpsStatus || motion !== s.motion || ruleState !== s.ruleState)
        next.set(vehicleId, { ...s, gpsStatus, motion, ruleState });
    }
    if (next.size === 0 && found.length === 0) return;
    const events = await db.transaction(async (tx) => {
      if (stateFlushMs === 0)
        await upsertStates(
          tx as unknown as Db,
          [...next].map(([vehicleId, s]) => ({ vehicleId, s })),
          now,
        );
      return storeEvents(tx as unknown as Db, found);
    });
    commit(next, events, now);
  }

  /** Writes the states changed since the last flush, one upsert; a failure keeps them for the next. */
  function flushStates(): Promise<void> {
    if (flushing) return flushing.then(() => flushStates());
    if (dirty.size === 0) return Promise.resolve();
    const batch = dirty;
    dirty = new Map();
    const run = upsertStates(
      db,
      [...batch].map(([vehicleId, s]) => ({ vehicleId, s })),
      clock(),
    )
      .catch((err: unknown) => {
        logger.error({ err, vehicles: batch.size }, 'writing live states failed; retrying at the next flush');
        for (const [id, s] of batch) if (!dirty.has(id)) dirty.set(id, s);
      })
      .finally(() => {
        flushing = null;
      });
    flushing = run;
    return run;
  }

  async function reportStatus(
    trackerId: string,
    status: { ignition: boolean | null; alarm: Position['alarm'] },
    source: IngestSource,
  ): Promise<boolean> {
    await start();
    const vehicle = byTracker.get(trackerId);
    const s = vehicle ? states.get(vehicle.vehicleId) : undefined;
    if (!s) return false;
    const ignitionNews = status.ignition !== null && status.ignition !== s.ignition;
    if (!ignitionNews && !status.alarm) return false;
    const result = await ingest(
      [
        {
          trackerId,
          fixTime: s.fixTime,
          valid: s.valid,
          lat: s.lat,
          lon: s.lon,
          speedKmh: s.speed,
          course: s.course,
          altitude: null,
          satellites: null,
          accuracy: null,
          ignition: status.ignition,
          alarm: status.alarm,
          attributes: { status: true },
        },
      ],
      source,
    );
    return result.stored > 0;
  }

  return {
    ingest,
    reportStatus,
    isKnownTracker: (trackerId) => byTracker.has(trackerId),
    noteUnknownTracker,
    start,
    refreshVehicles,
    tick,
    liveState: (vehicleId) => states.get(vehicleId) ?? null,
    flushStates,
    trackingItem(vehicleId) {
      const v = byId.get(vehicleId);
      return v ? trackingItemOf(v, states.get(vehicleId) ?? null, clock(), thresholds.get(vehicleId)!) : null;
    },
    async close() {
      closed = true;
      if (tickTimer) clearInterval(tickTimer);
      tickTimer = null;
      if (!started) return;
      await started.catch(() => undefined);
      for (;;) {
        if (ticking) {
          await ticking;
          continue;
        }
        if (pending.length === 0 && unknown.size === 0 && inFlight === 0) break;
        if (inFlight === 0) startBatches();
        await waitIdle();
      }
      if (timer) clearTimeout(timer);
      if (immediate) clearImmediate(immediate);
      timer = null;
      immediate = null;
      if (flushTimer) clearInterval(flushTimer);
      flushTimer = null;
      await flushStates();
    },
  };
}

const noop = () => undefined;
const byFixTime = (x: PositionRow, y: PositionRow) =>
  x.position.fixTime.getTime() - y.position.fixTime.getTime();

/**
 * Whether a report at a fix time already known says something the first report did not: an alarm
 * (trackers send alarm frames with the fix of the GPS frame before them) or a change of ignition.
 */
const hasNews = (p: Position, ignitionBefore: boolean | null) =>
  p.alarm !== null && p.alarm !== undefined
    ? true
    : p.ignition !== null && ignitionBefore !== null && p.ignition !== ignitionBefore;

const isPglite = (db: Db) => {
  const client = (db as unknown as { $client?: { release?: unknown; end?: unknown; transaction?: unknown } })
    .$client;
  return typeof client?.transaction === 'function';
};
