import fp from 'fastify-plugin';
import { dashboardRoutes } from './dashboard.routes.js';
import { createDashboardService } from './dashboard.service.js';

/**
 * `GET /api/dashboard/summary`, and the same groups pushed on the live channel when a vehicle's state
 * or an SPK's status changes (the pipeline and the SPK matcher publish `summary`).
 */
export const dashboardModule = fp(
  async (app) => {
    const dashboardService = createDashboardService({
      trackingService: app.trackingService,
      currentWorkOrders: (unitId) => app.workOrders.service.currentByVehicle(unitId),
    });
    app.liveHub.summariseWith((unitId) => dashboardService.summary(unitId));
    await app.register(dashboardRoutes({ dashboardService }), { prefix: '/api/dashboard' });
  },
  {
    name: 'dashboard',
    dependencies: ['auth', 'live', 'tracking', 'work-orders'],
    decorators: { fastify: ['trackingService', 'workOrders', 'liveHub'] },
  },
);
