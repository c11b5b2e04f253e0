import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { drivers, geofences, routes, units, vehicles } from '../../db/schema/index.js';

/** What an SPK import file names by plate, employee number or name, and code, read once for every row. */
export function createWorkOrderImportRepo(db: Db) {
  return {
    async timeZoneOf(unitId: number): Promise<string> {
      const [row] = await db.select({ timeZone: units.timeZone }).from(units).where(eq(units.unitId, unitId));
      return row?.timeZone ?? 'Asia/Jakarta';
    },

    async namesOf(unitId: number) {
      const [vehicleRows, driverRows, routeRows, geofenceRows] = await Promise.all([
        db
          .select({ id: vehicles.vehicleId, plate: vehicles.plateNumber })
          .from(vehicles)
          .where(eq(vehicles.unitId, unitId)),
        db
          .select({ id: drivers.driverId, name: drivers.name, employeeNumber: drivers.employeeNumber })
          .from(drivers)
          .where(eq(drivers.unitId, unitId)),
        db.select({ id: routes.routeId, code: routes.code }).from(routes).where(eq(routes.unitId, unitId)),
        db
          .select({ id: geofences.geofenceId, code: geofences.code })
          .from(geofences)
          .where(eq(geofences.unitId, unitId)),
      ]);
      return { vehicles: vehicleRows, drivers: driverRows, routes: routeRows, geofences: geofenceRows };
    },
  };
}

export type WorkOrderImportRepo = ReturnType<typeof createWorkOrderImportRepo>;
export type ImportNames = Awaited<ReturnType<WorkOrderImportRepo['namesOf']>>;
