import { and, asc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { fleets, units, vehicleFleets, vehicles } from '../../db/schema/index.js';
import { containing, pageOf } from '../kit/list-query.js';

/** Fleets, their memberships and the unit's own row; every write takes the transaction it runs in. */
export function createFleetsRepo(db: Db) {
  // Raw names: drizzle leaves a column of the outer table unqualified inside a subquery.
  const vehicleCount = sql<number>`(select count(*)::int from vehicle_fleets vf where vf.fleet_id = "fleets"."fleet_id")`;
  const fleetColumns = {
    fleetId: fleets.fleetId,
    unitId: fleets.unitId,
    fleetName: fleets.fleetName,
    vehicleCount,
  };

  return {
    async pageOfUnit(unitId: number, search: string | undefined, take: number, skip: number) {
      const where = and(
        eq(fleets.unitId, unitId),
        search ? ilike(fleets.fleetName, containing(search)) : undefined,
      );
      const { total, rows } = await pageOf(db, fleets, where, () =>
        db
          .select(fleetColumns)
          .from(fleets)
          .where(where)
          .orderBy(asc(sql`lower(${fleets.fleetName})`), asc(fleets.fleetId))
          .limit(take)
          .offset(skip),
      );
      return { count: total, rows };
    },

    async fleetOfUnit(tx: Db, unitId: number, fleetId: number) {
      const [row] = await tx
        .select(fleetColumns)
        .from(fleets)
        .where(and(eq(fleets.unitId, unitId), eq(fleets.fleetId, fleetId)));
      return row;
    },

    /** Case-insensitive: "Pool A" and "pool a" are the same fleet to a person. */
    async nameTaken(tx: Db, unitId: number, fleetName: string, exceptFleetId?: number) {
      const [row] = await tx
        .select({ fleetId: fleets.fleetId })
        .from(fleets)
        .where(
          and(
            eq(fleets.unitId, unitId),
            sql`lower(${fleets.fleetName}) = lower(${fleetName})`,
            exceptFleetId === undefined ? undefined : ne(fleets.fleetId, exceptFleetId),
          ),
        );
      return row !== undefined;
    },

    async insert(tx: Db, unitId: number, fleetName: string): Promise<number> {
      const [row] = await tx
        .insert(fleets)
        .values({ unitId, fleetName })
        .returning({ fleetId: fleets.fleetId });
      return row!.fleetId;
    },

    async rename(tx: Db, fleetId: number, fleetName: string) {
      await tx.update(fleets).set({ fleetName }).where(eq(fleets.fleetId, fleetId));
    },

    /** The fleet and its memberships; the vehicles stay. */
    async delete(tx: Db, fleetId: number) {
      await tx.delete(vehicleFleets).where(eq(vehicleFleets.fleetId, fleetId));
      await tx.delete(fleets).where(eq(fleets.fleetId, fleetId));
    },

    async vehiclesOf(tx: Db, unitId: number, fleetId: number) {
      return tx
        .select({
          kendaraanId: vehicles.vehicleId,
          nomorPolisi: vehicles.plateNumber,
          nomorKendaraan: vehicles.hullNumber,
        })
        .from(vehicleFleets)
        .innerJoin(vehicles, eq(vehicles.vehicleId, vehicleFleets.vehicleId))
        .where(and(eq(vehicleFleets.fleetId, fleetId), eq(vehicles.unitId, unitId)))
        .orderBy(asc(vehicles.hullNumber), asc(vehicles.vehicleId));
    },

    /** The given vehicles that belong to the unit, with their plates. */
    async vehiclesOfUnit(tx: Db, unitId: number, vehicleIds: number[]) {
      if (vehicleIds.length === 0) return [];
      return tx
        .select({ kendaraanId: vehicles.vehicleId, nomorPolisi: vehicles.plateNumber })
        .from(vehicles)
        .where(and(eq(vehicles.unitId, unitId), inArray(vehicles.vehicleId, vehicleIds)));
    },

    async replaceVehicles(tx: Db, fleetId: number, vehicleIds: number[]) {
      await tx.delete(vehicleFleets).where(eq(vehicleFleets.fleetId, fleetId));
      if (vehicleIds.length > 0)
        await tx.insert(vehicleFleets).values(vehicleIds.map((vehicleId) => ({ vehicleId, fleetId })));
    },

    async unit(tx: Db, unitId: number) {
      const [row] = await tx
        .select({
          unitId: units.unitId,
          unitName: units.unitName,
          address: units.address,
          phone: units.phone,
          timeZone: units.timeZone,
          vehicleCount: sql<number>`(select count(*)::int from vehicles v where v.unit_id = "units"."unit_id")`,
          userCount: sql<number>`(select count(*)::int from user_groups g where g.unit_id = "units"."unit_id")`,
        })
        .from(units)
        .where(eq(units.unitId, unitId));
      return row;
    },

    async unitNameTaken(tx: Db, unitName: string, exceptUnitId: number) {
      const [row] = await tx
        .select({ unitId: units.unitId })
        .from(units)
        .where(and(sql`lower(${units.unitName}) = lower(${unitName})`, ne(units.unitId, exceptUnitId)));
      return row !== undefined;
    },

    async updateUnit(
      tx: Db,
      unitId: number,
      values: { unitName: string; address: string | null; phone: string | null; timeZone: string },
    ) {
      await tx.update(units).set(values).where(eq(units.unitId, unitId));
    },
  };
}
export type FleetsRepo = ReturnType<typeof createFleetsRepo>;
