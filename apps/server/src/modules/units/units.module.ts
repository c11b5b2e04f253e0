import fp from 'fastify-plugin';
import { createUnitsRepo } from './units.repo.js';
import { unitsRoutes } from './units.routes.js';
import { createUnitsService } from './units.service.js';

/** `GET /api/units`: the units the signed-in user holds a role in. */
export const unitsModule = fp(
  async (app) => {
    const unitsService = createUnitsService({ unitsRepo: createUnitsRepo(app.db) });
    await app.register(unitsRoutes({ unitsService }), { prefix: '/api/units' });
  },
  { name: 'units', dependencies: ['auth'], decorators: { fastify: ['db'] } },
);
