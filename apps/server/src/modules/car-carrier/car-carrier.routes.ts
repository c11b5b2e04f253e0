import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  ccDaily,
  ccMonthlyQuery,
  ccPeriodQuery,
  ccStatusList,
  ccSummary,
  ccUtility,
  ccVehicleDayList,
  ccVehicleDayQuery,
  ccWeeklyQuery,
  ccYearlyQuery,
  problem,
} from '@pantau/contracts';
import type { CarCarrierService } from './car-carrier.service.js';

const errors = { 400: problem, 401: problem, 403: problem };

/**
 * The Car Carrier group (Administrator): activity per day and per vehicle-day, the summary by unit and
 * fleet, utility by week, month and year, and each car carrier's status now.
 */
export function carCarrierRoutes(deps: {
  service: CarCarrierService;
  status: (unitId: number) => Promise<z.infer<typeof ccStatusList>>;
}) {
  const { service } = deps;
  return async function routes(app: FastifyInstance) {
    const fastify = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['car carrier'];

    fastify.get(
      '/activities/daily',
      {
        config: { auth: 'admin' },
        schema: {
          tags,
          summary:
            'Per day of the period (days in the unit zone, from/to inclusive): total activity, idle ready, idle trouble and their shares',
          querystring: ccPeriodQuery,
          response: { 200: ccDaily, ...errors },
        },
      },
      async (request) => service.daily(request.role.unitId, request.query),
    );

    fastify.get(
      '/reports/activities/daily',
      {
        config: { auth: 'admin' },
        schema: {
          tags,
          summary: "Each car carrier's days with their class, engine-on and trouble hours and SPKs; paged",
          querystring: ccVehicleDayQuery,
          response: { 200: ccVehicleDayList, ...errors },
        },
      },
      async (request) => service.vehicleDays(request.role.unitId, request.query),
    );

    fastify.get(
      '/activities/summary',
      {
        config: { auth: 'admin' },
        schema: {
          tags,
          summary:
            'The period by unit (parent) and by fleet: activity, idle ready, idle trouble and their shares',
          querystring: ccPeriodQuery,
          response: { 200: ccSummary, ...errors },
        },
      },
      async (request) => service.summary(request.role.unitId, request.query),
    );

    fastify.get(
      '/utilitas/weekly',
      {
        config: { auth: 'admin' },
        schema: {
          tags,
          summary: 'Utility of the seven days from `from`, a row per day',
          querystring: ccWeeklyQuery,
          response: { 200: ccUtility, ...errors },
        },
      },
      async (request) => service.weekly(request.role.unitId, request.query),
    );

    fastify.get(
      '/utilitas/monthly',
      {
        config: { auth: 'admin' },
        schema: {
          tags,
          summary: 'Utility of a month (`month=YYYY-MM`), a row per day; no month: "Please Enter Month !!!"',
          querystring: ccMonthlyQuery,
          response: { 200: ccUtility, ...errors },
        },
      },
      async (request) => service.monthly(request.role.unitId, request.query),
    );

    fastify.get(
      '/utilitas/yearly',
      {
        config: { auth: 'admin' },
        schema: {
          tags,
          summary: 'Utility of a year (`year=YYYY`), a row per month; no year: "Please Enter Year !!!"',
          querystring: ccYearlyQuery,
          response: { 200: ccUtility, ...errors },
        },
      },
      async (request) => service.yearly(request.role.unitId, request.query),
    );

    fastify.get(
      '/kendaraan/status',
      {
        config: { auth: 'admin' },
        schema: {
          tags,
          summary:
            'Each car carrier now: ready, or trouble (an open incident or maintenance, expired papers)',
          response: { 200: ccStatusList, ...errors },
        },
      },
      async (request) => deps.status(request.role.unitId),
    );
  };
}
