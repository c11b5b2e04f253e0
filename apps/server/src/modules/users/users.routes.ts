import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { problem, userList, userListQuery } from '@pantau/contracts';
import type { UsersService } from './users.service.js';

export function usersRoutes(deps: { usersService: UsersService }) {
  return async function routes(fastify: FastifyInstance) {
    fastify.withTypeProvider<ZodTypeProvider>().get(
      '/',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['users'],
          summary: 'Users of the chosen unit (Administrator only)',
          querystring: userListQuery,
          response: { 200: userList, 400: problem, 401: problem, 403: problem },
        },
      },
      async (request) => deps.usersService.listOfUnit(request.role.unitId, request.query),
    );
  };
}
