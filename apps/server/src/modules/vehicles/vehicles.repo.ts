import { asc, count, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { brands, drivers, fleets, vehicleFleets, vehicles, vehicleTypes } from '../../db/schema/index.js';

const coDrivers = alias(drivers, 'co_drivers');

export function createVehiclesRepo(db: Db) {
  return {
    async countOfUnit(unitId: number) {
      const [row] = await db.select({ n: count() }).from(vehicles).where(eq(vehicles.unitId, unitId));
      return row?.n ?? 0;
    },

    /** One page of a unit's vehicles by hull number, with brand and type names. */
    pageOfUnit(unitId: number, take: number, skip: number) {
      return db
        .select({
          vehicle: vehicles,
          brandName: brands.name,
          typeName: vehicleTypes.name,
          driverName: drivers.name,
          coDriverName: coDrivers.name,
        })
        .from(vehicles)
        .leftJoin(drivers, eq(drivers.driverId, vehicles.driverId))
        .leftJoin(coDrivers, eq(coDrivers.driverId, vehicles.coDriverId))
        .leftJoin(brands, eq(brands.brandId, vehicles.brandId))
        .leftJoin(vehicleTypes, eq(vehicleTypes.vehicleTypeId, vehicles.vehicleTypeId))
        .where(eq(vehicles.unitId, unitId))
        .orderBy(asc(vehicles.hullNumber), asc(vehicles.vehicleId))
        .limit(take)
        .offset(skip);
    },

    async fleetsOf(vehicleIds: number[]) {
      if (vehicleIds.length === 0) return [];
      return db
        .select({ vehicleId: vehicleFleets.vehicleId, fleetId: fleets.fleetId, fleetName: fleets.fleetName })
        .from(vehicleFleets)
        .innerJoin(fleets, eq(fleets.fleetId, vehicleFleets.fleetId))
        .where(inArray(vehicleFleets.vehicleId, vehicleIds))
        .orderBy(asc(fleets.fleetName));
    },
  };
}
export type VehiclesRepo = ReturnType<typeof createVehiclesRepo>;
