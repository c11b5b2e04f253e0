import fp from 'fastify-plugin';
import { createDriversRepo } from './drivers.repo.js';
import { driversRoutes } from './drivers.routes.js';
import { createDriversService } from './drivers.service.js';

/** Drivers (`/api/pengemudi…`); every write reloads the pipeline's vehicles (they carry their drivers). */
export const driversModule = fp(
  async (app) => {
    const driversService = createDriversService({
      db: app.db,
      driversRepo: createDriversRepo(app.db),
      clock: app.clock,
      refreshVehicles: () => app.pipeline.refreshVehicles(),
    });
    await app.register(driversRoutes({ driversService }), { prefix: '/api' });
  },
  { name: 'drivers', dependencies: ['auth', 'pipeline'], decorators: { fastify: ['db', 'clock'] } },
);
