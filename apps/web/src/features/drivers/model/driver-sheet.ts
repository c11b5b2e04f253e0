import type { DriverRow } from '@pantau/contracts';
import type { HeaderAliases } from '../../../components/management/import-reader';
import {
  dayCell,
  type CellKind,
  type SheetCell,
  type SheetColumn,
} from '../../../components/management/sheet';
import { en, id } from '../../../locales/resources';

/** The export's columns, which are also the import template's (an exported file imports back). */
export const DRIVER_SHEET_COLUMNS = [
  { key: 'name', kind: 'text', width: 26 },
  { key: 'employeeNumber', kind: 'text', width: 16 },
  { key: 'phone', kind: 'phone', width: 16 },
  { key: 'simClass', kind: 'text', width: 14 },
  { key: 'simExpiry', kind: 'date', width: 12 },
  { key: 'aktif', kind: 'boolean', width: 8 },
  { key: 'vehicles', kind: 'list', width: 30 },
] as const satisfies readonly SheetColumn[];

export type DriverSheetKey = (typeof DRIVER_SHEET_COLUMNS)[number]['key'];

/** What the import reads; the assigned vehicles are shown in the export only (assign them on the vehicle). */
export const DRIVER_IMPORT_KINDS: Record<string, CellKind> = Object.fromEntries(
  DRIVER_SHEET_COLUMNS.filter((c) => c.key !== 'vehicles').map((c) => [c.key, c.kind]),
);

/** A header names a field by its spec name or by its label in either language. */
export const DRIVER_HEADER_ALIASES: HeaderAliases = Object.fromEntries(
  Object.keys(DRIVER_IMPORT_KINDS).map((field) => {
    const key = field as keyof typeof en.drivers.fields;
    return [field, [en.drivers.fields[key], id.drivers.fields[key]]];
  }),
);

/** One driver as a sheet row, in DRIVER_SHEET_COLUMNS order. */
export function driverSheetRow(d: DriverRow, words: { yes: string; no: string }): SheetCell[] {
  const cells: Record<DriverSheetKey, SheetCell> = {
    name: d.name,
    employeeNumber: d.employeeNumber,
    phone: d.phone,
    simClass: d.simClass,
    simExpiry: dayCell(d.simExpiry),
    aktif: d.aktif ? words.yes : words.no,
    vehicles: d.vehicles.map((v) => v.nomorPolisi).join(', ') || null,
  };
  return DRIVER_SHEET_COLUMNS.map((c) => cells[c.key]);
}
