import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParam,
  driverInput,
  driverList,
  driverRow,
  driverSearchQuery,
  importRequest,
  importResponse,
  problem,
} from '@pantau/contracts';
import type { DriversService } from './drivers.service.js';

/** Most rows a report (the table's .xlsx export) answers at once. */
const REPORT_MAX_ROWS = 10_000;
/** `GET /api/reports/pengemudi`: the list's filters and sort, every row (no page). */
const driverReportQuery = driverSearchQuery.extend({
  Take: z.coerce.number().int().min(1).max(REPORT_MAX_ROWS).default(REPORT_MAX_ROWS),
});
const driverParams = z.object({ pengemudiId: idParam() });

const errors = { 400: problem, 401: problem, 403: problem };
const writeErrors = { ...errors, 404: problem, 409: problem };

/** Drivers (pengemudi): driver management is the Administrator's, reads included. */
export function driversRoutes({ driversService }: { driversService: DriversService }) {
  return async function routes(app: FastifyInstance) {
    const fastify = app.withTypeProvider<ZodTypeProvider>();
    const actorOf = (request: { user: { userId: number; username: string } }) => ({
      userId: request.user.userId,
      username: request.user.username,
    });

    fastify.get(
      '/pengemudi',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['pengemudi'],
          summary: 'Drivers of the chosen unit: search, filters, sort (default by name), Take/Skip',
          querystring: driverSearchQuery,
          response: { 200: driverList, ...errors },
        },
      },
      async (request) => driversService.search(request.role.unitId, request.query),
    );

    fastify.get(
      '/reports/pengemudi',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['pengemudi'],
          summary: 'Every driver of the list with its filters and sort, for the .xlsx export',
          querystring: driverReportQuery,
          response: { 200: driverList, ...errors },
        },
      },
      async (request) => driversService.search(request.role.unitId, request.query),
    );

    fastify.get(
      '/pengemudi/:pengemudiId',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['pengemudi'],
          summary: "One driver of the chosen unit (another unit's driver is 404)",
          params: driverParams,
          response: { 200: driverRow, ...errors, 404: problem },
        },
      },
      async (request) => driversService.get(request.role.unitId, request.params.pengemudiId),
    );

    fastify.post(
      '/pengemudi',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['pengemudi'],
          summary: 'Add a driver (409 naming employeeNumber when the unit already has it)',
          body: driverInput,
          response: { 201: driverRow, ...writeErrors },
        },
      },
      async (request, reply) => {
        const row = await driversService.create(actorOf(request), request.role.unitId, request.body);
        return reply.code(201).send(row);
      },
    );

    fastify.post(
      '/pengemudi/import',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['pengemudi'],
          summary:
            'Import drivers from file rows: dryRun checks only; otherwise all rows are stored or none (400, errors at rows.<index>.<field>)',
          body: importRequest,
          response: { 200: importResponse, 201: importResponse, ...writeErrors },
        },
      },
      async (request, reply) => {
        const result = await driversService.importRows(actorOf(request), request.role.unitId, request.body);
        return reply.code(request.body.dryRun ? 200 : 201).send(result);
      },
    );

    fastify.put(
      '/pengemudi/:pengemudiId',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['pengemudi'],
          summary: 'Replace every field of a driver (aktif=false also takes them off their vehicles)',
          params: driverParams,
          body: driverInput,
          response: { 200: driverRow, ...writeErrors },
        },
      },
      async (request) =>
        driversService.update(
          actorOf(request),
          request.role.unitId,
          request.params.pengemudiId,
          request.body,
        ),
    );

    fastify.delete(
      '/pengemudi/:pengemudiId',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['pengemudi'],
          summary: 'Deactivate a driver and take them off their vehicles; past events keep them',
          params: driverParams,
          response: { 200: driverRow, ...writeErrors },
        },
      },
      async (request) =>
        driversService.deactivate(actorOf(request), request.role.unitId, request.params.pengemudiId),
    );
  };
}
