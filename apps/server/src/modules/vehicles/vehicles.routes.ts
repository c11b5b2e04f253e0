import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { problem, vehicleList, vehicleListQuery } from '@pantau/contracts';
import type { VehiclesService } from './vehicles.service.js';

/** `kendaraan` keeps the spec's path name (DESIGN §5). */
export function vehiclesRoutes(deps: { vehiclesService: VehiclesService }) {
  return async function routes(fastify: FastifyInstance) {
    fastify.withTypeProvider<ZodTypeProvider>().get(
      '/',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['kendaraan'],
          summary: 'Vehicles of the chosen unit, ordered by hull number (nomorKendaraan)',
          querystring: vehicleListQuery,
          response: { 200: vehicleList, 400: problem, 401: problem, 403: problem },
        },
      },
      async (request) => deps.vehiclesService.listOfUnit(request.role.unitId, request.query),
    );
  };
}
