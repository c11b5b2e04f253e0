import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { vehicles } from '../db/schema/index.js';
import type { Pipeline, TelemetryPipeline } from '../ingest/types.js';
import { recordDemoChecks } from './demo-checks.js';
import { createDemoWorkOrders } from './demo-work-orders.js';
import { createProgressBar } from './progress.js';
import { roadNodes } from './road-network.js';
import { createSimulator, type Simulator } from './simulator.js';
import { standsByInPool, type SimVehicle } from './vehicle-plan.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A job's SPK is made this long before the vehicle leaves its pool (when the day's plan is known). */
const SPK_LEAD_MS = 12 * HOUR;
/** A demo SPK still open this long after its planned end is closed (cancelled). */
const STALE_MS = 12 * HOUR;
/** How often the live fleet's coming jobs are turned into SPKs. */
const SPK_EVERY_MS = 60_000;

/** The pool road node for a vehicle's `pool` text (the seed's pool names), else by class. */
function poolIdOf(pool: string | null, vehicleClass: 'CC' | 'TRUCK'): string {
  const byName = roadNodes.find((n) => n.kind === 'pool' && n.name === pool);
  return byName?.id ?? (vehicleClass === 'CC' ? 'pool_sunter' : 'pool_cibitung');
}

/** The active vehicles of the database, as the simulator drives them, each with its own slot in its pool's yard. */
export async function loadSimFleet(db: Db): Promise<SimVehicle[]> {
  const rows = await db
    .select({
      vehicleId: vehicles.vehicleId,
      trackerId: vehicles.trackerId,
      vehicleClass: vehicles.vehicleClass,
      speedLimit: vehicles.speedLimit,
      pool: vehicles.pool,
    })
    .from(vehicles)
    .where(eq(vehicles.aktif, true))
    .orderBy(vehicles.vehicleId);
  const slots = new Map<string, number>();
  return rows.map((r) => {
    const poolId = poolIdOf(r.pool, r.vehicleClass);
    const slot = slots.get(poolId) ?? 0;
    slots.set(poolId, slot + 1);
    return {
      vehicleId: r.vehicleId,
      trackerId: r.trackerId,
      vehicleClass: r.vehicleClass,
      speedLimitKmh: r.speedLimit ?? 80,
      poolId,
      slot,
      reserve: standsByInPool(r.vehicleId),
    };
  });
}

async function hasPositions(db: Db): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(
    sql`select exists (select 1 from positions limit 1) as found`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: { found: boolean }[] }).rows) ?? [];
  return rows[0]?.found === true;
}

/**
 * The demo fleet (npm start with the demo data). `run` writes `backfillDays` of history through the
 * pipeline with a progress bar when the database has no positions yet, then reports live until
 * `simulator.stop()` (which also ends a back-fill early). Every job the fleet drives is an SPK: the
 * back-filled week's are stored after its positions and worked out by the matcher (done, with their
 * milestones, times and anomalies); live ones are made before the vehicle leaves its pool and move
 * from waiting through on progress to done as it drives.
 */
export async function createDemoSimulator(deps: {
  db: Db;
  pipeline: Pipeline & Pick<TelemetryPipeline, 'recalculate'>;
  logger: FastifyBaseLogger;
  backfillDays: number;
  /** Works SPKs out from the stored visits (the work-orders matcher's `matchMany`). */
  matchWorkOrders: (workOrderIds: readonly number[]) => Promise<unknown>;
  out?: { isTTY?: boolean; write(text: string): unknown };
}): Promise<{
  simulator: Simulator;
  run(): Promise<void>;
  /** Settles once the SPKs `run` stored have been matched (and the history's detours worked out again). */
  settled(): Promise<void>;
}> {
  const fleet = await loadSimFleet(deps.db);
  const simulator = createSimulator({
    pipeline: deps.pipeline,
    vehicles: fleet,
    logger: deps.logger,
    historyDays: deps.backfillDays,
  });
  const orders = createDemoWorkOrders({ db: deps.db, match: deps.matchWorkOrders });
  let ordersUntil = 0;
  /** Stores the SPKs of the jobs departing from `from` to SPK_LEAD_MS ahead; answers the new ones. */
  const storeOrders = async (from: number) => {
    const to = Date.now() + SPK_LEAD_MS;
    const ids = await orders.store(simulator.tripsBetween(new Date(from), new Date(to)));
    ordersUntil = to;
    return ids;
  };
  const matchOrders = async (ids: number[], what: string) => {
    const started = Date.now();
    try {
      await orders.match(ids);
      if (ids.length)
        deps.logger.info(
          `demo simulator: ${ids.length} SPKs ${what} matched in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
    } catch (err) {
      deps.logger.warn({ err }, `demo simulator: matching SPKs ${what} failed`);
    }
  };
  /**
   * The history's over-routes: its SPKs, and with them the vehicles' routes, are stored after its
   * positions, so the vehicles that left the road between loading and unloading have their history
   * from then worked out again with the SPKs' routes (ingest/recalculate.ts).
   */
  const recalculateDetours = async (from: number, to: number) => {
    const first = new Map<number, number>();
    for (const { vehicle, trip } of simulator.tripsBetween(new Date(from), new Date(to)))
      if (trip.detourAt !== undefined && trip.detourAt < to && !trip.trackerFault)
        first.set(vehicle.vehicleId, Math.min(first.get(vehicle.vehicleId) ?? Infinity, trip.detourAt));
    const started = Date.now();
    try {
      for (const [vehicleId, at] of first) {
        if (simulator.stopped) return;
        await deps.pipeline.recalculate(vehicleId, new Date(at - HOUR));
      }
      if (first.size)
        deps.logger.info(
          `demo simulator: ${first.size} vehicles' detours worked out again with their SPKs' routes in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
    } catch (err) {
      deps.logger.warn({ err }, 'demo simulator: working the detours out again failed');
    }
  };
  const fleetIds = fleet.map((v) => v.vehicleId);
  /** The mornings' pre-trip checks from `from` to now that are not written yet (demo-checks.ts). */
  const checks = (from: number) => recordDemoChecks(deps.db, fleetIds, from, Date.now());
  let working: Promise<unknown> = Promise.resolve();
  const run = async () => {
    let ids: number[];
    let history: [number, number] | null = null;
    if (deps.backfillDays > 0 && !(await hasPositions(deps.db))) {
      const to = new Date();
      const from = new Date(to.getTime() - deps.backfillDays * DAY);
      deps.logger.info(
        `demo simulator: writing ${deps.backfillDays} days of history for ${fleet.length} vehicles`,
      );
      // The fleet has been on the road since its history starts: the Car Carrier pages count a
      // vehicle's days from when it joined the fleet.
      await deps.db
        .update(vehicles)
        .set({ createdAt: from })
        .where(and(inArray(vehicles.vehicleId, fleetIds), gt(vehicles.createdAt, from)));
      const bar = createProgressBar(`Demo history (${deps.backfillDays} days)`, deps.out);
      const started = Date.now();
      const count = await simulator.backfill(from, to, (p) => bar.update(p));
      deps.logger.info(
        `demo simulator: ${count} positions of history in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      if (simulator.stopped) return;
      ids = await storeOrders(from.getTime());
      await checks(from.getTime());
      history = [from.getTime(), to.getTime()];
    } else {
      // A restart: jobs that ran while the server was down left no positions to match.
      await orders.cancelStale(new Date(Date.now() - STALE_MS));
      ids = await storeOrders(Date.now() - HOUR);
      await checks(Date.now() - DAY);
    }
    if (simulator.stopped) return;
    simulator.start();
    // The history's SPKs are worked out while the fleet reports live (the matcher runs one at a time).
    working = matchOrders(ids, 'of the history').then(() => history && recalculateDetours(...history));
    let busy = false;
    const timer = setInterval(() => {
      if (simulator.stopped) return clearInterval(timer);
      if (busy) return;
      busy = true;
      orders
        .cancelStale(new Date(Date.now() - STALE_MS))
        .then(() => checks(Date.now() - DAY))
        .then(() => storeOrders(ordersUntil))
        .then((made) => matchOrders(made, 'coming'))
        .catch((err: unknown) =>
          deps.logger.warn({ err }, 'demo simulator: the checks or the coming SPKs failed'),
        )
        .finally(() => (busy = false));
    }, SPK_EVERY_MS);
    timer.unref();
    deps.logger.info(`demo simulator: ${fleet.length} vehicles reporting live`);
  };
  return { simulator, run, settled: async () => void (await working) };
}
