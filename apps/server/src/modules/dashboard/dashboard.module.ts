import fp from 'fastify-plugin';
import { dashboardRoutes } from './dashboard.routes.js';
import { createDashboardService } from './dashboard.service.js';

/** `GET /api/dashboard/summary`, and the same groups pushed on the live channel when they change. */
export const dashboardModule = fp(
  async (app) => {
    const dashboardService = createDashboardService({ trackingService: app.trackingService });
    app.liveHub.summariseWith((unitId) => dashboardService.summary(unitId));
    await app.register(dashboardRoutes({ dashboardService }), { prefix: '/api/dashboard' });
  },
  { name: 'dashboard', dependencies: ['auth', 'live', 'tracking'] },
);
