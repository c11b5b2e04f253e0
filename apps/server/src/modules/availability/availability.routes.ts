import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  availabilityHistory,
  availabilityHistoryQuery,
  availabilityList,
  availabilityQuery,
  availabilitySummary,
  availabilitySummaryQuery,
  idParam,
  incidentInput,
  incidentList,
  incidentRow,
  maintenanceInput,
  maintenanceList,
  maintenanceRow,
  pretripCheckInput,
  pretripCheckList,
  pretripCheckRow,
  problem,
  vehicleHealthQuery,
} from '@pantau/contracts';
import { z } from 'zod';
import { actorOf, type Actor } from '../kit/actor.js';
import type { AvailabilityService } from './availability.service.js';
import type { HealthService } from './health.service.js';

/** One kind of record's service, as the routes call it (the schemas check what goes in and out). */
interface Records {
  list(unitId: number, q: z.infer<typeof vehicleHealthQuery>): Promise<unknown>;
  one(unitId: number, id: number): Promise<unknown>;
  create(actor: Actor, unitId: number, input: never): Promise<unknown>;
  update(actor: Actor, unitId: number, id: number, input: never): Promise<unknown>;
  remove(actor: Actor, unitId: number, id: number): Promise<unknown>;
}

const errors = { 400: problem, 401: problem, 403: problem };
const writeErrors = { ...errors, 404: problem, 409: problem };

/**
 * Availability (`availability/summary`, `kendaraan/availability` and its history: the Administrator's
 * page) and the vehicle records behind it: maintenance orders, incidents and pre-trip checks (read by
 * every role of the unit, written by its Administrators).
 */
export function availabilityRoutes(deps: { availability: AvailabilityService; health: HealthService }) {
  const { availability, health } = deps;
  return async function routes(app: FastifyInstance) {
    const fastify = app.withTypeProvider<ZodTypeProvider>();

    fastify.get(
      '/availability/summary',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['availability'],
          summary:
            "The unit's vehicles counted by availability category, with the STNK and KIR paper counts, per fleet too",
          querystring: availabilitySummaryQuery,
          response: { 200: availabilitySummary, ...errors },
        },
      },
      async (request) => availability.summary(request.role.unitId, request.query.fleetId),
    );

    fastify.get(
      '/kendaraan/availability',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['availability'],
          summary:
            "Each vehicle's availability category, the reason and since when; fleet, category, paper, search",
          querystring: availabilityQuery,
          response: { 200: availabilityList, ...errors },
        },
      },
      async (request) => availability.list(request.role.unitId, request.query),
    );

    fastify.get(
      '/kendaraan/availability/history',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['availability'],
          summary: "A vehicle's availability categories over a period, as kept",
          querystring: availabilityHistoryQuery,
          response: { 200: availabilityHistory, ...errors },
        },
      },
      async (request) =>
        availability.history(
          request.role.unitId,
          request.query.kendaraanId,
          request.query.from,
          request.query.to,
        ),
    );

    /** GET list, POST, GET one, PUT, DELETE for one kind of record. */
    function records(o: {
      path: string;
      /** The path parameter's name: maintenanceId, incidentId, checkId. */
      idName: string;
      what: string;
      input: z.ZodType;
      row: z.ZodType;
      list: z.ZodType;
      service: Records;
    }) {
      const tags = ['vehicle health'];
      const params = z.object({ [o.idName]: idParam() });
      const idOf = (p: unknown) => (p as Record<string, number>)[o.idName]!;
      fastify.get(
        `/${o.path}`,
        {
          config: { auth: 'role' },
          schema: {
            tags,
            summary: `${o.what} of the unit's vehicles, newest first: vehicle, open, period; Take/Skip`,
            querystring: vehicleHealthQuery,
            response: { 200: o.list, ...errors },
          },
        },
        async (request) => o.service.list(request.role.unitId, request.query),
      );
      fastify.post(
        `/${o.path}`,
        {
          config: { auth: 'admin' },
          schema: {
            tags,
            summary: `Record ${o.what}`,
            body: o.input,
            response: { 201: o.row, ...writeErrors },
          },
        },
        async (request, reply) => {
          reply.code(201);
          return o.service.create(actorOf(request), request.role.unitId, request.body as never);
        },
      );
      fastify.get(
        `/${o.path}/:${o.idName}`,
        {
          config: { auth: 'role' },
          schema: {
            tags,
            summary: `One of the ${o.what}`,
            params,
            response: { 200: o.row, ...writeErrors },
          },
        },
        async (request) => o.service.one(request.role.unitId, idOf(request.params)),
      );
      fastify.put(
        `/${o.path}/:${o.idName}`,
        {
          config: { auth: 'admin' },
          schema: {
            tags,
            summary: `Change one of the ${o.what} (close it with closedAt / passedAt)`,
            params,
            body: o.input,
            response: { 200: o.row, ...writeErrors },
          },
        },
        async (request) =>
          o.service.update(
            actorOf(request),
            request.role.unitId,
            idOf(request.params),
            request.body as never,
          ),
      );
      fastify.delete(
        `/${o.path}/:${o.idName}`,
        {
          config: { auth: 'admin' },
          schema: {
            tags,
            summary: `Delete one of the ${o.what}; answers it as it was`,
            params,
            response: { 200: o.row, ...writeErrors },
          },
        },
        async (request) => o.service.remove(actorOf(request), request.role.unitId, idOf(request.params)),
      );
    }

    records({
      path: 'maintenance',
      idName: 'maintenanceId',
      what: 'Maintenance orders',
      input: maintenanceInput,
      row: maintenanceRow,
      list: maintenanceList,
      service: health.maintenance as Records,
    });
    records({
      path: 'incidents',
      idName: 'incidentId',
      what: 'Incidents',
      input: incidentInput,
      row: incidentRow,
      list: incidentList,
      service: health.incidents as Records,
    });
    records({
      path: 'p2h',
      idName: 'checkId',
      what: 'Pre-trip checks (P2H)',
      input: pretripCheckInput,
      row: pretripCheckRow,
      list: pretripCheckList,
      service: health.checks as Records,
    });
  };
}
