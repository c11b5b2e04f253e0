import fp from 'fastify-plugin';
import { createUsersRepo } from './users.repo.js';
import { usersRoutes } from './users.routes.js';
import { createUsersService } from './users.service.js';

/** Users of the chosen unit and their roles (`/api/users…`). */
export const usersModule = fp(
  async (app) => {
    const usersService = createUsersService({ usersRepo: createUsersRepo(app.db), db: app.db });
    await app.register(usersRoutes({ usersService }), { prefix: '/api' });
  },
  { name: 'users', dependencies: ['auth'], decorators: { fastify: ['db'] } },
);
