import fp from 'fastify-plugin';
import { createNotificationsRepo } from './notifications.repo.js';
import { notificationsRoutes } from './notifications.routes.js';
import { createNotificationsService } from './notifications.service.js';

/** `GET /api/logs/notifications`: the latest events that notify. */
export const notificationsModule = fp(
  async (app) => {
    const notificationsService = createNotificationsService({
      notificationsRepo: createNotificationsRepo(app.db),
    });
    await app.register(notificationsRoutes({ notificationsService }), { prefix: '/api/logs' });
  },
  { name: 'notifications', dependencies: ['auth'], decorators: { fastify: ['db'] } },
);
