import fp from 'fastify-plugin';
import { createVehiclesRepo } from './vehicles.repo.js';
import { vehiclesRoutes } from './vehicles.routes.js';
import { createVehiclesService } from './vehicles.service.js';

/** Vehicles (`/api/kendaraan…`); every write reloads the pipeline's vehicles. */
export const vehiclesModule = fp(
  async (app) => {
    const vehiclesService = createVehiclesService({
      db: app.db,
      vehiclesRepo: createVehiclesRepo(app.db),
      clock: app.clock,
      refreshVehicles: () => app.pipeline.refreshVehicles(),
    });
    await app.register(vehiclesRoutes({ vehiclesService }), { prefix: '/api' });
  },
  { name: 'vehicles', dependencies: ['auth', 'pipeline'], decorators: { fastify: ['db', 'clock'] } },
);
