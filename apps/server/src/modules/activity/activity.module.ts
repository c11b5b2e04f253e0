import fp from 'fastify-plugin';
import { detailActivityExport } from './activity.exports.js';
import { createActivityRepo } from './activity.repo.js';
import { activityRoutes } from './activity.routes.js';
import { createActivityService } from './activity.service.js';
import { keptSince } from '../../db/partitions.js';

/** Trips, stops, detail activity and the recalculation of a vehicle's history. */
export const activityModule = fp(
  async (app) => {
    const activityService = createActivityService({
      activityRepo: createActivityRepo(app.db),
      pipeline: app.pipeline,
      logger: app.log,
      positionsKeptSince: () => keptSince(app.clock(), app.config.retentionMonths),
    });
    app.exportRegistry.add(detailActivityExport(activityService));
    await app.register(activityRoutes({ activityService }), { prefix: '/api' });
  },
  {
    name: 'activity',
    dependencies: ['auth', 'pipeline', 'exports'],
    decorators: { fastify: ['config', 'db', 'clock', 'exportRegistry'] },
  },
);
