import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParam,
  problem,
  userCreateInput,
  userList,
  userPasswordInput,
  userRow,
  userSearchQuery,
  userUpdateInput,
} from '@pantau/contracts';
import { unitActorOf } from '../kit/actor.js';
import type { ActingAdministrator, UsersService } from './users.service.js';

const userParams = z.object({ userId: idParam() });
const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem };

/** The signed-in Administrator in their chosen unit (the guard has checked the role). */
const actorOf = (request: FastifyRequest): ActingAdministrator => ({
  ...unitActorOf(request),
  administratorOf: request.user.groups.filter((g) => g.role === 'Administrator').map((g) => g.unitId),
});

/** Users of the chosen unit and their role in it; every route is the Administrator's. */
export function usersRoutes({ usersService }: { usersService: UsersService }) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/users',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['users'],
          summary: 'Users of the chosen unit, searched by username, name or e-mail (Administrator only)',
          querystring: userSearchQuery,
          response: { 200: userList, 400: problem, 401: problem, 403: problem },
        },
      },
      async (request) => usersService.listOfUnit(actorOf(request), request.query),
    );

    app.get(
      '/users/:userId',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['users'],
          summary: 'One user of the chosen unit',
          params: userParams,
          response: { 200: userRow, ...errors },
        },
      },
      async (request) => usersService.get(actorOf(request), request.params.userId),
    );

    app.post(
      '/users',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['users'],
          summary:
            'With a password: a new account in this unit. Without: an existing user (by username or e-mail) added to this unit',
          body: userCreateInput,
          response: { 201: userRow, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await usersService.create(actorOf(request), request.body)),
    );

    app.put(
      '/users/:userId',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['users'],
          summary: 'Role in this unit; disable/enable, display name and e-mail (account-wide)',
          params: userParams,
          body: userUpdateInput,
          response: { 200: userRow, ...errors },
        },
      },
      async (request) => usersService.update(actorOf(request), request.params.userId, request.body),
    );

    app.delete(
      '/users/:userId',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['users'],
          summary: 'Removes the user from this unit (the account stays)',
          params: userParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await usersService.removeFromUnit(actorOf(request), request.params.userId);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/users/:userId/reset-password',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['users'],
          summary: "Sets a new password; the user's sessions end",
          params: userParams,
          body: userPasswordInput,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await usersService.resetPassword(actorOf(request), request.params.userId, request.body.password);
        return reply.code(204).send(null);
      },
    );
  };
}
