import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GEOFENCE_IMPORT_MAX_BYTES,
  geofenceFeatureCollection,
  geofenceImportRequest,
  geofenceImportResponse,
  geofenceInput,
  geofenceList,
  geofenceRow,
  geofenceSearchQuery,
  idParam,
  problem,
} from '@pantau/contracts';
import { actorOf } from '../kit/actor.js';
import type { PolygonsService } from './polygons.service.js';

const polygonParams = z.object({ polygonId: idParam() });
const exportQuery = geofenceSearchQuery.omit({ Take: true, Skip: true });
const errors = { 400: problem, 401: problem, 403: problem };
const writeErrors = { ...errors, 404: problem, 409: problem };

/** Geofences (`/api/polygons`, the spec's name). Reads: every role of the unit; writes: Administrator. */
export function polygonsRoutes({ polygonsService }: { polygonsService: PolygonsService }) {
  return async function routes(app: FastifyInstance) {
    const fastify = app.withTypeProvider<ZodTypeProvider>();

    fastify.get(
      '/polygons',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['polygons'],
          summary:
            'Geofences of the chosen unit in map order: search over code and name, category and shape, Take/Skip',
          querystring: geofenceSearchQuery,
          response: { 200: geofenceList, ...errors },
        },
      },
      async (request) => polygonsService.search(request.role.unitId, request.query),
    );

    fastify.get(
      '/polygons/export',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['polygons'],
          summary:
            'Every geofence of the list as a GeoJSON FeatureCollection (a circle is its centre with radius, a corridor its line with width)',
          querystring: exportQuery,
          response: { 200: geofenceFeatureCollection, ...errors },
        },
      },
      async (request) => polygonsService.exportGeoJson(request.role.unitId, request.query),
    );

    fastify.get(
      '/polygons/:polygonId',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['polygons'],
          summary: "One geofence of the chosen unit (another unit's is 404)",
          params: polygonParams,
          response: { 200: geofenceRow, ...errors, 404: problem },
        },
      },
      async (request) => polygonsService.get(request.role.unitId, request.params.polygonId),
    );

    fastify.post(
      '/polygons',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['polygons'],
          summary:
            'Draw a geofence: 400 naming the field for a bad shape (crossing, too few or too many points, out of range, radius ≤ 0), 409 for a code the unit uses',
          body: geofenceInput,
          response: { 201: geofenceRow, ...writeErrors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await polygonsService.create(actorOf(request), request.role.unitId, request.body)),
    );

    fastify.post(
      '/polygons/import',
      {
        config: { auth: 'admin' },
        // The file travels as JSON text: room for the largest file with its escapes.
        bodyLimit: 2 * GEOFENCE_IMPORT_MAX_BYTES,
        schema: {
          tags: ['polygons'],
          summary:
            'Import geofences from GeoJSON or KML: dryRun checks each feature (the preview); otherwise all are stored or none (400, errors at features.<index>.<field>)',
          body: geofenceImportRequest,
          response: { 200: geofenceImportResponse, 201: geofenceImportResponse, ...writeErrors },
        },
      },
      async (request, reply) => {
        const result = await polygonsService.importFile(actorOf(request), request.role.unitId, request.body);
        return reply.code(request.body.dryRun ? 200 : 201).send(result);
      },
    );

    fastify.put(
      '/polygons/:polygonId',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['polygons'],
          summary: 'Replace every field of a geofence (its shape included)',
          params: polygonParams,
          body: geofenceInput,
          response: { 200: geofenceRow, ...writeErrors },
        },
      },
      async (request) =>
        polygonsService.update(actorOf(request), request.role.unitId, request.params.polygonId, request.body),
    );

    fastify.delete(
      '/polygons/:polygonId',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['polygons'],
          summary: 'Delete a geofence and its visits; routes starting or ending there keep their path',
          params: polygonParams,
          response: { 200: geofenceRow, ...writeErrors },
        },
      },
      async (request) =>
        polygonsService.remove(actorOf(request), request.role.unitId, request.params.polygonId),
    );
  };
}
