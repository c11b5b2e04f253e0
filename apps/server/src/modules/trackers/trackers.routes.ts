import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pagingQuery, problem, unregisteredTrackerList } from '@pantau/contracts';
import type { TrackersService } from './trackers.service.js';

export function trackersRoutes(deps: { trackersService: TrackersService }) {
  return async function routes(fastify: FastifyInstance) {
    fastify.withTypeProvider<ZodTypeProvider>().get(
      '/unregistered',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['trackers'],
          summary: 'Trackers that reported but are registered to no vehicle (Administrator)',
          querystring: pagingQuery,
          response: { 200: unregisteredTrackerList, 400: problem, 401: problem, 403: problem },
        },
      },
      async (request) => deps.trackersService.unregistered(request.query),
    );
  };
}
