import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ExportFormat } from '@pantau/contracts';
import type { CellContext, ExportColumn, ExportDefinition } from './export-definition.js';

/** Rows read from the database at a time while a file is written. */
export const EXPORT_SLICE_ROWS = 2_000;
/** A spreadsheet holds 1,048,576 rows; an export stops short of that. */
export const EXPORT_MAX_ROWS = 1_000_000;

const DAY_S = 86_400;
const localFormat = new Map<string, Intl.DateTimeFormat>();

/** `2026-11-25 14:03:09` in the time zone. */
export function localDateTime(iso: string, timeZone: string): string {
  let format = localFormat.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    localFormat.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

/** `h:mm:ss`, hours past 24 kept. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

/** Numbers, or numbers separated by commas (coordinates "-6.336000, 107.274000"): never a formula. */
const NUMBERS = /^-?\d+(\.\d+)?(,\s*-?\d+(\.\d+)?)*$/;

/**
 * A CSV field: quoted when it holds a comma, quote or line break; a leading = + - @ is defused (a
 * spreadsheet would run it as a formula), except in a text of numbers only, such as a negative latitude.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !NUMBERS.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

type Totals = (number | null)[];

/** Decimals a value is written with (`12.35` → 2), at most 6. */
const decimalsOf = (v: number) => {
  const text = String(v);
  if (/e/i.test(text)) return 6;
  return Math.min(6, text.split('.')[1]?.length ?? 0);
};

/**
 * Adds a row to the totals. A sum keeps the most decimals of its values, so that binary fractions do not
 * show (1.1 + 4.7 is 5.800000000000001 in floating point; the file says 5.8).
 */
function addToTotals<Row>(
  totals: Totals,
  decimals: number[],
  columns: readonly ExportColumn<Row>[],
  values: (string | number | null)[],
) {
  columns.forEach((c, i) => {
    const v = values[i];
    if (!c.total || typeof v !== 'number') return;
    const t = totals[i];
    decimals[i] = Math.max(decimals[i] ?? 0, decimalsOf(v));
    const next = t === null || t === undefined ? v : c.total === 'sum' ? t + v : Math.max(t, v);
    totals[i] = Number(next.toFixed(decimals[i]));
  });
}

/** Waits while the reader is behind, so a slow download holds a few slices in memory, not the file. */
async function keepUp(out: Writable) {
  if (out.writableNeedDrain) await once(out, 'drain');
}

/**
 * Writes every row of a report to `out`, a slice at a time, then a totals row: an .xlsx workbook
 * (exceljs's streaming writer) or UTF-8 CSV with a byte-order mark (so Excel reads it as UTF-8).
 * Answers how many rows were written.
 */
export async function writeExport<Query, Row>(
  out: Writable,
  def: ExportDefinition<Query, Row>,
  unitId: number,
  query: Query,
  format: ExportFormat,
  ctx: CellContext,
): Promise<number> {
  const { columns } = def;
  const totals: Totals = columns.map(() => null);
  const decimals = columns.map(() => 0);
  const headers = columns.map((c) => c.header[ctx.language]);
  const totalLabel = ctx.language === 'id' ? 'Jumlah' : 'Total';

  let written = 0;
  async function eachSlice(write: (values: (string | number | null)[]) => void) {
    for (let skip = 0; skip < EXPORT_MAX_ROWS; skip += EXPORT_SLICE_ROWS) {
      const take = Math.min(EXPORT_SLICE_ROWS, EXPORT_MAX_ROWS - skip);
      const rows = await def.rows(unitId, query, { take, skip });
      for (const row of rows) {
        const values = columns.map((c) => c.value(row, ctx));
        addToTotals(totals, decimals, columns, values);
        write(values);
      }
      written += rows.length;
      if (rows.length < take) break;
      await keepUp(out);
    }
  }
  const totalsRow = (cell: (v: number, c: ExportColumn<Row>) => string | number) =>
    columns.map((c, i) => {
      const t = totals[i];
      if (i === 0) return `${totalLabel} (${written})`;
      return t === null || t === undefined ? null : cell(t, c);
    });

  if (format === 'csv') {
    out.write('\uFEFF' + headers.map(csvField).join(',') + '\r\n');
    const text = (v: string | number | null, c: ExportColumn<Row>) =>
      v === null
        ? null
        : c.type === 'instant'
          ? localDateTime(String(v), ctx.timeZone)
          : c.type === 'seconds'
            ? clock(Number(v))
            : v;
    await eachSlice((values) => {
      out.write(values.map((v, i) => csvField(text(v, columns[i]!))).join(',') + '\r\n');
    });
    out.write(
      totalsRow((v, c) => (c.type === 'seconds' ? clock(v) : v))
        .map((v) => csvField(v))
        .join(',') + '\r\n',
    );
    out.end();
    return written;
  }

  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(def.title[ctx.language].slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((c, i) => ({
    header: headers[i],
    width: c.width ?? 16,
    style:
      c.type === 'instant'
        ? { numFmt: 'yyyy-mm-dd hh:mm:ss' }
        : c.type === 'seconds'
          ? { numFmt: '[h]:mm:ss' }
          : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  /** An instant as Excel keeps dates: the local wall time, no zone. */
  const cell = (v: string | number | null, c: ExportColumn<Row>) => {
    if (v === null) return null;
    if (c.type === 'instant') return new Date(localDateTime(String(v), ctx.timeZone).replace(' ', 'T') + 'Z');
    if (c.type === 'seconds') return Number(v) / DAY_S;
    return v;
  };
  await eachSlice((values) => {
    sheet.addRow(values.map((v, i) => cell(v, columns[i]!))).commit();
  });
  const last = sheet.addRow(totalsRow((v, c) => (c.type === 'seconds' ? v / DAY_S : v)));
  last.font = { bold: true };
  last.commit();
  sheet.commit();
  await workbook.commit();
  return written;
}
