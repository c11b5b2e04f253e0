import fp from 'fastify-plugin';
import { createFleetsRepo } from './fleets.repo.js';
import { fleetsRoutes } from './fleets.routes.js';
import { createFleetsService } from './fleets.service.js';

/** Fleets of the chosen unit and the unit's own info (`/api/units/fleet…`, `/api/units/info`). */
export const fleetsModule = fp(
  async (app) => {
    const fleetsService = createFleetsService({ fleetsRepo: createFleetsRepo(app.db), db: app.db });
    await app.register(fleetsRoutes({ fleetsService }), { prefix: '/api' });
  },
  { name: 'fleets', dependencies: ['auth'], decorators: { fastify: ['db'] } },
);
