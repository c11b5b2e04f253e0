import fp from 'fastify-plugin';
import { createMatcher, MATCHING_EVENT_KINDS } from './matcher.js';
import { createRecapsRepo } from './recaps.repo.js';
import { recapsRoutes } from './recaps.routes.js';
import { createRecapsService } from './recaps.service.js';
import { workOrderExports } from './work-orders.exports.js';
import { createWorkOrderImportRepo } from './work-orders-import.repo.js';
import { createWorkOrderImport } from './work-orders.import.js';
import { createWorkOrderUnits } from './work-order-units.js';
import { createWorkOrdersRepo } from './work-orders.repo.js';
import { workOrdersRoutes } from './work-orders.routes.js';
import { createWorkOrdersService } from './work-orders.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Work orders: the service (current SPK per vehicle for the dashboard) and the matcher. */
    workOrders: {
      service: ReturnType<typeof createWorkOrdersService>;
      matcher: ReturnType<typeof createMatcher>;
    };
  }
}

/** How often every active SPK is worked out again (times running over, anything missed). */
const SWEEP_MS = 60_000;

/**
 * Work orders (SPK): `/api/spk…`. Milestones follow the pipeline: the vehicles whose visits,
 * violations or GPS changed are matched a moment after each commit, every active SPK once a minute,
 * and a vehicle's SPKs again after its history is recalculated. A status change re-reads the unit's
 * routes (the over-route rule checks the running SPK's route) and refreshes the dashboard's groups.
 */
export const workOrdersModule = fp(
  async (app) => {
    const statusChanged = async (unitId: number) => {
      app.liveHub.publish({ type: 'summary', unitId });
      await app.pipeline
        .refreshGeography(unitId)
        .catch((err: unknown) => app.log.error({ err, unitId }, 'refreshing routes after an SPK failed'));
    };
    const matcher = createMatcher({ db: app.db, clock: app.clock, logger: app.log, statusChanged });
    const repo = createWorkOrdersRepo(app.db);
    const service = createWorkOrdersService({
      db: app.db,
      repo,
      clock: app.clock,
      rematch: async (id) => void (await matcher.match(id)),
      changed: statusChanged,
    });
    const units = createWorkOrderUnits({ db: app.db, service, clock: app.clock });
    app.decorate('workOrders', { service, matcher });

    app.pipeline.observe({
      events(events) {
        const vehicles = new Set<number>();
        for (const e of events) if (MATCHING_EVENT_KINDS.has(e.kind)) vehicles.add(e.vehicleId);
        if (vehicles.size) matcher.noteVehicles(vehicles);
      },
      recalculated(vehicleId, from) {
        matcher
          .rematchVehicle(vehicleId, from)
          .catch((err: unknown) =>
            app.log.error({ err, vehicleId }, 'matching SPKs after a recalculation failed'),
          );
      },
    });
    const sweep = setInterval(() => {
      // One instance sweeps for all.
      if (!app.singletons.held) return;
      matcher.sweep().catch((err: unknown) => app.log.error({ err }, 'the SPK sweep failed'));
    }, SWEEP_MS);
    sweep.unref();
    app.addHook('onClose', async () => {
      clearInterval(sweep);
      await matcher.close();
    });

    await app.register(workOrdersRoutes({ service, units }), { prefix: '/api' });

    // Import, export, matching to trips and the recaps.
    const recaps = createRecapsService({ repo: createRecapsRepo(app.db) });
    const importer = createWorkOrderImport({
      db: app.db,
      repo,
      importRepo: createWorkOrderImportRepo(app.db),
      service,
      rematch: async (id) => void (await matcher.match(id)),
      changed: async (unitId) => statusChanged(unitId),
    });
    const exports = workOrderExports(service, recaps);
    app.exportRegistry.add(exports.list);
    app.exportRegistry.add(exports.matching);
    await app.register(recapsRoutes({ recaps, importer }), { prefix: '/api' });
  },
  {
    name: 'work-orders',
    dependencies: ['auth', 'pipeline', 'live', 'exports'],
    decorators: { fastify: ['db', 'clock', 'pipeline', 'liveHub', 'exportRegistry', 'singletons'] },
  },
);
