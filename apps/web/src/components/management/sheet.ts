import type { Workbook } from 'exceljs';
import { zonedParts } from '../../lib/date-time';
import type { WorkbookConstructor } from '../../lib/excel';

/**
 * How a column's cells read and write: `text` as typed, `phone` a text that a spreadsheet may have
 * turned into a number, `number`, `boolean` (yes/no), `date` (a day, YYYY-MM-DD on the wire), `list`
 * (comma-separated names).
 */
export type CellKind = 'text' | 'phone' | 'number' | 'boolean' | 'date' | 'list';

/** One column of an export and of the import template; `key` is the field name the import accepts. */
export interface SheetColumn<K extends string = string> {
  key: K;
  kind: CellKind;
  width: number;
}

export type SheetCell = string | number | Date | null;

/** A `YYYY-MM-DD` day as a spreadsheet date (exceljs writes a Date by its UTC fields). */
export function dayCell(day: string | null | undefined): Date | null {
  if (!day) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
}

export interface SheetContent<K extends string> {
  sheetName: string;
  columns: readonly SheetColumn<K>[];
  headers: Record<K, string>;
  rows: readonly SheetCell[][];
}

/**
 * One sheet: a bold header row on row 1 (so the file reads back as an import), then the rows. Dates
 * show as DD/MM/YYYY; the header row is frozen and filterable.
 */
export function buildSheetWorkbook<K extends string>(
  WorkbookClass: WorkbookConstructor,
  content: SheetContent<K>,
): Workbook {
  const workbook = new WorkbookClass();
  workbook.creator = 'Pantau';
  const sheet = workbook.addWorksheet(content.sheetName.slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = content.columns.map((c) => ({
    key: c.key,
    width: c.width,
    style: c.kind === 'date' ? { numFmt: 'dd/mm/yyyy' } : {},
  }));
  const header = sheet.getRow(1);
  header.values = content.columns.map((c) => content.headers[c.key]);
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE5E7EB' } };
    cell.border = { bottom: { style: 'thin', color: { argb: 'FF9CA3AF' } } };
  });
  for (const row of content.rows) sheet.addRow(row);
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: content.columns.length } };
  return workbook;
}

/** `pantau-<what>-YYYYMMDD-HHmm.xlsx`, in WIB. */
export function sheetFileName(what: string, now: Date): string {
  const p = zonedParts(now);
  return `pantau-${what}-${p.year}${p.month}${p.day}-${p.hour}${p.minute}.xlsx`;
}

/** The words a sheet writes for yes and no. */
export interface YesNo {
  yes: string;
  no: string;
}

/** A management list as a sheet: its columns, and each column's cell of a row. */
export interface EntitySheet<Row, K extends string> {
  columns: readonly SheetColumn<K>[];
  cells: (row: Row, words: YesNo) => Record<K, SheetCell>;
}

/** One row as sheet cells, in column order. */
export function sheetRow<Row, K extends string>(
  sheet: EntitySheet<Row, K>,
  row: Row,
  words: YesNo,
): SheetCell[] {
  const cells = sheet.cells(row, words);
  return sheet.columns.map((c) => cells[c.key]);
}

/** How the import reads each column (`except` the columns that are written for the export only). */
export function importKinds<K extends string>(
  columns: readonly SheetColumn<K>[],
  except: readonly K[] = [],
): Record<string, CellKind> {
  return Object.fromEntries(columns.filter((c) => !except.includes(c.key)).map((c) => [c.key, c.kind]));
}

/** A header names a field the import reads by its spec name or by its label in either language. */
export function headerAliases(
  kinds: Record<string, CellKind>,
  ...labels: readonly Partial<Record<string, string>>[]
): Record<string, string[]> {
  return Object.fromEntries(
    Object.keys(kinds).map((f) => [f, labels.map((l) => l[f]).filter((l): l is string => Boolean(l))]),
  );
}
