import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { problem, userList, userListQuery } from '@pantau/contracts';
import type { ManagementDeps } from '../management-deps.js';
import { createUsersRepo } from './users.repo.js';
import { createUsersService } from './users.service.js';

export function usersRoutes(deps: ManagementDeps) {
  const usersService = createUsersService({ usersRepo: createUsersRepo(deps.db) });
  return async function routes(fastify: FastifyInstance) {
    fastify.withTypeProvider<ZodTypeProvider>().get(
      '/users',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['users'],
          summary: 'Users of the chosen unit (Administrator only)',
          querystring: userListQuery,
          response: { 200: userList, 400: problem, 401: problem, 403: problem },
        },
      },
      async (request) => usersService.listOfUnit(request.role.unitId, request.query),
    );
  };
}
