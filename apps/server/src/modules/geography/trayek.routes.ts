import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParam,
  problem,
  routeFromTrip,
  routeFromTripInput,
  routeFromTripQuery,
  routeIdQuery,
  routeInput,
  routeList,
  routePath,
  routePathInput,
  routePointList,
  routePointsInput,
  routeRow,
  routeSearchQuery,
  vehicleRoute,
  vehicleRouteInput,
} from '@pantau/contracts';
import { actorOf } from '../kit/actor.js';
import type { TrayekService } from './trayek.service.js';

const trayekParams = z.object({ trayekId: idParam() });
const vehicleParams = z.object({ kendaraanId: idParam() });
const errors = { 400: problem, 401: problem, 403: problem };
const readErrors = { ...errors, 404: problem };
const writeErrors = { ...errors, 404: problem, 409: problem };

/**
 * Routes (`/api/trayek`, the spec's name) with their waypoints (`trayek/points`) and path
 * (`trayek/jalur`), and the route a vehicle drives now. Reads: every role of the unit; writes: Administrator.
 */
export function trayekRoutes({ trayekService }: { trayekService: TrayekService }) {
  return async function routes(app: FastifyInstance) {
    const fastify = app.withTypeProvider<ZodTypeProvider>();

    fastify.get(
      '/trayek',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['trayek'],
          summary:
            'Routes of the chosen unit by code: search over code, name, origin and destination; custom, aktif; Take/Skip',
          querystring: routeSearchQuery,
          response: { 200: routeList, ...errors },
        },
      },
      async (request) => trayekService.search(request.role.unitId, request.query),
    );

    fastify.get(
      '/trayek/points',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['trayek'],
          summary: 'The ordered waypoints of a route',
          querystring: routeIdQuery,
          response: { 200: routePointList, ...readErrors },
        },
      },
      async (request) => trayekService.points(request.role.unitId, request.query.trayekId),
    );

    fastify.put(
      '/trayek/points',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['trayek'],
          summary: 'Replace the waypoints of a route (its path stays as drawn)',
          querystring: routeIdQuery,
          body: routePointsInput,
          response: { 200: routePointList, ...writeErrors },
        },
      },
      async (request) =>
        trayekService.setPoints(
          actorOf(request),
          request.role.unitId,
          request.query.trayekId,
          request.body.waypoints,
        ),
    );

    fastify.get(
      '/trayek/jalur',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['trayek'],
          summary: 'The path of a route, its corridor width and length',
          querystring: routeIdQuery,
          response: { 200: routePath, ...readErrors },
        },
      },
      async (request) => trayekService.path(request.role.unitId, request.query.trayekId),
    );

    fastify.put(
      '/trayek/jalur',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['trayek'],
          summary:
            'Replace the path of a route (drawn on the map, or a previewed trip), and its corridor width',
          querystring: routeIdQuery,
          body: routePathInput,
          response: { 200: routePath, ...writeErrors },
        },
      },
      async (request) =>
        trayekService.setPath(actorOf(request), request.role.unitId, request.query.trayekId, request.body),
    );

    fastify.post(
      '/trayek/jalur/from-trip',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['trayek'],
          summary: "The route's path becomes a vehicle's recorded track over a period, simplified",
          querystring: routeIdQuery,
          body: routeFromTripInput,
          response: { 200: routePath, ...writeErrors },
        },
      },
      async (request) =>
        trayekService.setPathFromTrip(
          actorOf(request),
          request.role.unitId,
          request.query.trayekId,
          request.body,
        ),
    );

    fastify.get(
      '/trayek/from-trip',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['trayek'],
          summary:
            "Preview of a path from a vehicle's recorded track over a period (at most 14 days), simplified",
          querystring: routeFromTripQuery,
          response: { 200: routeFromTrip, ...readErrors },
        },
      },
      async (request) => trayekService.fromTrip(request.role.unitId, request.query),
    );

    fastify.get(
      '/trayek/:trayekId',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['trayek'],
          summary: "One route of the chosen unit (another unit's is 404)",
          params: trayekParams,
          response: { 200: routeRow, ...readErrors },
        },
      },
      async (request) => trayekService.get(request.role.unitId, request.params.trayekId),
    );

    fastify.post(
      '/trayek',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['trayek'],
          summary:
            'Add a route: places must be geofences of the unit (400 naming the field), a code the unit uses is 409; without a path, straight lines join its places',
          body: routeInput,
          response: { 201: routeRow, ...writeErrors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await trayekService.create(actorOf(request), request.role.unitId, request.body)),
    );

    fastify.put(
      '/trayek/:trayekId',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['trayek'],
          summary: 'Replace every field of a route, its waypoints and path',
          params: trayekParams,
          body: routeInput,
          response: { 200: routeRow, ...writeErrors },
        },
      },
      async (request) =>
        trayekService.update(actorOf(request), request.role.unitId, request.params.trayekId, request.body),
    );

    fastify.delete(
      '/trayek/:trayekId',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['trayek'],
          summary: 'Delete a route; vehicles on it are left without one, past over-routes stay',
          params: trayekParams,
          response: { 200: routeRow, ...writeErrors },
        },
      },
      async (request) => trayekService.remove(actorOf(request), request.role.unitId, request.params.trayekId),
    );

    fastify.get(
      '/kendaraan/:kendaraanId/trayek',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['trayek'],
          summary: 'The route a vehicle drives now (none: trayekId null)',
          params: vehicleParams,
          response: { 200: vehicleRoute, ...readErrors },
        },
      },
      async (request) => trayekService.vehicleRoute(request.role.unitId, request.params.kendaraanId),
    );

    fastify.put(
      '/kendaraan/:kendaraanId/trayek',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['trayek'],
          summary: 'Set the route a vehicle drives now (null: none); over-route is checked against it',
          params: vehicleParams,
          body: vehicleRouteInput,
          response: { 200: vehicleRoute, ...writeErrors },
        },
      },
      async (request) =>
        trayekService.setVehicleRoute(
          actorOf(request),
          request.role.unitId,
          request.params.kendaraanId,
          request.body.trayekId,
        ),
    );
  };
}
