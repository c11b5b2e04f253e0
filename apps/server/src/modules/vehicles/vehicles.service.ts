import {
  type ImportRequest,
  type ImportResponse,
  type VehicleInput,
  type VehicleList,
  type VehicleRow,
  type VehicleSearchQuery,
} from '@pantau/contracts';
import type { Db } from '../../db/client.js';
import { ConflictError, ValidationError } from '../../errors.js';
import { unitDocumentDates } from '../../lib/document-dates.js';
import { importChecked } from '../../lib/import-rows.js';
import { auditTrailOf } from '../audit/audit.repo.js';
import type { Actor } from '../kit/actor.js';
import { inUnit } from '../kit/in-unit.js';
import { conflictOnRace } from '../kit/unique-violation.js';
import { conflictErrors, conflictFieldOf, referenceErrors, type VehicleContext } from './vehicle-checks.js';
import { checkImportedVehicles } from './vehicles.import.js';
import type { VehicleValues, VehiclesRepo } from './vehicles.repo.js';

type Selected = Awaited<ReturnType<VehiclesRepo['search']>>['rows'][number];
type Membership = Awaited<ReturnType<VehiclesRepo['fleetsOf']>>[number];

/** The spec's vehicle report row (§3) of a stored vehicle. */
function toVehicleRow(
  { vehicle: v, brandName, typeName, driverName, coDriverName }: Selected,
  memberships: Membership[],
): VehicleRow {
  return {
    kendaraanId: v.vehicleId,
    unitId: v.unitId,
    fleet: memberships
      .filter((m) => m.vehicleId === v.vehicleId)
      .map(({ fleetId, fleetName }) => ({ fleetId, fleetName })),
    pantauKendaraanId: v.trackerId,
    registrationNumber: v.registrationNumber,
    nomorPolisi: v.plateNumber,
    nomorKendaraan: v.hullNumber,
    merk: brandName,
    merkId: v.brandId,
    tipe: typeName,
    tipeId: v.vehicleTypeId,
    dedicated: v.dedicatedCustomer,
    pool: v.pool,
    erpOdometer: v.erpOdometer,
    gpsOdometer: v.gpsOdometer,
    tahun: v.year,
    notes: v.notes,
    icon: v.icon,
    engineHour: v.engineHour,
    odometer: v.odometer,
    gsmNumber: v.gsmNumber,
    smsAlert: v.smsAlert,
    speedLimit: v.speedLimit,
    aktif: v.aktif,
    vehicleClass: v.vehicleClass,
    capacity: v.capacity,
    stnkDue: v.stnkDue,
    kirDue: v.kirDue,
    pengemudiId: v.driverId,
    pengemudi: driverName,
    coPengemudiId: v.coDriverId,
    coPengemudi: coDriverName,
  };
}

/** The columns of a vehicle from the spec's field names. */
function valuesOf(unitId: number, input: VehicleInput): VehicleValues {
  return {
    unitId,
    trackerId: input.pantauKendaraanId,
    registrationNumber: input.registrationNumber,
    plateNumber: input.nomorPolisi,
    hullNumber: input.nomorKendaraan,
    brandId: input.merkId,
    vehicleTypeId: input.tipeId,
    vehicleClass: input.vehicleClass,
    capacity: input.capacity,
    dedicatedCustomer: input.dedicated,
    pool: input.pool,
    erpOdometer: input.erpOdometer,
    gpsOdometer: input.gpsOdometer,
    year: input.tahun,
    notes: input.notes,
    icon: input.icon,
    engineHour: input.engineHour,
    odometer: input.odometer,
    gsmNumber: input.gsmNumber,
    smsAlert: input.smsAlert,
    speedLimit: input.speedLimit,
    stnkDue: input.stnkDue,
    kirDue: input.kirDue,
    aktif: input.aktif,
    driverId: input.pengemudiId,
    coDriverId: input.coPengemudiId,
  };
}

const keysOf = (inputs: VehicleInput[]) => ({
  plates: inputs.map((i) => i.nomorPolisi),
  trackerIds: inputs.map((i) => i.pantauKendaraanId),
  hulls: inputs.map((i) => i.nomorKendaraan),
});

const raceConflict = conflictOnRace(
  conflictFieldOf,
  'Another vehicle already has this value',
  'Already registered to another vehicle',
);

const vehicleAudit = auditTrailOf<VehicleRow>('vehicle', (v) => ({
  unitId: v.unitId,
  entityId: v.kendaraanId,
  label: v.nomorPolisi,
}));

export function createVehiclesService(deps: {
  db: Db;
  vehiclesRepo: VehiclesRepo;
  clock: () => Date;
  /** The live pipeline reloads tracker ids, speed limits and drivers after every write. */
  refreshVehicles: () => Promise<void>;
}) {
  const { db, vehiclesRepo, clock } = deps;

  async function rowOf(unitId: number, vehicleId: number, tx: Db = db): Promise<VehicleRow> {
    const vehicle = await inUnit(vehiclesRepo.findOfUnit(unitId, vehicleId, tx), 'vehicle');
    return toVehicleRow(vehicle, await vehiclesRepo.fleetsOf([vehicleId], tx));
  }

  async function brandsOf(): Promise<VehicleContext['brands']> {
    const brands = new Map<number, VehicleContext['brands'][number]>();
    for (const r of await vehiclesRepo.brandsWithTypes()) {
      const brand = brands.get(r.brandId) ?? { merkId: r.brandId, merk: r.brandName, tipe: [] };
      if (r.typeId !== null && r.typeName !== null) brand.tipe.push({ tipeId: r.typeId, tipe: r.typeName });
      brands.set(r.brandId, brand);
    }
    return [...brands.values()];
  }

  async function contextOf(unitId: number): Promise<VehicleContext> {
    return {
      fleets: await vehiclesRepo.fleetsOfUnit(unitId),
      brands: await brandsOf(),
      drivers: await vehiclesRepo.driversOfUnit(unitId),
    };
  }

  /** 400 for a bad reference, 409 for a value another vehicle holds. */
  async function check(unitId: number, input: VehicleInput, before: VehicleRow | null) {
    const errors = referenceErrors(input, await contextOf(unitId), before);
    if (errors.length) throw new ValidationError('Some fields are invalid', errors);
    const holders = await vehiclesRepo.holdersOf(unitId, keysOf([input]), before?.kendaraanId);
    const conflicts = conflictErrors(input, unitId, holders);
    if (conflicts.length) throw new ConflictError('Another vehicle already has these details', conflicts);
  }

  async function insertAudited(tx: Db, actor: Actor, unitId: number, input: VehicleInput, action: string) {
    const vehicleId = await vehiclesRepo.insert(tx, valuesOf(unitId, input));
    await vehiclesRepo.setFleets(tx, vehicleId, input.fleetIds);
    const row = await rowOf(unitId, vehicleId, tx);
    await vehicleAudit.change(tx, actor, action, null, row);
    return row;
  }

  /** An import's vehicles: a few statements for all rows (an import blocks other writes meanwhile), one audit entry each. */
  async function insertManyAudited(tx: Db, actor: Actor, unitId: number, inputs: VehicleInput[]) {
    const CHUNK = 500;
    const idOfPlate = new Map<string, number>();
    for (let i = 0; i < inputs.length; i += CHUNK) {
      const chunk = inputs.slice(i, i + CHUNK);
      for (const [plate, id] of await vehiclesRepo.insertMany(
        tx,
        chunk.map((input) => valuesOf(unitId, input)),
      ))
        idOfPlate.set(plate, id);
    }
    const ids = inputs.map((input) => idOfPlate.get(input.nomorPolisi)!);
    const memberships = inputs.flatMap((input, k) =>
      input.fleetIds.map((fleetId) => ({ vehicleId: ids[k]!, fleetId })),
    );
    for (let i = 0; i < memberships.length; i += CHUNK)
      await vehiclesRepo.addToFleets(tx, memberships.slice(i, i + CHUNK));
    const stored = await vehiclesRepo.findManyOfUnit(unitId, ids, tx);
    const fleetsOfStored = await vehiclesRepo.fleetsOf(ids, tx);
    const byVehicle = new Map<number, Membership[]>();
    for (const m of fleetsOfStored) byVehicle.set(m.vehicleId, [...(byVehicle.get(m.vehicleId) ?? []), m]);
    const rows = stored.map((s) => toVehicleRow(s, byVehicle.get(s.vehicle.vehicleId) ?? []));
    await vehicleAudit.created(tx, actor, 'import', rows);
  }

  return {
    /** The unit's vehicles matching the search and filters, in the chosen order, one page. */
    async search(unitId: number, q: VehicleSearchQuery): Promise<VehicleList> {
      const { total, rows } = await vehiclesRepo.search(
        unitId,
        q,
        await unitDocumentDates(deps.db, unitId, clock()),
      );
      const memberships = await vehiclesRepo.fleetsOf(rows.map((r) => r.vehicle.vehicleId));
      return { count: total, results: rows.map((r) => toVehicleRow(r, memberships)) };
    },

    get: (unitId: number, vehicleId: number) => rowOf(unitId, vehicleId),

    /** Brands with their types, for the vehicle form. */
    async brandOptions() {
      const brands = await brandsOf();
      return { count: brands.length, results: brands };
    },

    async create(actor: Actor, unitId: number, input: VehicleInput): Promise<VehicleRow> {
      await check(unitId, input, null);
      const row = await db
        .transaction((tx) => insertAudited(tx, actor, unitId, input, 'create'))
        .catch(raceConflict);
      await deps.refreshVehicles();
      return row;
    },

    /** Replaces every field of the vehicle. */
    async update(actor: Actor, unitId: number, vehicleId: number, input: VehicleInput): Promise<VehicleRow> {
      const before = await rowOf(unitId, vehicleId);
      await check(unitId, input, before);
      const row = await db
        .transaction(async (tx) => {
          const values = valuesOf(unitId, input);
          await vehiclesRepo.update(tx, vehicleId, values);
          await vehiclesRepo.setFleets(tx, vehicleId, input.fleetIds);
          const after = await rowOf(unitId, vehicleId, tx);
          await vehicleAudit.change(tx, actor, 'update', before, after);
          return after;
        })
        .catch(raceConflict);
      await deps.refreshVehicles();
      return row;
    },

    /** DELETE deactivates: the vehicle's history, positions and events stay (docs/decisions.md). */
    async deactivate(actor: Actor, unitId: number, vehicleId: number): Promise<VehicleRow> {
      const before = await rowOf(unitId, vehicleId);
      if (!before.aktif) return before;
      const row = await db.transaction(async (tx) => {
        await vehiclesRepo.update(tx, vehicleId, { aktif: false });
        const after = await rowOf(unitId, vehicleId, tx);
        await vehicleAudit.change(tx, actor, 'deactivate', before, after);
        return after;
      });
      await deps.refreshVehicles();
      return row;
    },

    /**
     * Checks every row as a create would, plus duplicates within the file. A dry run only answers;
     * otherwise all rows are stored in one transaction, or none when any row is at fault (400).
     */
    async importRows(actor: Actor, unitId: number, request: ImportRequest): Promise<ImportResponse> {
      return importChecked(checkImportedVehicles(request.rows, await contextOf(unitId)), {
        dryRun: request.dryRun,
        async conflictsOf(inputs) {
          const holders = await vehiclesRepo.holdersOf(unitId, keysOf(inputs));
          return (input) => conflictErrors(input, unitId, holders);
        },
        async store(inputs) {
          await db.transaction((tx) => insertManyAudited(tx, actor, unitId, inputs)).catch(raceConflict);
          await deps.refreshVehicles();
        },
      });
    },
  };
}
export type VehiclesService = ReturnType<typeof createVehiclesService>;
