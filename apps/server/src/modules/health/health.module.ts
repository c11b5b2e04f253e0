import fp from 'fastify-plugin';
import { version } from '../../config.js';
import { healthRoutes } from './health.routes.js';
import { createHealthService } from './health.service.js';

/** `GET /api/health`. */
export const healthModule = fp(
  async (app) => {
    const healthService = createHealthService({ database: app.database, version, clock: app.clock });
    await app.register(healthRoutes({ healthService }), { prefix: '/api' });
  },
  { name: 'health', dependencies: ['auth'], decorators: { fastify: ['database', 'clock'] } },
);
