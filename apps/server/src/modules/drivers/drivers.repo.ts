import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { normaliseGsm, type driverSearchQuery } from '@pantau/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { drivers, vehicles } from '../../db/schema/index.js';
import {
  documentStatusIs,
  includes,
  pageOf,
  sortedBy,
  type DocumentDates,
  type ListQuery,
} from '../kit/list-query.js';

export type DriverValues = typeof drivers.$inferInsert;
export type DriverSearchQuery = z.infer<typeof driverSearchQuery>;

const sortColumns = {
  name: drivers.name,
  employeeNumber: drivers.employeeNumber,
  simExpiry: drivers.licenceExpiry,
} as const;

export function createDriversRepo(db: Db) {
  function whereOf(unitId: number, q: Partial<DriverSearchQuery>, dates: DocumentDates) {
    const text = q.search?.toLowerCase();
    return and(
      eq(drivers.unitId, unitId),
      text
        ? or(
            includes(sql`lower(${drivers.name})`, text),
            includes(sql`lower(${drivers.employeeNumber})`, text),
            includes(sql`coalesce(${drivers.phone}, '')`, normaliseGsm(text).replace(/\s+/g, '')),
          )
        : undefined,
      q.aktif === undefined ? undefined : eq(drivers.aktif, q.aktif),
      q.simClass ? eq(drivers.licenceClass, q.simClass) : undefined,
      documentStatusIs(q.documentStatus, [drivers.licenceExpiry], dates),
    );
  }

  return {
    async search(unitId: number, q: ListQuery<DriverSearchQuery>, dates: DocumentDates) {
      const where = whereOf(unitId, q, dates);
      const order = sortedBy(sortColumns, q, 'name', asc(drivers.name), asc(drivers.driverId));
      return pageOf(db, drivers, where, () =>
        db
          .select()
          .from(drivers)
          .where(where)
          .orderBy(...order)
          .limit(q.Take)
          .offset(q.Skip),
      );
    },

    async findOfUnit(unitId: number, driverId: number, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(drivers)
        .where(and(eq(drivers.unitId, unitId), eq(drivers.driverId, driverId)));
      return row;
    },

    /** Vehicles each driver is assigned to, as driver 1 or 2. */
    async vehiclesOf(driverIds: number[], tx: Db = db) {
      if (driverIds.length === 0) return [];
      return tx
        .select({
          vehicleId: vehicles.vehicleId,
          plate: vehicles.plateNumber,
          driverId: vehicles.driverId,
          coDriverId: vehicles.coDriverId,
        })
        .from(vehicles)
        .where(or(inArray(vehicles.driverId, driverIds), inArray(vehicles.coDriverId, driverIds)))
        .orderBy(asc(vehicles.plateNumber));
    },

    /** Drivers of the unit other than `exceptId` holding one of these employee numbers (any case). */
    async holdersOf(unitId: number, employeeNumbers: string[], exceptId?: number) {
      if (employeeNumbers.length === 0) return [];
      return db
        .select({ driverId: drivers.driverId, employeeNumber: drivers.employeeNumber })
        .from(drivers)
        .where(
          and(
            eq(drivers.unitId, unitId),
            inArray(
              sql`lower(${drivers.employeeNumber})`,
              employeeNumbers.map((n) => n.toLowerCase()),
            ),
            exceptId === undefined ? undefined : sql`${drivers.driverId} <> ${exceptId}`,
          ),
        );
    },

    async insert(tx: Db, values: DriverValues) {
      const [row] = await tx.insert(drivers).values(values).returning({ driverId: drivers.driverId });
      return row!.driverId;
    },

    /** Many new drivers in one statement (an import). */
    async insertMany(tx: Db, values: DriverValues[]) {
      if (values.length === 0) return [];
      return tx.insert(drivers).values(values).returning();
    },

    async update(tx: Db, driverId: number, values: Partial<DriverValues>) {
      await tx.update(drivers).set(values).where(eq(drivers.driverId, driverId));
    },

    /** Takes the driver off every vehicle (as driver 1 and 2); answers what changed. */
    async unassign(tx: Db, driverId: number) {
      const asDriver = await tx
        .update(vehicles)
        .set({ driverId: null })
        .where(eq(vehicles.driverId, driverId))
        .returning({ vehicleId: vehicles.vehicleId, plate: vehicles.plateNumber });
      const asCoDriver = await tx
        .update(vehicles)
        .set({ coDriverId: null })
        .where(eq(vehicles.coDriverId, driverId))
        .returning({ vehicleId: vehicles.vehicleId, plate: vehicles.plateNumber });
      return [
        ...asDriver.map((v) => ({ ...v, field: 'pengemudiId' as const })),
        ...asCoDriver.map((v) => ({ ...v, field: 'coPengemudiId' as const })),
      ];
    },
  };
}
export type DriversRepo = ReturnType<typeof createDriversRepo>;
