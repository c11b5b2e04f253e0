import type { Position } from '@pantau/protocols';
import { PositionPartitions } from '../db/partitions.js';
import type { DeriveContext } from './advance.js';
import type { Pending } from './call-queue.js';
import { commitBatch, commitTick, isPglite, type Committed } from './commit.js';
import { GeographyCache } from './geography.js';
import { PartitionUpkeep } from './partition-upkeep.js';
import { createLogLimiter } from './log-limit.js';
import { publishChanges, type Moved } from './live-updates.js';
import { loadStates } from './position-store.js';
import { catchUpStates } from './catch-up.js';
import { cacheNames } from './cache-versions.js';
import { createInstanceSync } from './instance-sync.js';
import { BatchScheduler } from './scheduler.js';
import { StateWriter } from './state-writer.js';
import { createWriterMode } from './writer-mode.js';
import { tickStates } from './tick.js';
import { recalculateVehicle, type Recalculated } from './recalculate.js';
import { ConflictError } from '../errors.js';
import type { IngestResult, IngestSource, TelemetryPipeline } from './types.js';
import { PipelineObservers } from './pipeline-observers.js';
import { UnknownTrackers } from './unknown-trackers.js';
import type { PipelineDeps } from './pipeline-deps.js';
import { acceptPositions, newCall, statusAsPosition } from './accept.js';
import { VehicleIndex } from './vehicle-index.js';
import { trackingItemOf, type LiveState } from '../live-state/live-state.js';

export type { PipelineDeps, TelemetryPipeline };

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
  const retryMs = deps.retryMs ?? 30_000;
  const writerLock = deps.shared === undefined && !isPglite(db) ? deps.writerLock : undefined;
  /** Shared from the start: told so, or PostgreSQL without a writer lock. */
  const sharedAtStart = deps.shared ?? (!isPglite(db) && !writerLock);
  /** Where other instances may ever write (the cache of other instances' changes is kept). */
  const multi = sharedAtStart || writerLock !== undefined;
  // Shared: the states are written in each batch's transaction, where their versions are checked.
  const stateFlushMs = sharedAtStart && !writerLock ? 0 : (deps.stateFlushMs ?? 5000);
  const stateWriter = new StateWriter(db, clock, logger, stateFlushMs, (written) => {
    for (const [vehicleId, version] of written)
      if (version > (versions.get(vehicleId) ?? 0)) versions.set(vehicleId, version);
  });
  const unknown = new UnknownTrackers(clock, logger, deps.unknownTrackers);
  const limiter = createLogLimiter();
  /** A warning at most a few times a minute per key, then how many were suppressed. */
  const warn = (key: string, obj: Record<string, unknown>, msg: string) => {
    const suppressed = limiter.allow(key);
    if (suppressed !== null) logger.warn(suppressed > 0 ? { ...obj, suppressed } : obj, msg);
  };

  const observers = new PipelineObservers(logger);

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
  const sync = multi
    ? createInstanceSync({
        db,
        states,
        versions,
        refreshVehicles,
        refreshGeography: (unitId) => geography.refresh(db, unitId),
      })
    : null;
  /** Behind or in each batch (writer-mode.ts). */
  const mode = createWriterMode({
    shared: sharedAtStart,
    writerLock,
    stateWriter,
    canWriteBehind: stateFlushMs > 0,
    exclusive: (work) => scheduler.exclusive(work),
    readOthers: async () => sync?.states(),
    logger,
    retryMs,
  });

  function start() {
    started ??= (async () => {
      // Several batches at once only where there are several connections (PostgreSQL's pool); then
      // batches of 1,000 keep them all busy (and the next one being built).
      const concurrency = Math.max(1, deps.batch?.concurrency ?? (isPglite(db) ? 1 : 4));
      scheduler.configure({
        concurrency,
        ...(concurrency > 1 && deps.batch?.maxRows === undefined ? { maxRows: 1000 } : {}),
      });
      // Alone or not decides how states are written; a newcomer waits for the one alone to write its own.
      await mode.begin();
      // What was read before the vehicles and geography: a change after it is read again.
      await sync?.begin();
      await Promise.all([refreshVehicles(), geography.refresh(db)]);
      for (const [id, { state, version }] of await loadStates(db)) {
        states.set(id, state);
        versions.set(id, version);
      }
      // Written behind: what a server that stopped unexpectedly stored after its last write.
      if (mode.behind()) {
        const moved = await catchUpStates(db, states, (id) => vehicles.get(id), clock(), derive);
        for (const [vehicleId, state] of moved) {
          states.set(vehicleId, state);
          stateWriter.note(vehicleId, state);
        }
        if (moved.size > 0)
          logger.info(
            { vehicles: moved.size },
            'live states moved on by positions stored after their last write',
          );
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
          Promise.all([mode.shared ? sync.states() : null, sync.caches()]).catch((err: unknown) =>
            logger.warn({ err }, 'reading what other instances changed failed'),
          );
        }, deps.syncMs ?? 2_000);
        syncTimer.unref();
      }
      if (!closed) stateWriter.start();
      if (!closed) mode.watch();
    })();
    // A start that met an unreachable database is tried again by the next caller.
    started.catch(() => (started = null));
    return started;
  }

  /** Checks each position and queues the accepted ones as one call, answered once they are stored. */
  async function ingest(positions: Position[], source: IngestSource): Promise<IngestResult> {
    if (closed) throw new Error('the telemetry pipeline is closed');
    await start();
    const call = newCall(source);
    acceptPositions(positions, call, {
      vehicles,
      queue,
      now: clock(),
      noteUnknownTracker: (trackerId) => noteUnknownTracker(trackerId, source),
      warnRefused: (trackerId, field) =>
        warn('refused', { trackerId, field }, 'refused a position the database cannot hold'),
      warnUnreadable: (err, trackerId) =>
        logger.warn({ err, trackerId }, 'dropped a position that could not be read'),
    });
    const { result } = call;
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
    try {
      await mode.ready();
    } catch (err) {
      logger.error({ err }, 'the vehicle-state writer lock could not be taken again');
      for (const p of batch) p.reject(err);
      return;
    }
    const now = clock();
    const committed = await commitBatch(batch, now, {
      ...derive,
      db,
      logger,
      states,
      liveWindowMs,
      writeStates: !mode.behind(),
      versions: mode.shared ? versions : undefined,
      retryMs,
      partitions,
    });
    // Its callers are answered (and GT06 trackers acked) as the commit returns.
    const answeredAt = observers.countStored ? performance.now() : 0;
    if (committed) {
      apply(committed, now);
      if (observers.countStored) observers.stored(batch, answeredAt);
    }
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
      // Not written with the commit: written behind.
      if (!written) stateWriter.note(vehicleId, state);
    }
    publishChanges(moved, events, now, vehicles, publish, logger);
    if (events.length) observers.tell((o) => o.events?.(events));
  }

  /**
   * Time passing: every vehicle's `onTick` (GPS lost, over-stop timing) and its GPS status. Shared,
   * from the rows as other instances left them; a row written meanwhile keeps its writer's state.
   */
  async function tick(): Promise<void> {
    await start();
    await scheduler.exclusive(async () => {
      if (mode.shared) await sync?.states();
      const now = clock();
      const { next, found } = tickStates(states, vehicles.all, derive, now, (id) =>
        scheduler.queue.isHeld(id),
      );
      if (next.size === 0 && found.length === 0) return;
      apply(await commitTick(db, next, found, now, !mode.behind(), mode.shared ? versions : undefined), now);
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
    const position = statusAsPosition(trackerId, s, status);
    if (!position) return false;
    const result = await ingest([position], source);
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
        if (mode.shared) {
          const written = await commitTick(db, new Map([[vehicleId, next]]), [], clock(), true, versions);
          apply({ ...written, quiet: new Set([vehicleId]) }, clock());
        } else {
          states.set(vehicleId, next);
          if (mode.behind()) stateWriter.note(vehicleId, next);
          else await commitTick(db, new Map([[vehicleId, next]]), [], clock(), true);
        }
        observers.tell((o) => o.recalculated?.(vehicleId, from));
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
      observers.add(observer);
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
      if (!started) {
        // A start that failed after taking the writer lock lets it go too.
        await mode.close();
        return upkeep.close();
      }
      await started.catch(() => undefined);
      await scheduler.drain();
      await upkeep.close();
      await stateWriter.close();
      // Let go once the states are written: an instance waiting for the lock starts from them.
      await mode.close();
    },
  };
}
