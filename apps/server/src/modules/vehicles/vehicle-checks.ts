import type { VehicleInput } from '@pantau/contracts';
import type { FieldError } from '../../errors.js';
import { uniqueViolationOf } from '../kit/unique-violation.js';

/** What a vehicle may refer to in its unit: fleets, brands with their types, drivers. */
export interface VehicleContext {
  fleets: { fleetId: number; fleetName: string }[];
  brands: { merkId: number; merk: string; tipe: { tipeId: number; tipe: string }[] }[];
  drivers: { driverId: number; employeeNumber: string; name: string; aktif: boolean }[];
}

/** The driver assignment a vehicle had before this write (kept even if that driver was since deactivated). */
export interface PreviousAssignment {
  pengemudiId: number | null;
  coPengemudiId: number | null;
}

/** Rules across fields and tables that the schema cannot see; each error names its field. */
export function referenceErrors(
  input: VehicleInput,
  ctx: VehicleContext,
  before: PreviousAssignment | null = null,
): FieldError[] {
  const errors: FieldError[] = [];
  const fleetIds = new Set(ctx.fleets.map((f) => f.fleetId));
  const foreign = input.fleetIds.filter((id) => !fleetIds.has(id));
  if (foreign.length)
    errors.push({ path: 'fleetIds', message: `Not a fleet of this unit: ${foreign.join(', ')}` });

  const brand = input.merkId === null ? undefined : ctx.brands.find((b) => b.merkId === input.merkId);
  if (input.merkId !== null && !brand) errors.push({ path: 'merkId', message: 'Unknown brand' });
  if (input.tipeId !== null) {
    if (input.merkId === null)
      errors.push({ path: 'tipeId', message: 'Choose the brand of this type first' });
    else if (brand && !brand.tipe.some((t) => t.tipeId === input.tipeId))
      errors.push({ path: 'tipeId', message: `This type is not a type of ${brand.merk}` });
  }

  const assignable = (id: number, field: 'pengemudiId' | 'coPengemudiId') => {
    const driver = ctx.drivers.find((d) => d.driverId === id);
    if (!driver) return 'Not a driver of this unit';
    // A vehicle keeps the driver it already had; only a new assignment needs an active driver.
    if (!driver.aktif && before?.[field] !== id) return `${driver.name} is not an active driver`;
    return null;
  };
  for (const field of ['pengemudiId', 'coPengemudiId'] as const) {
    const id = input[field];
    const problem = id === null ? null : assignable(id, field);
    if (problem) errors.push({ path: field, message: problem });
  }
  if (input.pengemudiId !== null && input.pengemudiId === input.coPengemudiId)
    errors.push({ path: 'coPengemudiId', message: 'The second driver must differ from the first' });
  return errors;
}

/** Vehicles that hold a plate, tracker id or hull number already. */
export interface Holder {
  vehicleId: number;
  unitId: number;
  plate: string;
  trackerId: string;
  hull: string;
}

/** A 409's errors: plate and tracker id are unique everywhere, the hull number within the unit. */
export function conflictErrors(input: VehicleInput, unitId: number, holders: Holder[]): FieldError[] {
  const errors: FieldError[] = [];
  if (holders.some((h) => h.plate === input.nomorPolisi))
    errors.push({
      path: 'nomorPolisi',
      message: `Plate number ${input.nomorPolisi} is already registered to another vehicle`,
    });
  if (holders.some((h) => h.trackerId === input.pantauKendaraanId))
    errors.push({
      path: 'pantauKendaraanId',
      message: `Tracker id ${input.pantauKendaraanId} is already registered to another vehicle`,
    });
  if (holders.some((h) => h.unitId === unitId && h.hull.toLowerCase() === input.nomorKendaraan.toLowerCase()))
    errors.push({
      path: 'nomorKendaraan',
      message: `Hull number ${input.nomorKendaraan} is already used in this unit`,
    });
  return errors;
}

const fieldOfConstraint: Record<string, string> = {
  vehicles_plate_unique: 'nomorPolisi',
  vehicles_tracker_id_unique: 'pantauKendaraanId',
  vehicles_unit_hull_unique: 'nomorKendaraan',
};
const fieldOfColumn: Record<string, string> = {
  plate_number: 'nomorPolisi',
  tracker_id: 'pantauKendaraanId',
  hull_number: 'nomorKendaraan',
};

/** The field of a unique violation the database raised on vehicles (a write racing another), if any. */
export function conflictFieldOf(err: unknown): string | null {
  const violation = uniqueViolationOf(err);
  if (!violation) return null;
  const byName = fieldOfConstraint[violation.constraint];
  if (byName) return byName;
  const column = Object.keys(fieldOfColumn).find((c) => violation.detail.includes(c));
  return column ? fieldOfColumn[column]! : null;
}
