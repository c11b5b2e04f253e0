import type { FastifyBaseLogger } from 'fastify';
import type { Position } from '@pantau/protocols';
import type { Db } from '../db/client.js';
import { PositionPartitions } from '../db/partitions.js';
import type { LiveEvent } from '../plugins/live.js';
import type { Derivation, RuleThresholds } from '../rules/types.js';
import { hasNews, type DeriveContext } from './advance.js';
import type { Pending } from './call-queue.js';
import { commitBatch, commitTick, type Committed } from './commit.js';
import { GeographyCache } from './geography.js';
import { PartitionUpkeep } from './partition-upkeep.js';
import { createLogLimiter } from './log-limit.js';
import { normalisePosition } from './normalise.js';
import { publishChanges, type Moved } from './live-updates.js';
import { loadStates } from './position-store.js';
import { cacheNames } from './cache-versions.js';
import { createInstanceSync } from './instance-sync.js';
import { BatchScheduler } from './scheduler.js';
import { StateWriter } from './state-writer.js';
import { tickStates } from './tick.js';
import { recalculateVehicle, type Recalculated } from './recalculate.js';
import { ConflictError } from '../errors.js';
import type { IngestResult, IngestSource, PipelineObserver, TelemetryPipeline } from './types.js';
import { UnknownTrackers, type UnknownTrackerLimits } from './unknown-trackers.js';
import { VehicleIndex } from './vehicle-index.js';
import { trackingItemOf, type LiveState, type VehicleInfo } from '../live-state/live-state.js';

export type { TelemetryPipeline };

export interface PipelineDeps {
  db: Db;
  clock: () => Date;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The derivations every vehicle runs (the rules and what follows them), in order (rules/index.ts). */
  rules: readonly Derivation[];
  /** The thresholds that apply to a vehicle (unit defaults, the vehicle's speed limit over them). */
  thresholdsFor(vehicle: VehicleInfo): RuleThresholds;
  /** Where changed vehicles, new notifications and summary changes go (the live hub). */
  publish(event: LiveEvent): void;
  /**
   * Batching (scheduler.ts): at most `maxRows` rows a batch (default 4,000; 1,000 with several
   * connections); `intervalMs` (default 0) holds an idle pipeline's first position this long for
   * company; `concurrency` batches of disjoint vehicles at once (default 1 on PGlite, a single
   * connection; 4 on PostgreSQL).
   */
  batch?: { maxRows?: number; intervalMs?: number; concurrency?: number };
  /** How often `onTick` runs for every vehicle (default 30 s; 0 = only when `tick()` is called). */
  tickMs?: number;
  /**
   * Whether this instance runs the timed tick now (several instances on one database: the one holding
   * the singleton lock). Default: always. `tick()` itself runs whenever it is called.
   */
  ownsTick?: () => boolean;
  /**
   * Whether other instances may write `vehicle_state` (default: on PostgreSQL). Then each batch checks
   * its vehicles' row versions and writes their states in its transaction (no write-behind), the tick
   * reads the rows other instances wrote first, and the cache takes in other instances' writes every
   * `syncMs` (default 2 s) for reads (state-versions.ts, docs/decisions.md).
   */
  shared?: boolean;
  syncMs?: number;
  /** Events found from fixes older than this are stored but not pushed as live notifications (5 min). */
  liveWindowMs?: number;
  /**
   * How often changed live states are written to `vehicle_state` (default 1,000 ms): one upsert per
   * vehicle per interval instead of one per batch. This process serves reads from memory
   * (`liveState`), so nothing reads a stale row; a crash loses at most this much derived state, never
   * a position. 0 writes them in each batch's transaction.
   */
  stateFlushMs?: number;
  /** Bounds on the list of unregistered trackers (unknown-trackers.ts). */
  unknownTrackers?: UnknownTrackerLimits;
  /**
   * How long a batch is retried while the database is unreachable (default 30 s); then its callers
   * get a `DatabaseUnavailableError` (GT06 trackers no ack, OsmAnd 503) and send again later.
   */
  retryMs?: number;
  /**
   * Months of positions kept (PANTAU_RETENTION_MONTHS): the current month and this many before it;
   * older months are dropped daily. Undefined keeps every month.
   */
  retentionMonths?: number | undefined;
}

/** Unknown trackers refresh the vehicle index at most this often (a vehicle registered a moment ago). */
const REFRESH_ON_UNKNOWN_MS = 30_000;

/**
 * The one pipeline every source feeds (DESIGN.md §6): validate → batch (scheduler.ts) → durable
 * commit of the positions, the vehicles' states and what the derivations found (commit.ts) → answer
 * the callers → publish. Time passing runs the derivations' clocks (tick.ts) alone, between batches.
 */
export function createPipeline(deps: PipelineDeps): TelemetryPipeline {
  const { db, clock, logger, publish } = deps;
  const liveWindowMs = deps.liveWindowMs ?? 5 * 60_000;
  const shared = deps.shared ?? !isPglite(db);
  // Shared: the states are written in each batch's transaction, where their versions are checked.
  const stateFlushMs = shared ? 0 : (deps.stateFlushMs ?? 1000);
  const stateWriter = new StateWriter(db, clock, logger, stateFlushMs);
  const unknown = new UnknownTrackers(clock, logger, deps.unknownTrackers);
  const limiter = createLogLimiter();
  /** A warning at most a few times a minute per key, then how many were suppressed. */
  const warn = (key: string, obj: Record<string, unknown>, msg: string) => {
    const suppressed = limiter.allow(key);
    if (suppressed !== null) logger.warn(suppressed > 0 ? { ...obj, suppressed } : obj, msg);
  };

  const observers: PipelineObserver[] = [];
  /** Observers of stored batches: without one a batch costs nothing more. */
  let storedObservers = 0;
  const tell = (f: (o: PipelineObserver) => void) => {
    for (const o of observers)
      try {
        f(o);
      } catch (err) {
        logger.error({ err }, 'a pipeline observer failed');
      }
  };

  const geography = new GeographyCache(logger);
  const vehicles = new VehicleIndex(deps.thresholdsFor, geography);
  const states = new Map<number, LiveState>();
  /** Shared: the `vehicle_state` version of each cached state. */
  const versions = new Map<number, number>();
  let tickTimer: NodeJS.Timeout | null = null;
  let syncTimer: NodeJS.Timeout | null = null;
  const partitions = new PositionPartitions(db);
  const upkeep = new PartitionUpkeep(partitions, clock, logger, {
    retentionMonths: deps.retentionMonths,
    concurrently: !isPglite(db),
  });
  let started: Promise<void> | null = null;
  let closed = false;

  const derive: DeriveContext = {
    derivations: deps.rules,
    contextOf: (v) => vehicles.contextOf(v),
    // One broken derivation must not stop storing positions or the others.
    onError: (err, d, v) =>
      logger.error({ err, derivation: d.name, vehicleId: v.vehicleId }, 'derivation failed'),
  };

  const scheduler = new BatchScheduler({
    maxRows: deps.batch?.maxRows ?? 4000,
    intervalMs: deps.batch?.intervalMs ?? 0,
    concurrency: 1,
    hasOtherWork: () => unknown.size > 0,
    run: runBatch,
    onError: (err) => logger.error({ err }, 'telemetry batch failed'),
  });
  const queue = scheduler.queue;

  const refreshVehicles = () => vehicles.refresh(db);
  /** Shared: what the other instances wrote and changed (instance-sync.ts). */
  const sync = shared
    ? createInstanceSync({
        db,
        states,
        versions,
        refreshVehicles,
        refreshGeography: (unitId) => geography.refresh(db, unitId),
      })
    : null;

  function start() {
    started ??= (async () => {
      // Several batches at once only where there are several connections (PostgreSQL's pool); then
      // batches of 1,000 keep them all busy (and the next one being built).
      const concurrency = Math.max(1, deps.batch?.concurrency ?? (isPglite(db) ? 1 : 4));
      scheduler.configure({
        concurrency,
        ...(concurrency > 1 && deps.batch?.maxRows === undefined ? { maxRows: 1000 } : {}),
      });
      // What was read before the vehicles and geography: a change after it is read again.
      await sync?.begin();
      await Promise.all([refreshVehicles(), geography.refresh(db)]);
      for (const [id, { state, version }] of await loadStates(db)) {
        states.set(id, state);
        versions.set(id, version);
      }
      upkeep.start(closed);
      const tickMs = deps.tickMs ?? 30_000;
      if (tickMs > 0 && !closed) {
        tickTimer = setInterval(() => {
          if (deps.ownsTick && !deps.ownsTick()) return;
          tick().catch((err: unknown) => logger.error({ err }, 'telemetry tick failed'));
        }, tickMs);
        tickTimer.unref();
      }
      if (sync && !closed) {
        syncTimer = setInterval(() => {
          Promise.all([sync.states(), sync.caches()]).catch((err: unknown) =>
            logger.warn({ err }, 'reading what other instances changed failed'),
          );
        }, deps.syncMs ?? 2_000);
        syncTimer.unref();
      }
      if (!closed) stateWriter.start();
    })();
    // A start that met an unreachable database is tried again by the next caller.
    started.catch(() => (started = null));
    return started;
  }

  /** Checks each position and queues the accepted ones as one call, answered once they are stored. */
  async function ingest(positions: Position[], source: IngestSource): Promise<IngestResult> {
    if (closed) throw new Error('the telemetry pipeline is closed');
    await start();
    const now = clock();
    const result: IngestResult = { stored: 0, dropped: [] };
    const call: Pending = {
      accepted: [],
      result,
      protocol: source.protocol,
      arrivedAt: performance.now(),
      resolve: noop,
      reject: noop,
    };
    for (const raw of positions) {
      const trackerId = String(raw?.trackerId ?? '');
      try {
        const vehicle = vehicles.byTrackerId(trackerId);
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
        const twin = queue.queuedAt(vehicle.vehicleId, p.fixTime.getTime());
        // A second report of a queued fix is dropped unless it says something new (an alarm frame
        // carrying the GPS frame's fix time): that one goes on, to reach the derivations.
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
      scheduler.submit(call);
    });
  }

  function noteUnknownTracker(trackerId: string, source: IngestSource) {
    if (!unknown.note(trackerId, source)) return;
    if (Date.now() - vehicles.refreshedAt > REFRESH_ON_UNKNOWN_MS && started) {
      vehicles.refreshedAt = Date.now();
      refreshVehicles().catch((err: unknown) => logger.error({ err }, 'vehicle index refresh failed'));
    }
    scheduler.schedule();
  }

  async function runBatch(batch: Pending[]) {
    await unknown.flush(db);
    if (batch.length === 0) return;
    const now = clock();
    const committed = await commitBatch(batch, now, {
      ...derive,
      db,
      logger,
      states,
      liveWindowMs,
      writeStates: stateFlushMs === 0,
      versions: shared ? versions : undefined,
      retryMs: deps.retryMs ?? 30_000,
      partitions,
    });
    // Its callers are answered (and GT06 trackers acked) as the commit returns.
    const answeredAt = storedObservers > 0 ? performance.now() : 0;
    if (committed) {
      apply(committed, now);
      if (storedObservers > 0) tellStored(batch, answeredAt);
    }
  }

  /** What a batch stored and how long its callers waited, for the observers that count it. */
  function tellStored(batch: Pending[], at: number) {
    const calls = batch.map((p) => ({
      protocol: p.protocol,
      positions: p.result.stored,
      waitedMs: at - p.arrivedAt,
    }));
    tell((o) => o.stored?.(calls));
  }

  /** After a commit: the new states become the live ones, and the world hears of them. */
  function apply({ next, events, quiet, versions: written, reloaded }: Committed, now: Date) {
    if (reloaded)
      for (const [vehicleId, row] of reloaded) {
        if (row) states.set(vehicleId, row.state);
        else states.delete(vehicleId);
        versions.set(vehicleId, row?.version ?? 0);
      }
    if (written) for (const [vehicleId, version] of written) versions.set(vehicleId, version);
    const moved: Moved[] = [];
    for (const [vehicleId, state] of next) {
      const before = states.get(vehicleId) ?? null;
      // A slice worked out again from late fixes changes nothing a reader sees.
      if (!quiet?.has(vehicleId)) moved.push({ vehicleId, before, state });
      states.set(vehicleId, state);
      stateWriter.note(vehicleId, state);
    }
    publishChanges(moved, events, now, vehicles, publish, logger);
    if (events.length) tell((o) => o.events?.(events));
  }

  /**
   * Time passing: every vehicle's `onTick` (GPS lost, over-stop timing) and its GPS status. Shared,
   * from the rows as other instances left them; a row written meanwhile keeps its writer's state.
   */
  async function tick(): Promise<void> {
    await start();
    await scheduler.exclusive(async () => {
      await sync?.states();
      const now = clock();
      const { next, found } = tickStates(states, vehicles.all, derive, now, (id) =>
        scheduler.queue.isHeld(id),
      );
      if (next.size === 0 && found.length === 0) return;
      apply(await commitTick(db, next, found, now, stateFlushMs === 0, shared ? versions : undefined), now);
    });
  }

  async function reportStatus(
    trackerId: string,
    status: { ignition: boolean | null; alarm: Position['alarm'] },
    source: IngestSource,
  ): Promise<boolean> {
    await start();
    const vehicle = vehicles.byTrackerId(trackerId);
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

  /** Vehicles whose history is being worked out again. */
  const recalculating = new Set<number>();

  async function recalculate(
    vehicleId: number,
    from: Date,
    onProgress?: (fraction: number) => void,
  ): Promise<Recalculated | null> {
    await start();
    const vehicle = vehicles.get(vehicleId);
    if (!vehicle) return null;
    if (recalculating.has(vehicleId))
      throw new ConflictError('This vehicle is being recalculated already; wait for it to finish');
    recalculating.add(vehicleId);
    try {
      return await scheduler.withVehicle(vehicleId, async () => {
        const state = states.get(vehicleId);
        if (!state) return null;
        const done = await recalculateVehicle(
          db,
          vehicle,
          state,
          from.getTime(),
          vehicles.contextOf(vehicle),
          deps.rules,
          onProgress,
        );
        const next = { ...state, ruleState: done.ruleState };
        if (shared) {
          const written = await commitTick(db, new Map([[vehicleId, next]]), [], clock(), true, versions);
          apply({ ...written, quiet: new Set([vehicleId]) }, clock());
        } else {
          states.set(vehicleId, next);
          stateWriter.note(vehicleId, next);
        }
        tell((o) => o.recalculated?.(vehicleId, from));
        return done;
      });
    } finally {
      recalculating.delete(vehicleId);
    }
  }

  return {
    ingest,
    reportStatus,
    recalculate,
    isKnownTracker: (trackerId) => vehicles.byTrackerId(trackerId) !== undefined,
    noteUnknownTracker,
    start,
    async refreshVehicles() {
      await refreshVehicles();
      await sync?.announce(cacheNames.vehicles);
    },
    async refreshGeography(unitId) {
      // Before start, the start reads every unit anyway.
      if (started) await geography.refresh(db, unitId);
      await sync?.announce(cacheNames.geography(unitId));
    },
    tick,
    observe(observer) {
      observers.push(observer);
      if (observer.stored) storedObservers++;
    },
    queuedPositions: () => queue.rows,
    liveState: (vehicleId) => states.get(vehicleId) ?? null,
    flushStates: () => stateWriter.flush(),
    trackingItem(vehicleId) {
      const v = vehicles.get(vehicleId);
      return v
        ? trackingItemOf(v, states.get(vehicleId) ?? null, clock(), vehicles.thresholdsOf(vehicleId))
        : null;
    },
    async close() {
      closed = true;
      if (tickTimer) clearInterval(tickTimer);
      if (syncTimer) clearInterval(syncTimer);
      tickTimer = null;
      syncTimer = null;
      if (!started) return upkeep.close();
      await started.catch(() => undefined);
      await scheduler.drain();
      await upkeep.close();
      await stateWriter.close();
    },
  };
}

const noop = () => undefined;

const isPglite = (db: Db) => {
  const client = (db as unknown as { $client?: { release?: unknown; end?: unknown; transaction?: unknown } })
    .$client;
  return typeof client?.transaction === 'function';
};
