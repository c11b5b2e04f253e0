import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  detailActivityList,
  detailActivityQuery,
  detailActivityReport,
  problem,
  recalculateJob,
  recalculateJobList,
  recalculateJobQuery,
  recalculateRequest,
  stopList,
  tripList,
  vehiclePeriodQuery,
} from '@pantau/contracts';
import type { ActivityService } from './activity.service.js';

/** Most rows the report (the table's .xlsx export) answers at once. */
const REPORT_MAX_ROWS = 10_000;
const errors = { 400: problem, 401: problem, 403: problem, 404: problem };

/**
 * Trips and stops of a vehicle (playback), detail activity with its report, and the recalculation of
 * a vehicle's history (the dev logs API's route recalculation).
 */
export function activityRoutes({ activityService }: { activityService: ActivityService }) {
  return async function routes(app: FastifyInstance) {
    const fastify = app.withTypeProvider<ZodTypeProvider>();

    fastify.get(
      '/trips',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['activity'],
          summary: "A vehicle's trips overlapping `from`–`to` (at most 31 days), oldest first",
          querystring: vehiclePeriodQuery,
          response: { 200: tripList, ...errors },
        },
      },
      async (request) => activityService.trips(request.role.unitId, request.query),
    );
    fastify.get(
      '/stops',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['activity'],
          summary: "A vehicle's stops (5 minutes still or longer) overlapping `from`–`to`, oldest first",
          querystring: vehiclePeriodQuery,
          response: { 200: stopList, ...errors },
        },
      },
      async (request) => activityService.stops(request.role.unitId, request.query),
    );

    fastify.get(
      '/detail_activity',
      {
        config: { auth: 'role', report: 'detail_activity' },
        schema: {
          tags: ['detail_activity'],
          summary:
            'Per vehicle and local day: distance, driving, idle and engine time, stops, first and last movement, speeds, violations',
          querystring: detailActivityQuery,
          response: { 200: detailActivityList, ...errors },
        },
      },
      async (request) => activityService.detailActivity(request.role.unitId, request.query),
    );
    fastify.get(
      '/reports/detail_activity',
      {
        config: { auth: 'role', report: 'detail_activity' },
        schema: {
          tags: ['detail_activity'],
          summary:
            'Every detail activity row of the list with its filters, and their totals, for the .xlsx export',
          querystring: detailActivityQuery.extend({
            Take: z.coerce.number().int().min(1).max(REPORT_MAX_ROWS).default(REPORT_MAX_ROWS),
          }),
          response: { 200: detailActivityReport, ...errors },
        },
      },
      async (request) => activityService.detailActivityReport(request.role.unitId, request.query),
    );

    fastify.post(
      '/logs/recalculate',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['activity'],
          summary:
            "Starts working a vehicle's trips, stops, days, visits and violations out again from its stored positions, from `from` to its latest fix; answers the job to follow",
          body: recalculateRequest,
          response: { 202: recalculateJob, ...errors, 409: problem },
        },
      },
      async (request, reply) => {
        const job = await activityService.startRecalculation(request.role.unitId, request.body);
        return reply.code(202).send(job);
      },
    );
    fastify.get(
      '/logs/recalculate',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['activity'],
          summary:
            "The unit's latest recalculations (or the one `jobId` names), newest first: queued, running (with its progress, 0 to 1), done (with what it wrote) or failed",
          querystring: recalculateJobQuery,
          response: { 200: recalculateJobList, ...errors },
        },
      },
      async (request) => activityService.jobs(request.role.unitId, request.query),
    );
  };
}
