import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  driverRecap,
  driverRecapQuery,
  importRequest,
  monthlyRecap,
  monthlyRecapQuery,
  problem,
  workOrderImportResponse,
  workOrderMatching,
  workOrderMatchingQuery,
  workOrderMatchingReportQuery,
} from '@pantau/contracts';
import { actorOf } from '../kit/actor.js';
import type { RecapsService } from './recaps.service.js';
import type { WorkOrderImport } from './work-orders.import.js';

const errors = { 400: problem, 401: problem, 403: problem };

/**
 * SPK import (Administrator), matching to recorded trips and the recaps. Matching and recaps follow
 * the report rule (`spk_matching`, `spk_recap`): every role of the unit but a Guest.
 */
export function recapsRoutes(deps: { recaps: RecapsService; importer: WorkOrderImport }) {
  const { recaps, importer } = deps;
  return async function routes(app: FastifyInstance) {
    const fastify = app.withTypeProvider<ZodTypeProvider>();

    fastify.post(
      '/spk/import',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['spk'],
          summary:
            'Import SPKs from the rows of an .xlsx or .csv file, each checked as a create (and against the other rows); dryRun previews; all or nothing',
          body: importRequest,
          response: { 200: workOrderImportResponse, 201: workOrderImportResponse, ...errors, 409: problem },
        },
      },
      async (request, reply) => {
        const result = await importer.importRows(actorOf(request), request.role.unitId, request.body);
        return reply.code(request.body.dryRun ? 200 : 201).send(result);
      },
    );

    for (const [path, querystring, summary] of [
      [
        '/spk/matching',
        workOrderMatchingQuery,
        'SPKs of a period (run date, at most 31 days) with the recorded trips in their trip window and their distance, and trips that ran with no SPK (unbilled use); Take/Skip and unbilledTake/unbilledSkip',
      ],
      [
        '/reports/spk/matching',
        workOrderMatchingReportQuery,
        'The SPK matching of a period as a report: every row up to 10,000 unless Take says fewer',
      ],
    ] as const)
      fastify.get(
        path,
        {
          config: { auth: 'role', report: 'spk_matching' },
          schema: { tags: ['spk'], summary, querystring, response: { 200: workOrderMatching, ...errors } },
        },
        async (request) => recaps.matching(request.role.unitId, request.query),
      );

    fastify.get(
      '/recap/monthly',
      {
        config: { auth: 'role', report: 'spk_recap' },
        schema: {
          tags: ['spk'],
          summary:
            'SPK recap per local month of the run date (period of up to 12 months) and per route: counts by status, on time and over lead and circle time, average actual times, anomalies by kind',
          querystring: monthlyRecapQuery,
          response: { 200: monthlyRecap, ...errors },
        },
      },
      async (request) => recaps.monthly(request.role.unitId, request.query),
    );

    fastify.get(
      '/recap/pengemudi',
      {
        config: { auth: 'role', report: 'spk_recap' },
        schema: {
          tags: ['spk'],
          summary:
            'SPK recap per driver (as driver 1 or 2) over a period of up to 12 months: SPKs, done, abnormal, over, actual hours, distance on SPK trips; sorted, Take/Skip, totals',
          querystring: driverRecapQuery,
          response: { 200: driverRecap, ...errors },
        },
      },
      async (request) => recaps.drivers(request.role.unitId, request.query),
    );
  };
}
