import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, markerInput, markerList, markerRow, markerSearchQuery, problem } from '@pantau/contracts';
import { actorOf } from '../kit/actor.js';
import type { MarkersService } from './markers.service.js';

const markerParams = z.object({ markerId: idParam() });
const errors = { 400: problem, 401: problem, 403: problem };
const writeErrors = { ...errors, 404: problem, 409: problem };

/** Markers (POIs, `/api/markers`). Reads: every role of the unit; writes: Administrator. */
export function markersRoutes({ markersService }: { markersService: MarkersService }) {
  return async function routes(app: FastifyInstance) {
    const fastify = app.withTypeProvider<ZodTypeProvider>();

    fastify.get(
      '/markers',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['markers'],
          summary: 'Markers (POIs) of the chosen unit by name: search, icon, Take/Skip',
          querystring: markerSearchQuery,
          response: { 200: markerList, ...errors },
        },
      },
      async (request) => markersService.search(request.role.unitId, request.query),
    );

    fastify.get(
      '/markers/:markerId',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['markers'],
          summary: "One marker of the chosen unit (another unit's is 404)",
          params: markerParams,
          response: { 200: markerRow, ...errors, 404: problem },
        },
      },
      async (request) => markersService.get(request.role.unitId, request.params.markerId),
    );

    fastify.post(
      '/markers',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['markers'],
          summary: 'Place a marker: a named point with an icon',
          body: markerInput,
          response: { 201: markerRow, ...writeErrors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await markersService.create(actorOf(request), request.role.unitId, request.body)),
    );

    fastify.put(
      '/markers/:markerId',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['markers'],
          summary: 'Replace every field of a marker',
          params: markerParams,
          body: markerInput,
          response: { 200: markerRow, ...writeErrors },
        },
      },
      async (request) =>
        markersService.update(actorOf(request), request.role.unitId, request.params.markerId, request.body),
    );

    fastify.delete(
      '/markers/:markerId',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['markers'],
          summary: 'Delete a marker',
          params: markerParams,
          response: { 200: markerRow, ...writeErrors },
        },
      },
      async (request) =>
        markersService.remove(actorOf(request), request.role.unitId, request.params.markerId),
    );
  };
}
