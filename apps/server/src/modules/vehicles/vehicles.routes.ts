import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { problem, vehicleList, vehicleListQuery } from '@pantau/contracts';
import type { ManagementDeps } from '../management-deps.js';
import { createVehiclesRepo } from './vehicles.repo.js';
import { createVehiclesService } from './vehicles.service.js';

/** `kendaraan` keeps the spec's path name (DESIGN §5). */
export function vehiclesRoutes(deps: ManagementDeps) {
  const vehiclesService = createVehiclesService({ vehiclesRepo: createVehiclesRepo(deps.db) });
  return async function routes(fastify: FastifyInstance) {
    fastify.withTypeProvider<ZodTypeProvider>().get(
      '/kendaraan',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['kendaraan'],
          summary: 'Vehicles of the chosen unit, ordered by hull number (nomorKendaraan)',
          querystring: vehicleListQuery,
          response: { 200: vehicleList, 400: problem, 401: problem, 403: problem },
        },
      },
      async (request) => vehiclesService.listOfUnit(request.role.unitId, request.query),
    );
  };
}
