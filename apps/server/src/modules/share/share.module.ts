import fp from 'fastify-plugin';
import { createShareRepo } from './share.repo.js';
import { shareRoutes } from './share.routes.js';
import { createShareService } from './share.service.js';

/** Shared live location: `/api/share-links…` (Administrator) and `/api/share/{token}` (anyone with it). */
export const shareModule = fp(
  async (app) => {
    const shareService = createShareService({
      db: app.db,
      shareRepo: createShareRepo(app.db),
      trackingService: app.trackingService,
      clock: app.clock,
    });
    await app.register(shareRoutes({ shareService, publicUrl: app.config.publicUrl }), { prefix: '/api' });
  },
  { name: 'share', dependencies: ['auth', 'tracking'], decorators: { fastify: ['config', 'db', 'clock'] } },
);
