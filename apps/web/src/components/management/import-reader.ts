import type { CellKind } from './sheet';

/**
 * Reading an import file's cells into rows keyed by field name. Pure: the file itself is read by
 * `read-spreadsheet.ts`; this takes its cells (strings from a .csv, typed values from an .xlsx).
 */

/** Header text compared without case, spaces or punctuation: `Nomor Polisi`, `nomor_polisi`, `nomorPolisi`. */
export function headerKey(text: unknown): string {
  return String(text ?? '')
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** Every header a field answers to besides its own name (its column labels in each language). */
export type HeaderAliases = Record<string, readonly string[]>;

/** The field of each header cell (null where none matches) and the headers nobody knows. */
export function mapHeaders(
  cells: readonly unknown[],
  aliases: HeaderAliases,
): { fields: (string | null)[]; unknown: string[] } {
  const lookup = new Map<string, string>();
  for (const [field, names] of Object.entries(aliases)) {
    for (const name of [field, ...names]) {
      const key = headerKey(name);
      if (key && !lookup.has(key)) lookup.set(key, field);
    }
  }
  const seen = new Set<string>();
  const unknown: string[] = [];
  const fields = cells.map((cell) => {
    const key = headerKey(cell);
    if (!key) return null;
    const field = lookup.get(key);
    if (!field) {
      unknown.push(String(cell).trim());
      return null;
    }
    // A field named twice reads from its first column.
    if (seen.has(field)) return null;
    seen.add(field);
    return field;
  });
  return { fields, unknown };
}

const TRUE_WORDS = new Set(['true', 'yes', 'ya', 'y', '1', 'aktif', 'active', 'on', 'x']);
const FALSE_WORDS = new Set([
  'false',
  'no',
  'tidak',
  'n',
  '0',
  'nonaktif',
  'tidakaktif',
  'inactive',
  'notactive',
  'off',
]);

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

function validDay(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A spreadsheet serial day (1 = 1900-01-01, with Excel's 1900 leap-year quirk) to YYYY-MM-DD. */
function serialDay(serial: number): string {
  const date = new Date(Date.UTC(1899, 11, 30) + Math.floor(serial) * 86_400_000);
  return ymd(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

function parseDay(text: string): string | null {
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ].*)?$/.exec(text);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return validDay(y, mo, d) ? ymd(y, mo, d) : null;
  }
  // Indonesian order: day first (DD/MM/YYYY, the format the export writes).
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (m) {
    const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return validDay(y, mo, d) ? ymd(y, mo, d) : null;
  }
  return null;
}

function parseNumber(text: string): number | null {
  const t = text.replace(/\s/g, '');
  if (/^[-+]?\d+$/.test(t)) return Number(t);
  // One separator: a decimal point or comma (`80.5`, `80,5`).
  if (/^[-+]?\d+[.,]\d+$/.test(t)) return Number(t.replace(',', '.'));
  // Thousands grouped with dots and a decimal comma (Indonesian: `12.345,6`), or the English way.
  if (/^[-+]?\d{1,3}(\.\d{3})+(,\d+)?$/.test(t)) return Number(t.replace(/\./g, '').replace(',', '.'));
  if (/^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) return Number(t.replace(/,/g, ''));
  return null;
}

/**
 * A cell as the field wants it; `undefined` for an empty cell (the field's default applies). A value
 * that does not read as the kind is passed on as typed so the server names the field at fault.
 */
export function coerceCell(value: unknown, kind: CellKind): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  const text = typeof value === 'string' ? value.trim() : value;
  switch (kind) {
    case 'text':
      if (text instanceof Date)
        return Number.isNaN(text.getTime()) ? undefined : text.toISOString().slice(0, 10);
      return String(text);
    case 'phone':
      // A spreadsheet drops the leading 0 of 0812…: put it back.
      if (typeof text === 'number') return /^8\d{7,}$/.test(String(text)) ? `0${text}` : String(text);
      return String(text);
    case 'number':
      if (typeof text === 'number') return text;
      if (typeof text === 'string') return parseNumber(text) ?? text;
      return text;
    case 'boolean': {
      if (typeof text === 'boolean') return text;
      if (typeof text === 'number' && (text === 0 || text === 1)) return text === 1;
      const word = headerKey(text);
      if (TRUE_WORDS.has(word)) return true;
      if (FALSE_WORDS.has(word)) return false;
      return text;
    }
    case 'date':
      if (text instanceof Date) {
        return Number.isNaN(text.getTime())
          ? undefined
          : ymd(text.getUTCFullYear(), text.getUTCMonth() + 1, text.getUTCDate());
      }
      if (typeof text === 'number' && text > 0 && text < 2_958_466) return serialDay(text);
      if (typeof text === 'string') return parseDay(text) ?? text;
      return text;
    case 'list':
      return String(text)
        .split(/[,;\n]/)
        .map((s) => s.trim())
        .filter(Boolean);
  }
}

export interface SheetRows {
  /** Each data row keyed by field name, empty cells left out. */
  rows: Record<string, unknown>[];
  /** The sheet row (1-based) each data row came from, to point the user at it. */
  sheetRows: number[];
  /** Header cells that name no field (their columns are ignored). */
  unknownHeaders: string[];
}

const isBlank = (cell: unknown) =>
  cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');

/**
 * Finds the header row (the first of the top rows naming at least two fields, so a title row above it
 * is skipped), then reads every non-empty row below it. Null when no header row is found.
 */
export function readSheetRows(
  matrix: readonly (readonly unknown[])[],
  aliases: HeaderAliases,
  kinds: Record<string, CellKind>,
): SheetRows | null {
  const needed = Math.min(2, Object.keys(aliases).length);
  let headerIndex = -1;
  let mapped: ReturnType<typeof mapHeaders> | undefined;
  for (let i = 0; i < Math.min(matrix.length, 10); i++) {
    const candidate = mapHeaders(matrix[i] ?? [], aliases);
    if (candidate.fields.filter(Boolean).length >= needed) {
      headerIndex = i;
      mapped = candidate;
      break;
    }
  }
  if (!mapped) return null;
  const rows: Record<string, unknown>[] = [];
  const sheetRows: number[] = [];
  for (let i = headerIndex + 1; i < matrix.length; i++) {
    const cells = matrix[i] ?? [];
    if (cells.every(isBlank)) continue;
    const row: Record<string, unknown> = {};
    mapped.fields.forEach((field, column) => {
      if (!field) return;
      const value = coerceCell(cells[column], kinds[field] ?? 'text');
      if (value !== undefined) row[field] = value;
    });
    rows.push(row);
    sheetRows.push(i + 1);
  }
  return { rows, sheetRows, unknownHeaders: mapped.unknown };
}
