import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import { normaliseGsm, type documentStatuses, type driverSearchQuery } from '@pantau/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { drivers, vehicles } from '../../db/schema/index.js';

export type DriverValues = typeof drivers.$inferInsert;
export type DriverSearchQuery = z.infer<typeof driverSearchQuery>;
type DocumentStatus = (typeof documentStatuses)[number];

const sortColumns = {
  name: drivers.name,
  employeeNumber: drivers.employeeNumber,
  simExpiry: drivers.licenceExpiry,
} as const;

/** SIM validity against `today` and `dueBy` (today + 30 days), as YYYY-MM-DD. */
function documentCondition(status: DocumentStatus | undefined, today: string, dueBy: string) {
  const expiry = drivers.licenceExpiry;
  if (status === 'expired') return sql`coalesce(${expiry} < ${today}, false)`;
  if (status === 'due_soon') return sql`coalesce(${expiry} >= ${today} and ${expiry} <= ${dueBy}, false)`;
  if (status === 'valid') return sql`coalesce(${expiry} > ${dueBy}, true)`;
  return undefined;
}

export function createDriversRepo(db: Db) {
  function whereOf(unitId: number, q: Partial<DriverSearchQuery>, dates: { today: string; dueBy: string }) {
    const text = q.search?.toLowerCase();
    const phone = text ? normaliseGsm(text).replace(/\s+/g, '') : undefined;
    return and(
      eq(drivers.unitId, unitId),
      text
        ? or(
            sql`strpos(lower(${drivers.name}), ${text}) > 0`,
            sql`strpos(lower(${drivers.employeeNumber}), ${text}) > 0`,
            sql`strpos(coalesce(${drivers.phone}, ''), ${phone}) > 0`,
          )
        : undefined,
      q.aktif === undefined ? undefined : eq(drivers.aktif, q.aktif),
      q.simClass ? eq(drivers.licenceClass, q.simClass) : undefined,
      documentCondition(q.documentStatus, dates.today, dates.dueBy),
    );
  }

  return {
    async search(
      unitId: number,
      q: Partial<DriverSearchQuery> & { Take: number; Skip: number },
      dates: { today: string; dueBy: string },
    ) {
      const where = whereOf(unitId, q, dates);
      const column = sortColumns[q.sortBy ?? 'name'];
      const direction = q.sortDir === 'descend' ? sql`desc` : sql`asc`;
      const [total] = await db.select({ n: count() }).from(drivers).where(where);
      const rows = await db
        .select()
        .from(drivers)
        .where(where)
        .orderBy(sql`${column} ${direction} nulls last`, asc(drivers.name), asc(drivers.driverId))
        .limit(q.Take)
        .offset(q.Skip);
      return { total: total?.n ?? 0, rows };
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
