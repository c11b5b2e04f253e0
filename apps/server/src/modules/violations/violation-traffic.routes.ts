import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PERIOD_REQUIRED_MESSAGE,
  VIOLATION_TRAFFIC_MAX_DAYS,
  problem,
  trafficViolationList,
  trafficViolationsQuery,
  violationTraffic,
  violationTrafficQuery,
} from '@pantau/contracts';
import { ValidationError } from '../../errors.js';
import type { ViolationTrafficService } from './violation-traffic.service.js';

const errors = { 400: problem, 401: problem, 403: problem, 404: problem };

/** Spec §5: a request without a period is told exactly "Period Time Cannot Null", naming what is missing. */
async function periodRequired(request: FastifyRequest) {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const missing = (['from', 'to'] as const).filter((k) => query[k] === undefined || query[k] === '');
  if (missing.length)
    throw new ValidationError(
      PERIOD_REQUIRED_MESSAGE,
      missing.map((path) => ({ path, message: PERIOD_REQUIRED_MESSAGE })),
    );
}

/**
 * Violation Traffic (`/api/violation-traffic` and the violations behind a bar): the page of the
 * Administrator menu, so Administrator routes (a role the product does not know reads them too).
 */
export function violationTrafficRoutes({
  violationTrafficService,
}: {
  violationTrafficService: ViolationTrafficService;
}) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/violation-traffic',
      {
        config: { auth: 'admin' },
        preValidation: periodRequired,
        schema: {
          tags: ['violation-traffic'],
          summary: `Over speed, over stop and over route of the unit that started in [from, to) (at most ${VIOLATION_TRAFFIC_MAX_DAYS} days): counts by kind over time (per day, week or month of the unit's zone), by fleet and by driver, and the ten drivers with the most severity points, with the formula`,
          querystring: violationTrafficQuery,
          response: { 200: violationTraffic, ...errors },
        },
      },
      async (request) => violationTrafficService.traffic(request.role.unitId, request.query),
    );
    app.get(
      '/violation-traffic/violations',
      {
        config: { auth: 'admin' },
        preValidation: periodRequired,
        schema: {
          tags: ['violation-traffic'],
          summary:
            'The violations behind a bar of Violation Traffic (period, kind, fleet, driver, vehicles), newest first, one page; each with what playback on /map needs',
          querystring: trafficViolationsQuery,
          response: { 200: trafficViolationList, ...errors },
        },
      },
      async (request) => violationTrafficService.violations(request.role.unitId, request.query),
    );
  };
}
