import { driverInput, SIM_CLASSES, type DriverInput } from '@pantau/contracts';
import {
  checkedRowOf,
  draftOf,
  markDuplicatesInFile,
  type CellKind,
  type CheckedRow,
} from '../../lib/import-rows.js';

/** Columns of a driver import file (spec field names). */
const CELLS: Record<string, CellKind> = {
  name: 'text',
  employeeNumber: 'text',
  phone: 'phone',
  simClass: 'text',
  simExpiry: 'date',
  aktif: 'boolean',
};
const DRIVER_IMPORT_COLUMNS = Object.keys(CELLS);

/** `b1 umum`, `SIM B1 UMUM` → `SIM B1 Umum`; anything else is left for the schema to refuse. */
function simClassOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const key = value.trim().toLowerCase().replace(/\s+/g, ' ').replace(/^sim /, '');
  return SIM_CLASSES.find((c) => c.toLowerCase().replace(/^sim /, '') === key) ?? value;
}

function checkRow(raw: Record<string, unknown>): CheckedRow<DriverInput> {
  const { draft } = draftOf(raw, DRIVER_IMPORT_COLUMNS, CELLS, { simClass: simClassOf });
  return checkedRowOf(driverInput, draft);
}

/** Every row of a driver import checked as a create would be, plus employee numbers repeated in the file. */
export function checkImportedDrivers(raws: Record<string, unknown>[]): CheckedRow<DriverInput>[] {
  const rows = raws.map(checkRow);
  markDuplicatesInFile(rows, (d) => d.employeeNumber.toLowerCase(), 'employeeNumber', 'Employee number');
  return rows;
}
