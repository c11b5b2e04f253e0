import type { DriverRow } from '@pantau/contracts';
import {
  dayCell,
  headerAliases,
  importKinds,
  sheetRow,
  type EntitySheet,
  type SheetColumn,
  type YesNo,
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
export const DRIVER_IMPORT_KINDS = importKinds(DRIVER_SHEET_COLUMNS, ['vehicles']);

export const DRIVER_HEADER_ALIASES = headerAliases(DRIVER_IMPORT_KINDS, en.drivers.fields, id.drivers.fields);

export const driverSheet: EntitySheet<DriverRow, DriverSheetKey> = {
  columns: DRIVER_SHEET_COLUMNS,
  cells: (d, words) => ({
    name: d.name,
    employeeNumber: d.employeeNumber,
    phone: d.phone,
    simClass: d.simClass,
    simExpiry: dayCell(d.simExpiry),
    aktif: d.aktif ? words.yes : words.no,
    vehicles: d.vehicles.map((v) => v.nomorPolisi).join(', ') || null,
  }),
};

/** One driver as a sheet row, in DRIVER_SHEET_COLUMNS order. */
export const driverSheetRow = (d: DriverRow, words: YesNo) => sheetRow(driverSheet, d, words);
