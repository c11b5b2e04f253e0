import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { vehicles } from '../db/schema/index.js';
import type { Pipeline } from '../ingest/types.js';
import { createProgressBar } from './progress.js';
import { roadNodes } from './road-network.js';
import { createSimulator, type Simulator } from './simulator.js';
import type { SimVehicle } from './vehicle-plan.js';

const DAY = 86_400_000;

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
 * `simulator.stop()` (which also ends a back-fill early).
 */
export async function createDemoSimulator(deps: {
  db: Db;
  pipeline: Pipeline;
  logger: FastifyBaseLogger;
  backfillDays: number;
  out?: { isTTY?: boolean; write(text: string): unknown };
}): Promise<{ simulator: Simulator; run(): Promise<void> }> {
  const fleet = await loadSimFleet(deps.db);
  const simulator = createSimulator({
    pipeline: deps.pipeline,
    vehicles: fleet,
    logger: deps.logger,
    historyDays: deps.backfillDays,
  });
  const run = async () => {
    if (deps.backfillDays > 0 && !(await hasPositions(deps.db))) {
      const to = new Date();
      const from = new Date(to.getTime() - deps.backfillDays * DAY);
      deps.logger.info(
        `demo simulator: writing ${deps.backfillDays} days of history for ${fleet.length} vehicles`,
      );
      const bar = createProgressBar(`Demo history (${deps.backfillDays} days)`, deps.out);
      const started = Date.now();
      const count = await simulator.backfill(from, to, (p) => bar.update(p));
      deps.logger.info(
        `demo simulator: ${count} positions of history in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    if (simulator.stopped) return;
    simulator.start();
    deps.logger.info(`demo simulator: ${fleet.length} vehicles reporting live`);
  };
  return { simulator, run };
}
