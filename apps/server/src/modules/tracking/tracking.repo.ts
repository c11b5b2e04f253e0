import { and, asc, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { drivers, positions, vehicles, vehicleState } from '../../db/schema/index.js';
import { vehicleInfoColumns, vehicleInfoOf } from '../../live-state/stored-state.js';

export function createTrackingRepo(db: Db) {
  return {
    /**
     * The unit's vehicles in service with their live state (null for a vehicle that never reported), by
     * hull number. A deactivated vehicle is left out of the live views; its history stays in reports.
     */
    async vehiclesOfUnit(unitId: number, page?: { take: number; skip: number }) {
      const query = db
        .select({ vehicle: vehicleInfoColumns, driverName: drivers.name, state: vehicleState })
        .from(vehicles)
        .leftJoin(vehicleState, eq(vehicleState.vehicleId, vehicles.vehicleId))
        .leftJoin(drivers, eq(drivers.driverId, vehicles.driverId))
        .where(and(eq(vehicles.unitId, unitId), eq(vehicles.aktif, true)))
        .orderBy(asc(vehicles.hullNumber), asc(vehicles.vehicleId));
      const rows = await (page ? query.limit(page.take).offset(page.skip) : query);
      return rows.map((r) => ({
        vehicle: vehicleInfoOf({ ...r.vehicle, driverName: r.driverName }),
        state: r.state,
      }));
    },

    /** One vehicle with its live state, whatever its unit (the shared live-location link asks by id). */
    async vehicleById(vehicleId: number) {
      const [row] = await db
        .select({ vehicle: vehicleInfoColumns, driverName: drivers.name, state: vehicleState })
        .from(vehicles)
        .leftJoin(vehicleState, eq(vehicleState.vehicleId, vehicles.vehicleId))
        .leftJoin(drivers, eq(drivers.driverId, vehicles.driverId))
        .where(eq(vehicles.vehicleId, vehicleId));
      return row
        ? { vehicle: vehicleInfoOf({ ...row.vehicle, driverName: row.driverName }), state: row.state }
        : undefined;
    },

    async countOfUnit(unitId: number) {
      const [row] = await db
        .select({ n: count() })
        .from(vehicles)
        .where(and(eq(vehicles.unitId, unitId), eq(vehicles.aktif, true)));
      return row?.n ?? 0;
    },

    async isVehicleOfUnit(vehicleId: number, unitId: number) {
      const [row] = await db
        .select({ id: vehicles.vehicleId })
        .from(vehicles)
        .where(and(eq(vehicles.vehicleId, vehicleId), eq(vehicles.unitId, unitId)));
      return row !== undefined;
    },

    /**
     * A page of a vehicle's positions with from ≤ fix time < to, in fix-time order, as the API's JSON
     * array, written by the database: a month's track is ~90,000 rows, and reading each into an object
     * only to write it out again as JSON costs several times what the query does. The fix time is the
     * API's ISO 8601 UTC text; numbers are written shortest-exact, as JavaScript writes them.
     */
    async positionsPageJson(vehicleId: number, from: Date, to: Date, take: number, skip: number) {
      const where = and(
        eq(positions.vehicleId, vehicleId),
        gte(positions.fixTime, from),
        lt(positions.fixTime, to),
      );
      // The count and the page at once (two connections on PostgreSQL).
      const [[total], page] = await Promise.all([
        db.select({ n: count() }).from(positions).where(where),
        db.execute(sql`
          SELECT coalesce(json_agg(json_build_object(
              'fixTime', to_char(p.fix_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
              'lat', p.lat, 'lon', p.lon, 'speed', p.speed, 'course', p.course, 'ignition', p.ignition,
              'altitude', p.altitude, 'satellites', p.satellites, 'valid', p.valid
            ) ORDER BY p.fix_time)::text, '[]') AS json
          FROM (
            SELECT fix_time, lat, lon, speed, course, ignition, altitude, satellites, valid FROM ${positions}
            WHERE ${where} ORDER BY fix_time LIMIT ${take} OFFSET ${skip}
          ) AS p`),
      ]);
      return { count: total?.n ?? 0, json: rowsOf<{ json: string }>(page)[0]?.json ?? '[]' };
    },
  };
}
export type TrackingRepo = ReturnType<typeof createTrackingRepo>;
