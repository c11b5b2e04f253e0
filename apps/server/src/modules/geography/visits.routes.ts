import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  geofenceVisitList,
  geofenceVisitQuery,
  overRouteList,
  overRouteQuery,
  problem,
  withPeriodCheck,
} from '@pantau/contracts';
import type { VisitsService } from './visits.service.js';

/** Most rows a report (the table's .xlsx export) answers at once. */
const REPORT_MAX_ROWS = 10_000;
const reportPage = { Take: z.coerce.number().int().min(1).max(REPORT_MAX_ROWS).default(REPORT_MAX_ROWS) };
const errors = { 400: problem, 401: problem, 403: problem };

/** Visits (`loggeopoint`) and over-routes (`overroute`), with their reports; every role of the unit reads. */
export function visitsRoutes({ visitsService }: { visitsService: VisitsService }) {
  return async function routes(app: FastifyInstance) {
    const fastify = app.withTypeProvider<ZodTypeProvider>();

    for (const [path, querystring, summary, report] of [
      [
        '/loggeopoint',
        withPeriodCheck(geofenceVisitQuery),
        'Geofence visits by vehicle, geofence, category and period, newest first; an open visit is "inside since" enter (every role: the map shows who is inside)',
        undefined,
      ],
      [
        '/reports/loggeopoint',
        withPeriodCheck(geofenceVisitQuery.extend(reportPage)),
        'Every geofence visit of the list with its filters (the geofence report)',
        'loggeopoint',
      ],
    ] as const)
      fastify.get(
        path,
        {
          config: report ? { auth: 'role', report } : { auth: 'role' },
          schema: {
            tags: ['loggeopoint'],
            summary,
            querystring,
            response: { 200: geofenceVisitList, ...errors },
          },
        },
        async (request) => visitsService.visits(request.role.unitId, request.query),
      );

    for (const [path, querystring, summary] of [
      [
        '/overroute',
        withPeriodCheck(overRouteQuery),
        'Over-routes (a vehicle off its route’s corridor) by vehicle, route and period, newest first',
      ],
      [
        '/reports/overroute',
        withPeriodCheck(overRouteQuery.extend(reportPage)),
        'Every over-route of the list with its filters (the over route report)',
      ],
    ] as const)
      fastify.get(
        path,
        {
          config: { auth: 'role', report: 'overroute' },
          schema: { tags: ['overroute'], summary, querystring, response: { 200: overRouteList, ...errors } },
        },
        async (request) => visitsService.overRoutes(request.role.unitId, request.query),
      );
  };
}
