import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParam,
  brandOptions,
  importRequest,
  importResponse,
  problem,
  vehicleInput,
  vehicleList,
  vehicleRow,
  vehicleSearchQuery,
} from '@pantau/contracts';
import type { VehiclesService } from './vehicles.service.js';

/** Most rows a report (the table's .xlsx export) answers at once. */
export const REPORT_MAX_ROWS = 10_000;
/** `GET /api/reports/kendaraan`: the list's filters and sort, every row (no page). */
const vehicleReportQuery = vehicleSearchQuery.extend({
  Take: z.coerce.number().int().min(1).max(REPORT_MAX_ROWS).default(REPORT_MAX_ROWS),
});
const vehicleParams = z.object({ kendaraanId: idParam() });

const errors = { 400: problem, 401: problem, 403: problem };
const writeErrors = { ...errors, 404: problem, 409: problem };

/** `kendaraan` keeps the spec's path name (DESIGN §5). Reads: every role of the unit; writes: Administrator. */
export function vehiclesRoutes({ vehiclesService }: { vehiclesService: VehiclesService }) {
  return async function routes(app: FastifyInstance) {
    const fastify = app.withTypeProvider<ZodTypeProvider>();
    const actorOf = (request: { user: { userId: number; username: string } }) => ({
      userId: request.user.userId,
      username: request.user.username,
    });

    fastify.get(
      '/kendaraan',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['kendaraan'],
          summary:
            'Vehicles of the chosen unit: search, filters, sort (default by nomorKendaraan), Take/Skip',
          querystring: vehicleSearchQuery,
          response: { 200: vehicleList, ...errors },
        },
      },
      async (request) => vehiclesService.search(request.role.unitId, request.query),
    );

    fastify.get(
      '/reports/kendaraan',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['kendaraan'],
          summary: 'Every vehicle of the list with its filters and sort, for the .xlsx export',
          querystring: vehicleReportQuery,
          response: { 200: vehicleList, ...errors },
        },
      },
      async (request) => vehiclesService.search(request.role.unitId, request.query),
    );

    fastify.get(
      '/kendaraan/merk',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['kendaraan'],
          summary: 'Brands (merk) with their types (tipe), for the vehicle form',
          response: { 200: brandOptions, ...errors },
        },
      },
      async () => vehiclesService.brandOptions(),
    );

    fastify.get(
      '/kendaraan/:kendaraanId',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['kendaraan'],
          summary: "One vehicle of the chosen unit (another unit's vehicle is 404)",
          params: vehicleParams,
          response: { 200: vehicleRow, ...errors, 404: problem },
        },
      },
      async (request) => vehiclesService.get(request.role.unitId, request.params.kendaraanId),
    );

    fastify.post(
      '/kendaraan',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['kendaraan'],
          summary:
            'Register a vehicle (409 naming nomorPolisi, pantauKendaraanId or nomorKendaraan when taken)',
          body: vehicleInput,
          response: { 201: vehicleRow, ...writeErrors },
        },
      },
      async (request, reply) => {
        const row = await vehiclesService.create(actorOf(request), request.role.unitId, request.body);
        return reply.code(201).send(row);
      },
    );

    fastify.post(
      '/kendaraan/import',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['kendaraan'],
          summary:
            'Import vehicles from file rows: dryRun checks only; otherwise all rows are stored or none (400, errors at rows.<index>.<field>)',
          body: importRequest,
          response: { 200: importResponse, 201: importResponse, ...writeErrors },
        },
      },
      async (request, reply) => {
        const result = await vehiclesService.importRows(actorOf(request), request.role.unitId, request.body);
        return reply.code(request.body.dryRun ? 200 : 201).send(result);
      },
    );

    fastify.put(
      '/kendaraan/:kendaraanId',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['kendaraan'],
          summary: 'Replace every field of a vehicle',
          params: vehicleParams,
          body: vehicleInput,
          response: { 200: vehicleRow, ...writeErrors },
        },
      },
      async (request) =>
        vehiclesService.update(
          actorOf(request),
          request.role.unitId,
          request.params.kendaraanId,
          request.body,
        ),
    );

    fastify.delete(
      '/kendaraan/:kendaraanId',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['kendaraan'],
          summary: 'Deactivate a vehicle (aktif=false); its history, positions and events stay',
          params: vehicleParams,
          response: { 200: vehicleRow, ...writeErrors },
        },
      },
      async (request) =>
        vehiclesService.deactivate(actorOf(request), request.role.unitId, request.params.kendaraanId),
    );
  };
}
