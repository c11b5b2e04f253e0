import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  brandOptions,
  problem,
  vehicleInput,
  vehicleList,
  vehicleRow,
  vehicleSearchQuery,
} from '@pantau/contracts';
import { resourceRoutes } from '../kit/resource.routes.js';
import type { VehiclesService } from './vehicles.service.js';

/** `kendaraan` keeps the spec's path name (DESIGN §5). Reads: every role of the unit; writes: Administrator. */
export function vehiclesRoutes({ vehiclesService }: { vehiclesService: VehiclesService }) {
  const managed = resourceRoutes(
    {
      path: '/kendaraan',
      exportPath: '/reports/kendaraan',
      idName: 'kendaraanId',
      tag: 'kendaraan',
      read: 'role',
      query: vehicleSearchQuery,
      list: vehicleList,
      row: vehicleRow,
      input: vehicleInput,
      summaries: {
        list: 'Vehicles of the chosen unit: search, filters, sort (default by nomorKendaraan), Take/Skip',
        export: 'Every vehicle of the list with its filters and sort, for the .xlsx export',
        get: "One vehicle of the chosen unit (another unit's vehicle is 404)",
        create: 'Register a vehicle (409 naming nomorPolisi, pantauKendaraanId or nomorKendaraan when taken)',
        import:
          'Import vehicles from file rows: dryRun checks only; otherwise all rows are stored or none (400, errors at rows.<index>.<field>)',
        update: 'Replace every field of a vehicle',
        deactivate: 'Deactivate a vehicle (aktif=false); its history, positions and events stay',
      },
    },
    vehiclesService,
  );

  return async function routes(fastify: FastifyInstance) {
    await managed(fastify);
    fastify.withTypeProvider<ZodTypeProvider>().get(
      '/kendaraan/merk',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['kendaraan'],
          summary: 'Brands (merk) with their types (tipe), for the vehicle form',
          response: { 200: brandOptions, 400: problem, 401: problem, 403: problem },
        },
      },
      async () => vehiclesService.brandOptions(),
    );
  };
}
