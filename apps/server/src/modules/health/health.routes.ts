import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponse } from '@pantau/contracts';
import type { HealthService } from './health.service.js';

export function healthRoutes(deps: { healthService: HealthService }) {
  return async function routes(fastify: FastifyInstance) {
    fastify.withTypeProvider<ZodTypeProvider>().get(
      '/health',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['health'],
          summary: 'Health: `ok`, or `degraded` (HTTP 503) while the database does not answer',
          response: { 200: healthResponse, 503: healthResponse },
        },
      },
      async (_request, reply) => {
        const health = await deps.healthService.status();
        if (health.status !== 'ok') reply.code(503).header('retry-after', '5');
        return health;
      },
    );
  };
}
