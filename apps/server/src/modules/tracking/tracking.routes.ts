import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  gpsLogList,
  gpsLogQuery,
  intQuery,
  MAX_PAGE_SIZE,
  problem,
  trackingList,
  type GpsLogList,
} from '@pantau/contracts';
import type { LiveHub } from '../../plugins/live.js';
import type { TrackingService } from './tracking.service.js';

/** Without Take/Skip the whole unit is answered (the live map needs every vehicle). */
const trackingQuery = z.object({
  Take: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  Skip: intQuery(0).optional(),
  /** `1`: the whole unit, named for the live socket (`snapshot` in the answer). */
  live: z.enum(['0', '1']).optional(),
});

export function trackingRoutes(deps: {
  trackingService: TrackingService;
  /** The live channel's `adopt`: the snapshot as the unit's socket will take changes from it. */
  adopt: LiveHub['adopt'];
}) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/tracking',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['tracking'],
          summary: "The chosen unit's vehicles with their latest position and status",
          querystring: trackingQuery,
          response: { 200: trackingList, 400: problem, 401: problem, 403: problem },
        },
      },
      async (request) => {
        const { unitId } = request.role;
        const whole = request.query.Take === undefined && request.query.Skip === undefined;
        if (request.query.live !== '1' || !whole)
          return deps.trackingService.listOfUnit(unitId, request.query);
        return deps.trackingService.listOfUnit(unitId, request.query, (built) => {
          const { items, snapshot } = deps.adopt(unitId, built);
          return { count: items.length, results: items, snapshot };
        });
      },
    );
    app.get(
      '/logs/gps',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['tracking'],
          summary:
            "A vehicle's positions from `from` (inclusive) to `to` (exclusive), at most 31 days, in fix-time order",
          querystring: gpsLogQuery,
          response: { 200: gpsLogList, 400: problem, 401: problem, 403: problem, 404: problem },
        },
      },
      // Already JSON text of a `gpsLogList`: a string with a JSON type is sent as it is (Fastify
      // serializes only objects), so the type provider's object type does not apply.
      async (request, reply) => {
        const json = await deps.trackingService.gpsLogJson(request.role.unitId, request.query);
        return reply.type('application/json').send(json as unknown as GpsLogList);
      },
    );
  };
}
