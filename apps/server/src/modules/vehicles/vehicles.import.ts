import { vehicleInput, type VehicleInput } from '@pantau/contracts';
import type { FieldError } from '../../errors.js';
import {
  checkedRowOf,
  draftOf,
  isBlank,
  listOf,
  markDuplicatesInFile,
  type CellKind,
  type CheckedRow,
} from '../../lib/import-rows.js';
import { referenceErrors, type VehicleContext } from './vehicle-checks.js';

/** Columns of a vehicle import file read as they are (spec field names). */
const CELLS: Record<string, CellKind> = {
  pantauKendaraanId: 'text',
  nomorPolisi: 'text',
  nomorKendaraan: 'text',
  registrationNumber: 'text',
  vehicleClass: 'text',
  capacity: 'number',
  dedicated: 'text',
  pool: 'text',
  erpOdometer: 'number',
  gpsOdometer: 'number',
  odometer: 'number',
  engineHour: 'number',
  tahun: 'number',
  notes: 'text',
  icon: 'text',
  gsmNumber: 'phone',
  smsAlert: 'boolean',
  speedLimit: 'number',
  stnkDue: 'date',
  kirDue: 'date',
  aktif: 'boolean',
};
/** Columns that name something of the unit: brand and type names, fleet names, employee numbers. */
const NAMED = ['merk', 'tipe', 'fleet', 'pengemudi', 'coPengemudi'] as const;
const VEHICLE_IMPORT_COLUMNS = [...Object.keys(CELLS), ...NAMED];

/** An input field's errors are reported on the column the file used for it. */
const COLUMN_OF: Record<string, string> = {
  merkId: 'merk',
  tipeId: 'tipe',
  fleetIds: 'fleet',
  pengemudiId: 'pengemudi',
  coPengemudiId: 'coPengemudi',
};

const lower = (v: unknown) => String(v).trim().toLowerCase();

function vehicleClassOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const word = value.trim().toUpperCase();
  return word === 'CAR CARRIER' ? 'CC' : word;
}

/** Brand, type, fleets and drivers of one row by name, into the ids the input takes. */
function resolveNames(cells: Record<string, unknown>, ctx: VehicleContext, errors: FieldError[]) {
  const ids: Record<string, unknown> = {};
  const fleetIds: number[] = [];
  for (const name of listOf(cells.fleet)) {
    const fleet = ctx.fleets.find((f) => f.fleetName.toLowerCase() === name.toLowerCase());
    if (fleet) fleetIds.push(fleet.fleetId);
    else errors.push({ path: 'fleet', message: `No fleet named ${name} in this unit` });
  }
  ids.fleetIds = [...new Set(fleetIds)];

  const brand = isBlank(cells.merk)
    ? undefined
    : ctx.brands.find((b) => b.merk.toLowerCase() === lower(cells.merk));
  if (!isBlank(cells.merk) && !brand)
    errors.push({ path: 'merk', message: `Unknown brand ${String(cells.merk)}` });
  if (brand) ids.merkId = brand.merkId;
  if (!isBlank(cells.tipe)) {
    const type = brand?.tipe.find((t) => t.tipe.toLowerCase() === lower(cells.tipe));
    if (type) ids.tipeId = type.tipeId;
    else if (brand)
      errors.push({ path: 'tipe', message: `${String(cells.tipe)} is not a type of ${brand.merk}` });
    else if (isBlank(cells.merk)) errors.push({ path: 'merk', message: 'Give the brand of this type' });
  }

  for (const [column, field] of [
    ['pengemudi', 'pengemudiId'],
    ['coPengemudi', 'coPengemudiId'],
  ] as const) {
    if (isBlank(cells[column])) continue;
    const driver = ctx.drivers.find((d) => d.employeeNumber.toLowerCase() === lower(cells[column]));
    if (driver) ids[field] = driver.driverId;
    else
      errors.push({
        path: column,
        message: `No driver with employee number ${String(cells[column])} in this unit`,
      });
  }
  return ids;
}

function checkRow(raw: Record<string, unknown>, ctx: VehicleContext): CheckedRow<VehicleInput> {
  const { cells, draft } = draftOf(raw, VEHICLE_IMPORT_COLUMNS, CELLS, { vehicleClass: vehicleClassOf });
  const errors: FieldError[] = [];
  Object.assign(draft, resolveNames(cells, ctx, errors));
  const row = checkedRowOf(vehicleInput, draft, errors, COLUMN_OF);
  if (row.input)
    for (const e of referenceErrors(row.input, ctx))
      row.errors.push({ ...e, path: COLUMN_OF[e.path] ?? e.path });
  return row;
}

/**
 * Every row of a vehicle import checked as a create would be (without the database's duplicates,
 * which the service adds), plus plates, tracker ids and hull numbers repeated within the file.
 */
export function checkImportedVehicles(
  raws: Record<string, unknown>[],
  ctx: VehicleContext,
): CheckedRow<VehicleInput>[] {
  const rows = raws.map((raw) => checkRow(raw, ctx));
  markDuplicatesInFile(rows, (v) => v.nomorPolisi, 'nomorPolisi', 'Plate number');
  markDuplicatesInFile(rows, (v) => v.pantauKendaraanId, 'pantauKendaraanId', 'Tracker id');
  markDuplicatesInFile(rows, (v) => v.nomorKendaraan.toLowerCase(), 'nomorKendaraan', 'Hull number');
  return rows;
}
