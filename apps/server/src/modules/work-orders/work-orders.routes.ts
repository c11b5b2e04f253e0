import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  currentWorkOrder,
  currentWorkOrderQuery,
  idParam,
  milestoneCorrection,
  MILESTONES,
  problem,
  workOrderCancel,
  workOrderDetail,
  workOrderInput,
  workOrderKindLabels,
  workOrderKindLabelsInput,
  workOrderList,
  workOrderSaved,
  workOrderSearchQuery,
  workOrderUnitList,
  workOrderUnitQuery,
} from '@pantau/contracts';
import { actorOf } from '../kit/actor.js';
import type { WorkOrdersService } from './work-orders.service.js';
import type { WorkOrderUnits } from './work-order-units.js';

const spkParams = z.object({ spkId: idParam() });
const milestoneParams = spkParams.extend({ milestone: z.enum(MILESTONES) });
const errors = { 400: problem, 401: problem, 403: problem };
const readErrors = { ...errors, 404: problem };
const writeErrors = { ...errors, 404: problem, 409: problem };

/**
 * Work orders (`/api/spk`, the spec's name): list, detail, the vehicle's current one, the unit's
 * vehicles with theirs, the kinds' labels. Reads: every role of the unit; writes: Administrator.
 */
export function workOrdersRoutes(deps: { service: WorkOrdersService; units: WorkOrderUnits }) {
  const { service, units } = deps;
  return async function routes(app: FastifyInstance) {
    const fastify = app.withTypeProvider<ZodTypeProvider>();

    fastify.get(
      '/spk',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['spk'],
          summary:
            'SPKs of the chosen unit: kind, status (comma-separated), vehicle, driver, route, fleet, run-date period, search, anomaly, kosongan; sorted; Take/Skip',
          querystring: workOrderSearchQuery,
          response: { 200: workOrderList, ...errors },
        },
      },
      async (request) => service.search(request.role.unitId, request.query),
    );

    fastify.post(
      '/spk',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['spk'],
          summary:
            'Create an SPK; 409 naming the field for a used number or a vehicle or driver that runs another SPK in its period',
          body: workOrderInput,
          response: { 201: workOrderSaved, ...writeErrors },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return service.create(actorOf(request), request.role.unitId, request.body);
      },
    );

    fastify.get(
      '/spk/current',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['spk'],
          summary: "A vehicle's current SPK (its active one with the earliest run date), or null",
          querystring: currentWorkOrderQuery,
          response: { 200: currentWorkOrder, ...readErrors },
        },
      },
      async (request) => ({ spk: await service.current(request.role.unitId, request.query.kendaraanId) }),
    );

    fastify.get(
      '/spk/unit',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['spk'],
          summary: "The unit's vehicles with their current SPK and how many they ran in the last 30 days",
          querystring: workOrderUnitQuery,
          response: { 200: workOrderUnitList, ...errors },
        },
      },
      async (request) => units.list(request.role.unitId, request.query),
    );

    fastify.get(
      '/spk/kinds',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['spk'],
          summary: "The unit's labels of the two SPK kinds (CCR and DT)",
          response: { 200: workOrderKindLabels, ...errors },
        },
      },
      async (request) => service.kinds(request.role.unitId),
    );

    fastify.put(
      '/spk/kinds',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['spk'],
          summary: "Rename the SPK kinds for the unit (their meaning is the operator's)",
          body: workOrderKindLabelsInput,
          response: { 200: workOrderKindLabels, ...errors },
        },
      },
      async (request) => service.setKinds(actorOf(request), request.role.unitId, request.body.results),
    );

    fastify.get(
      '/spk/:spkId',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['spk'],
          summary: 'One SPK with its milestones: time, source (detected or manual), geofence, correction',
          params: spkParams,
          response: { 200: workOrderDetail, ...readErrors },
        },
      },
      async (request) => service.detail(request.role.unitId, request.params.spkId),
    );

    fastify.put(
      '/spk/:spkId',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['spk'],
          summary: 'Change a waiting, on progress or abnormal SPK',
          params: spkParams,
          body: workOrderInput,
          response: { 200: workOrderSaved, ...writeErrors },
        },
      },
      async (request) =>
        service.update(actorOf(request), request.role.unitId, request.params.spkId, request.body),
    );

    fastify.post(
      '/spk/:spkId/cancel',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['spk'],
          summary: 'Cancel an SPK that is not done',
          params: spkParams,
          body: workOrderCancel,
          response: { 200: workOrderDetail, ...writeErrors },
        },
      },
      async (request) =>
        service.cancel(actorOf(request), request.role.unitId, request.params.spkId, request.body.reason),
    );

    fastify.put(
      '/spk/:spkId/milestones/:milestone',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['spk'],
          summary:
            "Correct a milestone's time by hand (audited), clear it (at: null) or go back to the detected time (revert)",
          params: milestoneParams,
          body: milestoneCorrection,
          response: { 200: workOrderDetail, ...writeErrors },
        },
      },
      async (request) =>
        service.correctMilestone(
          actorOf(request),
          request.role.unitId,
          request.params.spkId,
          request.params.milestone,
          request.body,
        ),
    );
  };
}
