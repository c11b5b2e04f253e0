import { and, asc, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { VehicleSearchQuery } from '@pantau/contracts';
import type { Db } from '../../db/client.js';
import { brands, drivers, fleets, vehicleFleets, vehicles, vehicleTypes } from '../../db/schema/index.js';
import {
  documentStatusIs,
  includes,
  pageOf,
  sortedBy,
  squeezed,
  type DocumentDates,
  type ListQuery,
} from '../kit/list-query.js';

const coDrivers = alias(drivers, 'co_drivers');

export type VehicleValues = typeof vehicles.$inferInsert;
export type VehicleFilters = Omit<VehicleSearchQuery, 'Take' | 'Skip'>;

const sortColumns = {
  nomorKendaraan: vehicles.hullNumber,
  nomorPolisi: vehicles.plateNumber,
  pantauKendaraanId: vehicles.trackerId,
  tahun: vehicles.year,
  stnkDue: vehicles.stnkDue,
  kirDue: vehicles.kirDue,
  speedLimit: vehicles.speedLimit,
} as const;

export function createVehiclesRepo(db: Db) {
  function whereOf(unitId: number, f: Partial<VehicleFilters>, dates: DocumentDates) {
    const search = f.search?.toLowerCase().replace(/\s+/g, '');
    return and(
      eq(vehicles.unitId, unitId),
      search
        ? or(
            includes(squeezed(vehicles.plateNumber), search),
            includes(squeezed(vehicles.hullNumber), search),
            includes(squeezed(vehicles.trackerId), search),
          )
        : undefined,
      f.fleetId
        ? exists(
            db
              .select({ one: sql`1` })
              .from(vehicleFleets)
              .where(
                and(eq(vehicleFleets.vehicleId, vehicles.vehicleId), eq(vehicleFleets.fleetId, f.fleetId)),
              ),
          )
        : undefined,
      f.vehicleClass ? eq(vehicles.vehicleClass, f.vehicleClass) : undefined,
      f.aktif === undefined ? undefined : eq(vehicles.aktif, f.aktif),
      documentStatusIs(f.documentStatus, [vehicles.stnkDue, vehicles.kirDue], dates),
    );
  }

  /** Vehicles with brand, type and driver names, in the given order. */
  function selectRows(tx: Db, where: SQL | undefined, orderBy: SQL[], take?: number, skip?: number) {
    const query = tx
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
      .where(where)
      .orderBy(...orderBy)
      .$dynamic();
    if (take !== undefined) query.limit(take);
    if (skip !== undefined) query.offset(skip);
    return query;
  }

  return {
    /** One page of a unit's vehicles matching the filters, and how many match in all. */
    async search(unitId: number, q: ListQuery<VehicleFilters>, dates: DocumentDates) {
      const where = whereOf(unitId, q, dates);
      const order = sortedBy(
        sortColumns,
        q,
        'nomorKendaraan',
        asc(vehicles.hullNumber),
        asc(vehicles.vehicleId),
      );
      return pageOf(db, vehicles, where, () => selectRows(db, where, order, q.Take, q.Skip));
    },

    /** The unit's vehicle with this id, or undefined (unknown or another unit's). */
    async findOfUnit(unitId: number, vehicleId: number, tx: Db = db) {
      const [row] = await selectRows(
        tx,
        and(eq(vehicles.unitId, unitId), eq(vehicles.vehicleId, vehicleId)),
        [asc(vehicles.vehicleId)],
      );
      return row;
    },

    /** The unit's vehicles with these ids, in no particular order. */
    findManyOfUnit(unitId: number, vehicleIds: number[], tx: Db = db) {
      if (vehicleIds.length === 0) return Promise.resolve([]);
      return selectRows(tx, and(eq(vehicles.unitId, unitId), inArray(vehicles.vehicleId, vehicleIds)), [
        asc(vehicles.vehicleId),
      ]);
    },

    async fleetsOf(vehicleIds: number[], tx: Db = db) {
      if (vehicleIds.length === 0) return [];
      return tx
        .select({ vehicleId: vehicleFleets.vehicleId, fleetId: fleets.fleetId, fleetName: fleets.fleetName })
        .from(vehicleFleets)
        .innerJoin(fleets, eq(fleets.fleetId, vehicleFleets.fleetId))
        .where(inArray(vehicleFleets.vehicleId, vehicleIds))
        .orderBy(asc(fleets.fleetName));
    },

    /** Every brand with its types, by name. */
    async brandsWithTypes() {
      return db
        .select({
          brandId: brands.brandId,
          brandName: brands.name,
          typeId: vehicleTypes.vehicleTypeId,
          typeName: vehicleTypes.name,
        })
        .from(brands)
        .leftJoin(vehicleTypes, eq(vehicleTypes.brandId, brands.brandId))
        .orderBy(asc(brands.name), asc(vehicleTypes.name));
    },

    fleetsOfUnit(unitId: number) {
      return db
        .select({ fleetId: fleets.fleetId, fleetName: fleets.fleetName })
        .from(fleets)
        .where(eq(fleets.unitId, unitId));
    },

    driversOfUnit(unitId: number) {
      return db
        .select({
          driverId: drivers.driverId,
          employeeNumber: drivers.employeeNumber,
          name: drivers.name,
          aktif: drivers.aktif,
        })
        .from(drivers)
        .where(eq(drivers.unitId, unitId));
    },

    /**
     * Vehicles other than `exceptId` that already hold one of these plates or tracker ids (anywhere)
     * or hull numbers (in the unit, ignoring case).
     */
    async holdersOf(
      unitId: number,
      keys: { plates: string[]; trackerIds: string[]; hulls: string[] },
      exceptId?: number,
    ) {
      const hulls = keys.hulls.map((h) => h.toLowerCase());
      const clauses = [
        keys.plates.length ? inArray(vehicles.plateNumber, keys.plates) : undefined,
        keys.trackerIds.length ? inArray(vehicles.trackerId, keys.trackerIds) : undefined,
        hulls.length
          ? and(eq(vehicles.unitId, unitId), inArray(sql`lower(${vehicles.hullNumber})`, hulls))
          : undefined,
      ].filter((c) => c !== undefined);
      if (clauses.length === 0) return [];
      return db
        .select({
          vehicleId: vehicles.vehicleId,
          unitId: vehicles.unitId,
          plate: vehicles.plateNumber,
          trackerId: vehicles.trackerId,
          hull: vehicles.hullNumber,
        })
        .from(vehicles)
        .where(
          and(or(...clauses), exceptId === undefined ? undefined : sql`${vehicles.vehicleId} <> ${exceptId}`),
        );
    },

    async insert(tx: Db, values: VehicleValues) {
      const [row] = await tx.insert(vehicles).values(values).returning({ vehicleId: vehicles.vehicleId });
      return row!.vehicleId;
    },

    /** Many new vehicles in one statement; answers each one's id by plate. */
    async insertMany(tx: Db, values: VehicleValues[]) {
      if (values.length === 0) return new Map<string, number>();
      const rows = await tx
        .insert(vehicles)
        .values(values)
        .returning({ vehicleId: vehicles.vehicleId, plate: vehicles.plateNumber });
      return new Map(rows.map((r) => [r.plate, r.vehicleId]));
    },

    async addToFleets(tx: Db, memberships: { vehicleId: number; fleetId: number }[]) {
      if (memberships.length) await tx.insert(vehicleFleets).values(memberships);
    },

    async update(tx: Db, vehicleId: number, values: Partial<VehicleValues>) {
      await tx.update(vehicles).set(values).where(eq(vehicles.vehicleId, vehicleId));
    },

    /** Replaces the vehicle's fleet memberships. */
    async setFleets(tx: Db, vehicleId: number, fleetIds: number[]) {
      await tx.delete(vehicleFleets).where(eq(vehicleFleets.vehicleId, vehicleId));
      if (fleetIds.length)
        await tx.insert(vehicleFleets).values(fleetIds.map((fleetId) => ({ vehicleId, fleetId })));
    },
  };
}
export type VehiclesRepo = ReturnType<typeof createVehiclesRepo>;
