import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardSummary, problem } from '@pantau/contracts';
import type { DashboardService } from './dashboard.service.js';

export function dashboardRoutes(deps: { dashboardService: DashboardService }) {
  return async function routes(fastify: FastifyInstance) {
    fastify.withTypeProvider<ZodTypeProvider>().get(
      '/summary',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['dashboard'],
          summary: 'Status groups of the chosen unit; `results` are kendaraanIds',
          response: { 200: dashboardSummary, 401: problem, 403: problem },
        },
      },
      async (request) => deps.dashboardService.summary(request.role.unitId),
    );
  };
}
