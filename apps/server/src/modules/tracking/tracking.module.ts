import fp from 'fastify-plugin';
import { thresholdsFor } from '../../live-state/thresholds.js';
import { createTrackingRepo } from './tracking.repo.js';
import { trackingRoutes } from './tracking.routes.js';
import { createTrackingService, type TrackingService } from './tracking.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Vehicles with their latest state, for the dashboard and shared links. */
    trackingService: TrackingService;
  }
}

/** `GET /api/tracking` and `GET /api/logs/gps`; reads take the pipeline's in-memory live states. */
export const trackingModule = fp(
  async (app) => {
    const trackingService = createTrackingService({
      trackingRepo: createTrackingRepo(app.db),
      clock: app.clock,
      thresholdsFor,
      // Newer than vehicle_state between the pipeline's flushes (every 5 s).
      liveState: (vehicleId) => app.pipeline.liveState(vehicleId),
    });
    app.decorate('trackingService', trackingService);
    await app.register(
      trackingRoutes({ trackingService, adopt: (unitId, items) => app.liveHub.adopt(unitId, items) }),
      { prefix: '/api' },
    );
  },
  {
    name: 'tracking',
    dependencies: ['auth', 'pipeline', 'live'],
    decorators: { fastify: ['db', 'clock', 'liveHub'] },
  },
);
