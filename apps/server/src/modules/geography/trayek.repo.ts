import { and, asc, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RouteSearchQuery } from '@pantau/contracts';
import type { Db } from '../../db/client.js';
import { containing } from '../kit/list-query.js';
import { geofences, positions, routePoints, routes, vehicleRoutes, vehicles } from '../../db/schema/index.js';

export type RouteValues = typeof routes.$inferInsert;
export type RoutePointValues = Omit<typeof routePoints.$inferInsert, 'routeId' | 'seq'>;

const origins = alias(geofences, 'origins');
const destinations = alias(geofences, 'destinations');

/** Most fixes one trip may be made of (two weeks of a fix every 10 s is about 120,000). */
export const MAX_TRIP_FIXES = 150_000;

export function createTrayekRepo(db: Db) {
  function selectRows(tx: Db) {
    return tx
      .select({ route: routes, originName: origins.name, destinationName: destinations.name })
      .from(routes)
      .leftJoin(origins, eq(origins.geofenceId, routes.originGeofenceId))
      .leftJoin(destinations, eq(destinations.geofenceId, routes.destinationGeofenceId))
      .$dynamic();
  }

  return {
    /** One page of the unit's routes by code, and how many match. */
    async search(unitId: number, q: RouteSearchQuery) {
      const text = q.search ? containing(q.search) : null;
      const where = and(
        eq(routes.unitId, unitId),
        text
          ? sql`(${routes.code} ilike ${text} or ${routes.name} ilike ${text} or exists (
              select 1 from ${geofences} where ${geofences.geofenceId} in (${routes.originGeofenceId}, ${routes.destinationGeofenceId})
              and ${geofences.name} ilike ${text}))`
          : undefined,
        q.custom === undefined ? undefined : eq(routes.custom, q.custom),
        q.aktif === undefined ? undefined : eq(routes.aktif, q.aktif),
      );
      const [total] = await db.select({ n: count() }).from(routes).where(where);
      const rows = await selectRows(db)
        .where(where)
        .orderBy(asc(routes.code), asc(routes.routeId))
        .limit(q.Take)
        .offset(q.Skip);
      return { total: total?.n ?? 0, rows };
    },

    async findOfUnit(unitId: number, routeId: number, tx: Db = db) {
      const [row] = await selectRows(tx).where(and(eq(routes.unitId, unitId), eq(routes.routeId, routeId)));
      return row;
    },

    /** Another route of the unit with this code (compared ignoring case), if any. */
    async holderOf(unitId: number, code: string, exceptId?: number) {
      const [row] = await db
        .select({ routeId: routes.routeId })
        .from(routes)
        .where(
          and(
            eq(routes.unitId, unitId),
            sql`lower(${routes.code}) = ${code.toLowerCase()}`,
            exceptId === undefined ? undefined : sql`${routes.routeId} <> ${exceptId}`,
          ),
        );
      return row;
    },

    async insert(tx: Db, values: RouteValues) {
      const [row] = await tx.insert(routes).values(values).returning({ routeId: routes.routeId });
      return row!.routeId;
    },

    async update(tx: Db, routeId: number, values: Partial<RouteValues>) {
      await tx
        .update(routes)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(routes.routeId, routeId));
    },

    async remove(tx: Db, routeId: number) {
      await tx.delete(routes).where(eq(routes.routeId, routeId));
    },

    points(routeId: number, tx: Db = db) {
      return tx
        .select()
        .from(routePoints)
        .where(eq(routePoints.routeId, routeId))
        .orderBy(asc(routePoints.seq));
    },

    /** Replaces the route's waypoints, numbered in the given order from 1. */
    async setPoints(tx: Db, routeId: number, points: RoutePointValues[]) {
      await tx.delete(routePoints).where(eq(routePoints.routeId, routeId));
      if (points.length)
        await tx.insert(routePoints).values(points.map((p, i) => ({ ...p, routeId, seq: i + 1 })));
    },

    /** Whether the vehicle belongs to the unit. */
    async vehicleInUnit(unitId: number, vehicleId: number) {
      const [row] = await db
        .select({ vehicleId: vehicles.vehicleId })
        .from(vehicles)
        .where(and(eq(vehicles.unitId, unitId), eq(vehicles.vehicleId, vehicleId)));
      return row !== undefined;
    },

    /** The vehicle's stored fixes over [from, to), oldest first, valid ones only. */
    track(vehicleId: number, from: Date, to: Date) {
      return db
        .select({ lon: positions.lon, lat: positions.lat })
        .from(positions)
        .where(
          and(
            eq(positions.vehicleId, vehicleId),
            gte(positions.fixTime, from),
            lt(positions.fixTime, to),
            eq(positions.valid, true),
          ),
        )
        .orderBy(asc(positions.fixTime))
        .limit(MAX_TRIP_FIXES);
    },

    async vehicleRoute(vehicleId: number) {
      const [row] = await db
        .select({
          routeId: routes.routeId,
          code: routes.code,
          name: routes.name,
          assignedAt: vehicleRoutes.assignedAt,
        })
        .from(vehicleRoutes)
        .innerJoin(routes, eq(routes.routeId, vehicleRoutes.routeId))
        .where(eq(vehicleRoutes.vehicleId, vehicleId));
      return row;
    },

    async setVehicleRoute(tx: Db, vehicleId: number, routeId: number | null, userId: number) {
      await tx.delete(vehicleRoutes).where(eq(vehicleRoutes.vehicleId, vehicleId));
      if (routeId !== null) await tx.insert(vehicleRoutes).values({ vehicleId, routeId, assignedBy: userId });
    },

    /** The unit's geofences among `ids`, with their centres (a route's places). */
    placesOf(unitId: number, ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({ geofenceId: geofences.geofenceId, lon: geofences.centerLon, lat: geofences.centerLat })
        .from(geofences)
        .where(and(eq(geofences.unitId, unitId), inArray(geofences.geofenceId, ids)));
    },
  };
}
export type TrayekRepo = ReturnType<typeof createTrayekRepo>;
