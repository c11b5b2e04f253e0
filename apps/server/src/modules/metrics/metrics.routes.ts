import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { NotFoundError, UnauthenticatedError } from '../../errors.js';
import { tokenOf } from '../../plugins/auth.js';
import type { MetricsService } from './metrics.service.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * `GET /metrics`: Prometheus text format, for a scraper holding PANTAU_METRICS_TOKEN as a bearer
 * token. Off (404) without the variable, so a public install shows nothing; a missing or wrong token
 * is 401. Not part of the API: the OpenAPI description leaves it out.
 */
export function metricsRoutes(deps: { metricsService: MetricsService | null; token: string | undefined }) {
  const expected = deps.token ? digest(deps.token) : null;
  return async function routes(app: FastifyInstance) {
    app.get(
      '/metrics',
      {
        config: { auth: 'public' },
        schema: { hide: true },
        onRequest: async (request) => {
          if (!expected || !deps.metricsService)
            throw new NotFoundError('Metrics are off: set PANTAU_METRICS_TOKEN');
          const given = request.headers.authorization ? tokenOf(request) : undefined;
          if (!given || !timingSafeEqual(digest(given), expected))
            throw new UnauthenticatedError('Send Authorization: Bearer <PANTAU_METRICS_TOKEN>');
        },
      },
      async (_request, reply) => {
        const service = deps.metricsService!;
        return reply.type(service.contentType).send(await service.render());
      },
    );
  };
}
