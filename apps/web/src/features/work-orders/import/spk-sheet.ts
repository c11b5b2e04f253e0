import { WORK_ORDER_IMPORT_COLUMNS, type WorkOrderImportColumn } from '@pantau/contracts';
import {
  headerAliases,
  importKinds,
  type CellKind,
  type EntitySheet,
  type SheetColumn,
} from '../../../components/management/sheet';
import { en, id } from '../../../locales/resources';

const WIDTHS: Partial<Record<WorkOrderImportColumn, number>> = {
  kind: 8,
  runDate: 18,
  loadCount: 10,
  kosongan: 10,
  notes: 30,
  loadDescription: 24,
};
/**
 * How each column reads. The run date is read as typed (`number` leaves text and a spreadsheet's
 * date-time alone), so `runDateCell` keeps its time of day, which a `date` column would drop.
 */
const KIND_OF: Partial<Record<WorkOrderImportColumn, CellKind>> = {
  runDate: 'number',
  loadCount: 'number',
  kosongan: 'boolean',
};

/** The import template's columns, in the server's order. */
export const SPK_SHEET_COLUMNS: readonly SheetColumn<WorkOrderImportColumn>[] = WORK_ORDER_IMPORT_COLUMNS.map(
  (key) => ({ key, kind: KIND_OF[key] ?? 'text', width: WIDTHS[key] ?? 16 }),
);

export const SPK_IMPORT_KINDS = importKinds(SPK_SHEET_COLUMNS);
export const SPK_HEADER_ALIASES = headerAliases(
  SPK_IMPORT_KINDS,
  en.workOrders.import.fields,
  id.workOrders.import.fields,
);

/** The template only: an import file has no rows to write from. */
export const spkTemplateSheet: EntitySheet<never, WorkOrderImportColumn> = {
  columns: SPK_SHEET_COLUMNS,
  cells: () => {
    throw new Error('the SPK template has no rows');
  },
};

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A run date cell as the server reads it: a spreadsheet's date or date-time comes as a Date whose UTC
 * fields are the wall clock typed, so it is sent as that wall clock (`YYYY-MM-DD HH:mm`, the unit's
 * zone); anything else as typed.
 */
export function runDateCell(value: unknown): unknown {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) return value;
  const day = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  const h = value.getUTCHours();
  const m = value.getUTCMinutes();
  return h === 0 && m === 0 ? day : `${day} ${pad(h)}:${pad(m)}`;
}
