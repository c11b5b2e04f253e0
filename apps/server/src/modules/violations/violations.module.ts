import fp from 'fastify-plugin';
import { violationTrafficExport } from './violation-traffic.exports.js';
import { createViolationTrafficRepo } from './violation-traffic.repo.js';
import { violationTrafficRoutes } from './violation-traffic.routes.js';
import { createViolationTrafficService } from './violation-traffic.service.js';
import { violationExports } from './violations.exports.js';
import { createViolationsRepo } from './violations.repo.js';
import { violationsRoutes } from './violations.routes.js';
import { createViolationsService } from './violations.service.js';

/**
 * The over speed and over stop reports (`/api/overspeed`, `/api/overstop`, their `reports/` and exports)
 * and Violation Traffic (`/api/violation-traffic` and its export).
 */
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
    const violationTrafficService = createViolationTrafficService({
      violationTrafficRepo: createViolationTrafficRepo(app.db),
      clock: app.clock,
    });
    app.exportRegistry.add(violationTrafficExport(violationTrafficService));
    await app.register(violationTrafficRoutes({ violationTrafficService }), { prefix: '/api' });
  },
  {
    name: 'violations',
    dependencies: ['auth', 'exports'],
    decorators: { fastify: ['db', 'clock', 'exportRegistry'] },
  },
);
