import { and, count, desc, eq, gte, inArray, lt, or, isNull, sql, type AnyColumn } from 'drizzle-orm';
import type { GeofenceVisitQuery, OverRouteQuery } from '@pantau/contracts';
import type { Db } from '../../db/client.js';
import {
  events,
  geofences,
  geofenceVisits,
  routes,
  vehicleFleets,
  vehicleState,
  vehicles,
} from '../../db/schema/index.js';

type Page = { Take: number; Skip: number };
const inFleet = (vehicleId: AnyColumn, fleetId: number) =>
  sql`exists (select 1 from ${vehicleFleets} where ${vehicleFleets.vehicleId} = ${vehicleId}
    and ${vehicleFleets.fleetId} = ${fleetId})`;
const routeIdOf = sql<number | null>`(${events.attributes}->>'routeId')::int`;

/** What the pipeline derived from the unit's geography: visits (loggeopoint) and over-routes. */
export function createVisitsRepo(db: Db) {
  return {
    /**
     * The unit's visits matching the filters, newest first, and how many match. The total duration counts
     * an open visit to its vehicle's latest fix (`now` when there is none), as the rows do.
     */
    async visits(unitId: number, q: Partial<GeofenceVisitQuery> & Page, now: Date) {
      const where = and(
        eq(geofenceVisits.unitId, unitId),
        q.kendaraanId?.length ? inArray(geofenceVisits.vehicleId, q.kendaraanId) : undefined,
        q.fleetId ? inFleet(geofenceVisits.vehicleId, q.fleetId) : undefined,
        q.polygonId ? eq(geofenceVisits.geofenceId, q.polygonId) : undefined,
        q.category ? eq(geofences.category, q.category) : undefined,
        q.to ? lt(geofenceVisits.enterTime, new Date(q.to)) : undefined,
        q.from
          ? or(isNull(geofenceVisits.exitTime), gte(geofenceVisits.exitTime, new Date(q.from)))
          : undefined,
        q.open === undefined ? undefined : eq(geofenceVisits.open, q.open),
      );
      const [total] = await db
        .select({
          n: count(),
          duration: sql<number>`coalesce(sum(case when ${geofenceVisits.open}
            then greatest(0, floor(extract(epoch from coalesce(${vehicleState.fixTime}, ${now.toISOString()}::timestamptz)
              - ${geofenceVisits.enterTime})))
            else ${geofenceVisits.durationS} end), 0)`.mapWith(Number),
        })
        .from(geofenceVisits)
        .innerJoin(geofences, eq(geofences.geofenceId, geofenceVisits.geofenceId))
        .leftJoin(vehicleState, eq(vehicleState.vehicleId, geofenceVisits.vehicleId))
        .where(where);
      const rows = await db
        .select({
          visit: geofenceVisits,
          plate: vehicles.plateNumber,
          hull: vehicles.hullNumber,
          code: geofences.code,
          name: geofences.name,
          category: geofences.category,
          latestFix: vehicleState.fixTime,
        })
        .from(geofenceVisits)
        .innerJoin(geofences, eq(geofences.geofenceId, geofenceVisits.geofenceId))
        .innerJoin(vehicles, eq(vehicles.vehicleId, geofenceVisits.vehicleId))
        .leftJoin(vehicleState, eq(vehicleState.vehicleId, geofenceVisits.vehicleId))
        .where(where)
        .orderBy(desc(geofenceVisits.enterTime), desc(geofenceVisits.visitId))
        .limit(q.Take)
        .offset(q.Skip);
      return { total: total?.n ?? 0, duration: total?.duration ?? 0, rows };
    },

    /**
     * The unit's over-route events matching the filters, newest first, and how many match; the total
     * duration counts an open one to its vehicle's latest fix (`now` when there is none), as the rows do.
     */
    async overRoutes(unitId: number, q: Partial<OverRouteQuery> & Page, now: Date) {
      const where = and(
        eq(events.unitId, unitId),
        eq(events.kind, 'overroute'),
        q.kendaraanId?.length ? inArray(events.vehicleId, q.kendaraanId) : undefined,
        q.fleetId ? inFleet(events.vehicleId, q.fleetId) : undefined,
        q.trayekId ? sql`${routeIdOf} = ${q.trayekId}` : undefined,
        q.to ? lt(events.startedAt, new Date(q.to)) : undefined,
        q.from ? or(isNull(events.endedAt), gte(events.endedAt, new Date(q.from))) : undefined,
      );
      const [total] = await db
        .select({
          n: count(),
          duration: sql<number>`coalesce(sum(coalesce(${events.durationS},
            greatest(0, round(extract(epoch from coalesce(${events.endedAt}, ${vehicleState.fixTime},
              ${now.toISOString()}::timestamptz) - ${events.startedAt}))))), 0)`.mapWith(Number),
          offRouteKm: sql<number>`coalesce(sum((${events.attributes}->>'offRouteKm')::float8), 0)`.mapWith(
            Number,
          ),
          maxDeviationM:
            sql<number>`coalesce(max(coalesce((${events.attributes}->>'maxDeviationM')::float8, ${events.maxValue})), 0)`.mapWith(
              Number,
            ),
        })
        .from(events)
        .leftJoin(vehicleState, eq(vehicleState.vehicleId, events.vehicleId))
        .where(where);
      const rows = await db
        .select({
          event: events,
          plate: vehicles.plateNumber,
          hull: vehicles.hullNumber,
          routeCode: routes.code,
          routeName: routes.name,
          latestFix: vehicleState.fixTime,
        })
        .from(events)
        .innerJoin(vehicles, eq(vehicles.vehicleId, events.vehicleId))
        .leftJoin(routes, and(eq(routes.routeId, routeIdOf), eq(routes.unitId, unitId)))
        .leftJoin(vehicleState, eq(vehicleState.vehicleId, events.vehicleId))
        .where(where)
        .orderBy(desc(events.startedAt), desc(events.eventId))
        .limit(q.Take)
        .offset(q.Skip);
      return {
        total: total?.n ?? 0,
        totals: {
          duration: total?.duration ?? 0,
          offRouteKm: Math.round((total?.offRouteKm ?? 0) * 10) / 10,
          maxDeviationM: Math.round(total?.maxDeviationM ?? 0),
        },
        rows,
      };
    },
  };
}
export type VisitsRepo = ReturnType<typeof createVisitsRepo>;
