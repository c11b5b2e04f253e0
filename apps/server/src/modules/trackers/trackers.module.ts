import fp from 'fastify-plugin';
import { createTrackersRepo } from './trackers.repo.js';
import { trackersRoutes } from './trackers.routes.js';
import { createTrackersService } from './trackers.service.js';

/** `GET /api/trackers/unregistered`: trackers that reported but belong to no vehicle. */
export const trackersModule = fp(
  async (app) => {
    const trackersService = createTrackersService({ trackersRepo: createTrackersRepo(app.db) });
    await app.register(trackersRoutes({ trackersService }), { prefix: '/api/trackers' });
  },
  { name: 'trackers', dependencies: ['auth'], decorators: { fastify: ['db'] } },
);
