import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParam,
  fleetInput,
  fleetList,
  fleetRow,
  fleetSearchQuery,
  fleetVehicleList,
  fleetVehiclesInput,
  problem,
  unitInfo,
  unitInfoInput,
} from '@pantau/contracts';
import { unitActorOf as actorOf } from '../kit/actor.js';
import type { FleetsService } from './fleets.service.js';

const fleetParams = z.object({ fleetId: idParam() });
const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem };

/**
 * Fleets of the chosen unit (`/api/units/fleet…`) and the unit's own info (`/api/units/info`): the
 * Administrator's, but for the list of fleets, which every role of the unit reads (the fleet filter of
 * the reports a User reads, the SPKs every role reads).
 */
export function fleetsRoutes({ fleetsService }: { fleetsService: FleetsService }) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const admin = { auth: 'admin' as const };

    app.get(
      '/units/fleet',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['units'],
          summary: 'Fleets of the chosen unit with their vehicle counts',
          querystring: fleetSearchQuery,
          response: { 200: fleetList, ...errors },
        },
      },
      async (request) => fleetsService.list(actorOf(request), request.query),
    );

    app.post(
      '/units/fleet',
      {
        config: admin,
        schema: {
          tags: ['units'],
          summary: 'A new fleet in the chosen unit',
          body: fleetInput,
          response: { 201: fleetRow, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await fleetsService.create(actorOf(request), request.body)),
    );

    app.put(
      '/units/fleet/:fleetId',
      {
        config: admin,
        schema: {
          tags: ['units'],
          summary: 'Renames a fleet',
          params: fleetParams,
          body: fleetInput,
          response: { 200: fleetRow, ...errors },
        },
      },
      async (request) => fleetsService.rename(actorOf(request), request.params.fleetId, request.body),
    );

    app.delete(
      '/units/fleet/:fleetId',
      {
        config: admin,
        schema: {
          tags: ['units'],
          summary: 'Deletes a fleet and its memberships (the vehicles stay)',
          params: fleetParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await fleetsService.remove(actorOf(request), request.params.fleetId);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/units/fleet/:fleetId/vehicles',
      {
        config: admin,
        schema: {
          tags: ['units'],
          summary: "The fleet's vehicles",
          params: fleetParams,
          response: { 200: fleetVehicleList, ...errors },
        },
      },
      async (request) => fleetsService.vehicles(actorOf(request), request.params.fleetId),
    );

    app.put(
      '/units/fleet/:fleetId/vehicles',
      {
        config: admin,
        schema: {
          tags: ['units'],
          summary: "Replaces the fleet's vehicles (vehicles of the chosen unit only)",
          params: fleetParams,
          body: fleetVehiclesInput,
          response: { 200: fleetVehicleList, ...errors },
        },
      },
      async (request) =>
        fleetsService.setVehicles(actorOf(request), request.params.fleetId, request.body.kendaraanIds),
    );

    app.get(
      '/units/info',
      {
        config: admin,
        schema: {
          tags: ['units'],
          summary: "The chosen unit's own information",
          response: { 200: unitInfo, ...errors },
        },
      },
      async (request) => fleetsService.unitInfo(actorOf(request)),
    );

    app.put(
      '/units/info',
      {
        config: admin,
        schema: {
          tags: ['units'],
          summary: "Updates the chosen unit's name, address, phone and time zone",
          body: unitInfoInput,
          response: { 200: unitInfo, ...errors },
        },
      },
      async (request) => fleetsService.updateUnitInfo(actorOf(request), request.body),
    );
  };
}
