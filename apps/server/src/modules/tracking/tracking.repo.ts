import { and, asc, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { drivers, positions, vehicles, vehicleState } from '../../db/schema/index.js';
import { vehicleInfoColumns, vehicleInfoOf } from '../../live-state/stored-state.js';

export function createTrackingRepo(db: Db) {
  return {
    /** The unit's vehicles with their live state (null for a vehicle that never reported), by hull number. */
    async vehiclesOfUnit(unitId: number, page?: { take: number; skip: number }) {
      const query = db
        .select({ vehicle: vehicleInfoColumns, driverName: drivers.name, state: vehicleState })
        .from(vehicles)
        .leftJoin(vehicleState, eq(vehicleState.vehicleId, vehicles.vehicleId))
        .leftJoin(drivers, eq(drivers.driverId, vehicles.driverId))
        .where(eq(vehicles.unitId, unitId))
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
      const [row] = await db.select({ n: count() }).from(vehicles).where(eq(vehicles.unitId, unitId));
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
     * A vehicle's positions with from ≤ fix time < to, in fix-time order. The fix time comes written as
     * the API's ISO 8601 UTC text: a month's track is ~90,000 rows, and turning each into a Date and
     * back to text costs more than the rest of the answer.
     */
    async positionsOf(vehicleId: number, from: Date, to: Date, take: number, skip: number) {
      const where = and(
        eq(positions.vehicleId, vehicleId),
        gte(positions.fixTime, from),
        lt(positions.fixTime, to),
      );
      const [total] = await db.select({ n: count() }).from(positions).where(where);
      const rows = await db
        .select({
          fixTime: sql<string>`to_char(${positions.fixTime} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
          lat: positions.lat,
          lon: positions.lon,
          speed: positions.speed,
          course: positions.course,
          ignition: positions.ignition,
          altitude: positions.altitude,
          satellites: positions.satellites,
          valid: positions.valid,
        })
        .from(positions)
        .where(where)
        .orderBy(asc(positions.fixTime))
        .limit(take)
        .offset(skip);
      return { count: total?.n ?? 0, rows };
    },
  };
}
export type TrackingRepo = ReturnType<typeof createTrackingRepo>;
