import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  REPORT_MAX_DAYS,
  REPORT_MAX_ROWS,
  overspeedList,
  overstopList,
  problem,
  violationQueryChecked,
  violationReportQueryChecked,
} from '@pantau/contracts';
import type { ViolationsService } from './violations.service.js';

const errors = { 400: problem, 401: problem, 403: problem, 404: problem };

/** Over speed and over stop (`/api/overspeed`, `/api/overstop` and their `reports/` forms). */
export function violationsRoutes({ violationsService }: { violationsService: ViolationsService }) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    for (const [report, what] of [
      ['overspeed', 'Over-speeds'],
      ['overstop', 'Over-stops'],
    ] as const) {
      const response = report === 'overspeed' ? overspeedList : overstopList;
      const read = (unitId: number, q: Parameters<ViolationsService['overspeed']>[1]) =>
        report === 'overspeed'
          ? violationsService.overspeed(unitId, q)
          : violationsService.overstop(unitId, q);
      app.get(
        `/${report}`,
        {
          config: { auth: 'role', report },
          schema: {
            tags: [report],
            summary: `${what} of the unit's vehicles that started in [from, to) (at most ${REPORT_MAX_DAYS} days), by vehicles and fleet, sorted; one page and the totals of all`,
            querystring: violationQueryChecked,
            response: { 200: response, ...errors },
          },
        },
        async (request) => read(request.role.unitId, request.query),
      );
      app.get(
        `/reports/${report}`,
        {
          config: { auth: 'role', report },
          schema: {
            tags: [report],
            summary: `Every row of the ${report} list’s period and filters at once (up to ${REPORT_MAX_ROWS}); files come from /api/export`,
            querystring: violationReportQueryChecked,
            response: { 200: response, ...errors },
          },
        },
        async (request) => read(request.role.unitId, request.query),
      );
    }
  };
}
