import fp from 'fastify-plugin';
import { violationExports } from './violations.exports.js';
import { createViolationsRepo } from './violations.repo.js';
import { violationsRoutes } from './violations.routes.js';
import { createViolationsService } from './violations.service.js';

/** The over speed and over stop reports (`/api/overspeed`, `/api/overstop`, their `reports/` and exports). */
export const violationsModule = fp(
  async (app) => {
    const violationsService = createViolationsService({
      violationsRepo: createViolationsRepo(app.db),
      clock: app.clock,
    });
    const [overspeed, overstop] = violationExports(violationsService);
    app.exportRegistry.add(overspeed);
    app.exportRegistry.add(overstop);
    await app.register(violationsRoutes({ violationsService }), { prefix: '/api' });
  },
  {
    name: 'violations',
    dependencies: ['auth', 'exports'],
    decorators: { fastify: ['db', 'clock', 'exportRegistry'] },
  },
);
