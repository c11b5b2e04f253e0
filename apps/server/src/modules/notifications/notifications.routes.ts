import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notificationList, notificationsQuery, problem } from '@pantau/contracts';
import { unitInScope } from '../../plugins/auth.js';
import type { NotificationsService } from './notifications.service.js';

export function notificationsRoutes(deps: { notificationsService: NotificationsService }) {
  return async function routes(fastify: FastifyInstance) {
    fastify.withTypeProvider<ZodTypeProvider>().get(
      '/notifications',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['notifications'],
          summary: 'Latest notifications of the chosen unit (or of `unitId`, if the user holds a role there)',
          querystring: notificationsQuery,
          response: { 200: notificationList, 400: problem, 401: problem, 403: problem },
        },
      },
      async (request) =>
        deps.notificationsService.latest(unitInScope(request, request.query.unitId), request.query.Count),
    );
  };
}
