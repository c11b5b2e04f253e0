import type { FastifyBaseLogger } from 'fastify';
import type { Position } from '@pantau/protocols';
import type { TrackingItem } from '@pantau/contracts';
import { retryWhileUnavailable } from '../db/availability.js';
import type { Db } from '../db/client.js';
import { isNotifying, notificationOf, type NotifyingEvent } from '../live-state/notification.js';
import type { LiveEvent } from '../plugins/live.js';
import type { Rule, RuleContext, RuleEvent, RuleThresholds, VehicleRuleState } from '../rules/types.js';
import { CallQueue, type Pending } from './call-queue.js';
import { storeEvents } from './event-store.js';
import { createLogLimiter } from './log-limit.js';
import { normalisePosition } from './normalise.js';
import { isStopAllowedAt } from './places.js';
import { StateWriter } from './state-writer.js';
import { tickStates } from './tick.js';
import {
  isUniqueViolation,
  loadStates,
  loadVehicles,
  noteUnknownTrackers,
  upsertStates,
} from './position-store.js';
import type { IngestResult, IngestSource, Pipeline } from './types.js';
import { trackingItemOf, type LiveState, type VehicleInfo } from '../live-state/live-state.js';
import { changesSummary } from './vehicle-state.js';
import { hasNews, writeBatch, type BatchContext } from './write-batch.js';

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
  /**
   * Bounds on the list of unregistered trackers, so a flood of random ids cannot grow the table: at most
   * `cap` rows (default 1,000; the least recently seen go), and at most `newPerWindow` ids not seen
   * lately are added per `windowMs` (default 200 per 10 minutes). Ids already on the list are always
   * counted.
   */
  unknownTrackers?: { cap?: number; newPerWindow?: number; windowMs?: number };
  /**
   * How long a batch is retried while the database is unreachable (default 30 s); then its callers
   * get a `DatabaseUnavailableError` (GT06 trackers no ack, OsmAnd 503) and send again later.
   */
  retryMs?: number;
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
  const retryMs = deps.retryMs ?? 30_000;
  const stateWriter = new StateWriter(db, clock, logger, stateFlushMs);
  const limiter = createLogLimiter();
  /** A warning at most a few times a minute per key, then how many were suppressed. */
  const warn = (key: string, obj: Record<string, unknown>, msg: string) => {
    const suppressed = limiter.allow(key);
    if (suppressed !== null) logger.warn(suppressed > 0 ? { ...obj, suppressed } : obj, msg);
  };

  let byTracker = new Map<string, VehicleInfo>();
  let byId = new Map<number, VehicleInfo>();
  let thresholds = new Map<number, RuleThresholds>();
  let states = new Map<number, LiveState>();
  let lastRefresh = 0;
  let concurrency = 1;

  const queue = new CallQueue();
  let unknown = new Map<string, { trackerId: string; source: IngestSource; messages: number; at: Date }>();
  let timer: NodeJS.Timeout | null = null;
  let immediate: NodeJS.Immediate | null = null;
  let tickTimer: NodeJS.Timeout | null = null;
  let started: Promise<void> | null = null;
  let closed = false;

  /** Batches being written, and the vehicles they hold: a vehicle is in at most one batch at a time. */
  let inFlight = 0;
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
      if (!closed) stateWriter.start();
    })();
    // A start that met an unreachable database is tried again by the next caller.
    started.catch(() => (started = null));
    return started;
  }

  /**
   * Starts batches while there is work, room and no tick waiting. An idle pipeline starts one at the
   * end of this turn of the event loop (or after `intervalMs`), so callers that arrive together share
   * it; under load the queue grows while the database works, and the next batch takes up to `maxRows`.
   */
  function schedule() {
    if (tickHold || (queue.calls === 0 && unknown.size === 0)) return;
    if (inFlight === 0) {
      if (timer || immediate) return;
      if (intervalMs > 0) timer = setTimeout(startBatches, intervalMs);
      else immediate = setImmediate(startBatches);
      return;
    }
    // More than one batch at once only when the queue holds a worthwhile batch of other vehicles.
    if (inFlight < concurrency && queue.rows >= Math.min(maxRows, 500)) startBatches();
  }

  function startBatches() {
    if (timer) clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
    timer = null;
    immediate = null;
    while (!tickHold && inFlight < concurrency && (queue.calls > 0 || unknown.size > 0)) {
      const batch = queue.take(maxRows);
      if (batch.length === 0 && unknown.size === 0) break;
      inFlight++;
      void runBatch(batch)
        .catch((err: unknown) => logger.error({ err }, 'telemetry batch failed'))
        .finally(() => {
          inFlight--;
          queue.release(batch);
          if (inFlight === 0) for (const resolve of idleWaiters.splice(0)) resolve();
          schedule();
        });
      if (queue.rows < Math.min(maxRows, 500)) break;
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
          result.dropped.push({ trackerId, ...checked });
          if (checked.field)
            warn(
              'refused',
              { trackerId, field: checked.field },
              'refused a position the database cannot hold',
            );
          continue;
        }
        const p = checked.position;
        const t = p.fixTime.getTime();
        const twin = queue.queuedAt(vehicle.vehicleId, t);
        // A second report of a queued fix is dropped unless it says something new (an alarm frame
        // carrying the GPS frame's fix time): that one goes on, to reach the rules.
        if (twin && !hasNews(p, twin.ignition)) {
          result.dropped.push({ trackerId, reason: 'duplicate' });
          continue;
        }
        queue.noteQueued(vehicle.vehicleId, p);
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
      queue.push(call);
      schedule();
    });
  }

  const unknownCap = Math.max(1, deps.unknownTrackers?.cap ?? 1000);
  const unknownNewPerWindow = deps.unknownTrackers?.newPerWindow ?? 200;
  const unknownWindowMs = deps.unknownTrackers?.windowMs ?? 10 * 60_000;
  /** Ids on the unregistered list lately, least recently seen first (at most `unknownCap`). */
  const listed = new Map<string, true>();
  let admission = { start: -Infinity, added: 0, refused: 0 };
  /** New ids were added since the table was last trimmed to the cap. */
  let unknownGrew = false;

  /** Whether an unregistered id is recorded: always when listed lately, else within the window's budget. */
  function admitUnknown(trackerId: string): boolean {
    if (listed.delete(trackerId)) {
      listed.set(trackerId, true);
      return true;
    }
    const now = Date.now();
    if (now - admission.start >= unknownWindowMs) {
      if (admission.refused > 0)
        logger.warn(
          { refused: admission.refused },
          'unregistered tracker ids not recorded (too many new ones)',
        );
      admission = { start: now, added: 0, refused: 0 };
    }
    if (admission.added >= unknownNewPerWindow) {
      if (admission.refused++ === 0)
        logger.warn(
          { newPerWindow: unknownNewPerWindow, windowMs: unknownWindowMs },
          'too many new unregistered tracker ids: further ones are not recorded for a while',
        );
      return false;
    }
    admission.added++;
    listed.set(trackerId, true);
    if (listed.size > unknownCap) listed.delete(listed.keys().next().value!);
    unknownGrew = true;
    return true;
  }

  function noteUnknownTracker(trackerId: string, source: IngestSource) {
    if (!trackerId) return;
    const seen = unknown.get(trackerId);
    if (seen) {
      seen.messages += 1;
      seen.at = clock();
      seen.source = source;
    } else if (admitUnknown(trackerId))
      unknown.set(trackerId, { trackerId, source, messages: 1, at: clock() });
    else return;
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
    const trim = unknownGrew;
    unknownGrew = false;
    try {
      await noteUnknownTrackers(db, seen, trim ? unknownCap : null);
    } catch (err) {
      logger.error({ err }, 'could not record unknown trackers');
    }
  }

  async function runBatch(batch: Pending[]) {
    await flushUnknown();
    if (batch.length === 0) return;
    const accepted = batch.length === 1 ? batch[0]!.accepted : batch.flatMap((p) => p.accepted);
    const now = clock();
    let outcome: Awaited<ReturnType<typeof writeBatch>>;
    const write = async () => {
      for (const a of accepted) a.stored = false;
      try {
        return await writeBatch(db, accepted, now, false, batchContext());
      } catch (err) {
        // A position taken for new was stored already (another writer, or an earlier attempt whose
        // commit went through before its connection dropped): again, asking row by row.
        if (!isUniqueViolation(err)) throw err;
        logger.warn({ rows: accepted.length }, 'a batch met stored positions; writing it again');
        for (const a of accepted) a.stored = false;
        return await writeBatch(db, accepted, now, true, batchContext());
      }
    };
    try {
      // The database went away (a restart, a failover): the batch waits and tries again while its
      // callers wait unanswered (trackers are not acked), until it is back or `retryMs` has passed.
      outcome = await retryWhileUnavailable(write, {
        maxMs: retryMs,
        onRetry: (err, attempt, delayMs) => {
          if (attempt === 1 || attempt % 10 === 0)
            logger.warn(
              { err: errorText(err), rows: accepted.length, attempt, delayMs },
              'database unavailable; retrying the batch',
            );
        },
      });
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

  const batchContext = (): BatchContext => ({
    states,
    rules,
    contextOf,
    runRule,
    liveWindowMs,
    writeStates: stateFlushMs === 0,
  });

  function runRule(rule: Rule, run: () => { state: VehicleRuleState; events: RuleEvent[] }, v: VehicleInfo) {
    try {
      return run();
    } catch (err) {
      // One broken rule must not stop storing positions or the other rules.
      logger.error({ err, rule: rule.name, vehicleId: v.vehicleId }, 'rule failed');
      return null;
    }
  }

  /** After a commit: the new states become the live ones, and the world hears of them. */
  function commit(
    next: Map<number, LiveState>,
    events: (NotifyingEvent & { unitId: number; live: boolean })[],
    now: Date,
  ) {
    const changed = new Map<number, TrackingItem[]>();
    const summaryUnits = new Set<number>();
    for (const [vehicleId, s] of next) {
      const vehicle = byId.get(vehicleId);
      const before = states.get(vehicleId) ?? null;
      states.set(vehicleId, s);
      stateWriter.note(vehicleId, s);
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
    const { next, found } = tickStates(states, byId, { rules, contextOf, runRule }, now);
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
    flushStates: () => stateWriter.flush(),
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
        if (queue.calls === 0 && unknown.size === 0 && inFlight === 0) break;
        if (inFlight === 0) startBatches();
        await waitIdle();
      }
      if (timer) clearTimeout(timer);
      if (immediate) clearImmediate(immediate);
      timer = null;
      immediate = null;
      await stateWriter.close();
    },
  };
}

const noop = () => undefined;
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

const isPglite = (db: Db) => {
  const client = (db as unknown as { $client?: { release?: unknown; end?: unknown; transaction?: unknown } })
    .$client;
  return typeof client?.transaction === 'function';
};
