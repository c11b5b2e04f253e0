import fp from 'fastify-plugin';
import { webRoutes } from './web.routes.js';

/** The built web app: its files, and every other page as index.html. Register it last. */
export const webModule = fp(
  async (app) => {
    await app.register(webRoutes({ webDist: app.config.webDist }));
  },
  { name: 'web', dependencies: ['auth'], decorators: { fastify: ['config'] } },
);
