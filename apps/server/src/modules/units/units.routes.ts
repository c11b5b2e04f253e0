import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { problem, unitList } from '@pantau/contracts';
import type { UnitsService } from './units.service.js';

export function unitsRoutes(deps: { unitsService: UnitsService }) {
  return async function routes(fastify: FastifyInstance) {
    fastify.withTypeProvider<ZodTypeProvider>().get(
      '/',
      {
        config: { auth: 'token' },
        schema: {
          tags: ['units'],
          summary: 'Units the signed-in user holds a role in',
          response: { 200: unitList, 401: problem },
        },
      },
      async (request) => deps.unitsService.listForUser(request.user.userId),
    );
  };
}
