import type { DriverInput, DriverRow, ImportRequest, ImportResponse } from '@pantau/contracts';
import type { Db } from '../../db/client.js';
import { ConflictError, type FieldError } from '../../errors.js';
import { unitDocumentDates } from '../../lib/document-dates.js';
import { importChecked } from '../../lib/import-rows.js';
import { auditTrailOf, recordAudit } from '../audit/audit.repo.js';
import type { Actor } from '../kit/actor.js';
import { inUnit } from '../kit/in-unit.js';
import { conflictOnRace, uniqueViolationOf } from '../kit/unique-violation.js';
import { checkImportedDrivers } from './drivers.import.js';
import type { DriverSearchQuery, DriverValues, DriversRepo } from './drivers.repo.js';

type Stored = NonNullable<Awaited<ReturnType<DriversRepo['findOfUnit']>>>;
type Assignment = Awaited<ReturnType<DriversRepo['vehiclesOf']>>[number];

function toDriverRow(d: Stored, assignments: Assignment[]): DriverRow {
  return {
    pengemudiId: d.driverId,
    unitId: d.unitId,
    name: d.name,
    employeeNumber: d.employeeNumber,
    phone: d.phone,
    simClass: d.licenceClass,
    simExpiry: d.licenceExpiry,
    aktif: d.aktif,
    vehicles: assignments
      .filter((a) => a.driverId === d.driverId || a.coDriverId === d.driverId)
      .map((a) => ({ kendaraanId: a.vehicleId, nomorPolisi: a.plate })),
  };
}

const valuesOf = (unitId: number, input: DriverInput): DriverValues => ({
  unitId,
  name: input.name,
  employeeNumber: input.employeeNumber,
  phone: input.phone,
  licenceClass: input.simClass,
  licenceExpiry: input.simExpiry,
  aktif: input.aktif,
});

const employeeNumberTaken = (employeeNumber: string): FieldError => ({
  path: 'employeeNumber',
  message: `Employee number ${employeeNumber} is already used in this unit`,
});

const raceConflict = conflictOnRace(
  (err) => (uniqueViolationOf(err)?.constraint.startsWith('drivers_') ? 'employeeNumber' : null),
  'Another driver already has this employee number',
  'Already used by another driver of this unit',
);

const driverAudit = auditTrailOf<DriverRow>('driver', (d) => ({
  unitId: d.unitId,
  entityId: d.pengemudiId,
  label: d.name,
}));

export function createDriversService(deps: {
  db: Db;
  driversRepo: DriversRepo;
  clock: () => Date;
  /** The live pipeline carries driver names and assignments. */
  refreshVehicles: () => Promise<void>;
}) {
  const { db, driversRepo, clock } = deps;

  async function rowOf(unitId: number, driverId: number, tx: Db = db): Promise<DriverRow> {
    const driver = await inUnit(driversRepo.findOfUnit(unitId, driverId, tx), 'driver');
    return toDriverRow(driver, await driversRepo.vehiclesOf([driverId], tx));
  }

  async function checkUnique(unitId: number, input: DriverInput, exceptId?: number) {
    const holders = await driversRepo.holdersOf(unitId, [input.employeeNumber], exceptId);
    if (holders.length)
      throw new ConflictError('Another driver already has this employee number', [
        employeeNumberTaken(input.employeeNumber),
      ]);
  }

  /** A driver who stops being active is taken off their vehicles; each vehicle's change is audited. */
  async function unassign(tx: Db, actor: Actor, unitId: number, driver: DriverRow) {
    for (const v of await driversRepo.unassign(tx, driver.pengemudiId))
      await recordAudit(tx, actor, {
        unitId,
        action: 'unassign_driver',
        entity: 'vehicle',
        entityId: v.vehicleId,
        label: v.plate,
        changes: { [v.field]: { from: driver.pengemudiId, to: null } },
      });
  }

  async function insertAudited(tx: Db, actor: Actor, unitId: number, input: DriverInput, action: 'create') {
    const driverId = await driversRepo.insert(tx, valuesOf(unitId, input));
    const row = await rowOf(unitId, driverId, tx);
    await driverAudit.change(tx, actor, action, null, row);
    return row;
  }

  /** Writes new values (or only `aktif: false`) and audits them under `action`. */
  async function change(
    actor: Actor,
    unitId: number,
    before: DriverRow,
    values: Partial<DriverValues>,
    action: string,
  ) {
    const row = await db
      .transaction(async (tx) => {
        await driversRepo.update(tx, before.pengemudiId, values);
        const afterWrite = await rowOf(unitId, before.pengemudiId, tx);
        if (!afterWrite.aktif && afterWrite.vehicles.length > 0)
          await unassign(tx, actor, unitId, afterWrite);
        const after = await rowOf(unitId, before.pengemudiId, tx);
        await driverAudit.change(tx, actor, action, before, after);
        return after;
      })
      .catch(raceConflict);
    await deps.refreshVehicles();
    return row;
  }

  return {
    async search(unitId: number, q: DriverSearchQuery) {
      const { total, rows } = await driversRepo.search(
        unitId,
        q,
        await unitDocumentDates(deps.db, unitId, clock()),
      );
      const assignments = await driversRepo.vehiclesOf(rows.map((r) => r.driverId));
      return { count: total, results: rows.map((r) => toDriverRow(r, assignments)) };
    },

    get: (unitId: number, driverId: number) => rowOf(unitId, driverId),

    async create(actor: Actor, unitId: number, input: DriverInput): Promise<DriverRow> {
      await checkUnique(unitId, input);
      return db.transaction((tx) => insertAudited(tx, actor, unitId, input, 'create')).catch(raceConflict);
    },

    /** Replaces every field; deactivating also takes the driver off their vehicles. */
    async update(actor: Actor, unitId: number, driverId: number, input: DriverInput): Promise<DriverRow> {
      const before = await rowOf(unitId, driverId);
      await checkUnique(unitId, input, driverId);
      return change(actor, unitId, before, valuesOf(unitId, input), 'update');
    },

    /** DELETE deactivates and takes the driver off their vehicles; past events keep their driver. */
    async deactivate(actor: Actor, unitId: number, driverId: number): Promise<DriverRow> {
      const before = await rowOf(unitId, driverId);
      if (!before.aktif && before.vehicles.length === 0) return before;
      return change(actor, unitId, before, { aktif: false }, 'deactivate');
    },

    /** As the vehicle import: a dry run answers; otherwise every row is stored, or none (400). */
    async importRows(actor: Actor, unitId: number, request: ImportRequest): Promise<ImportResponse> {
      return importChecked(checkImportedDrivers(request.rows), {
        dryRun: request.dryRun,
        async conflictsOf(inputs) {
          const holders = await driversRepo.holdersOf(
            unitId,
            inputs.map((i) => i.employeeNumber),
          );
          const taken = new Set(holders.map((h) => h.employeeNumber.toLowerCase()));
          return ({ employeeNumber }) =>
            taken.has(employeeNumber.toLowerCase()) ? [employeeNumberTaken(employeeNumber)] : [];
        },
        store: (inputs) =>
          db
            .transaction(async (tx) => {
              const values = inputs.map((input) => valuesOf(unitId, input));
              const stored = await driversRepo.insertMany(tx, values);
              await driverAudit.created(
                tx,
                actor,
                'import',
                stored.map((d) => toDriverRow(d, [])),
              );
            })
            .catch(raceConflict),
      });
    },
  };
}
export type DriversService = ReturnType<typeof createDriversService>;
