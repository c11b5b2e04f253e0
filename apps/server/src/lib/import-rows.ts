import type { ImportResponse } from '@pantau/contracts';
import type { z } from 'zod';
import { ValidationError, type FieldError } from '../errors.js';

/**
 * Bulk import of management rows (vehicles, drivers): the browser sends the cells of an .xlsx or .csv
 * file as objects keyed by the spec's field names. These helpers turn cell values into what the
 * module's input schema expects, so an import is validated by the same rules as a single create.
 */

/** How a cell is read. */
export type CellKind = 'text' | 'number' | 'boolean' | 'date' | 'phone';

const keyOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The row with its keys renamed to the known field names, ignoring case, spaces, dashes and
 * underscores (`Nomor Polisi`, `nomor_polisi` → `nomorPolisi`); unknown columns are dropped.
 */
export function canonicalRow(
  raw: Record<string, unknown>,
  fields: readonly string[],
): Record<string, unknown> {
  const byKey = new Map(fields.map((f) => [keyOf(f), f]));
  const row: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    const field = byKey.get(keyOf(name));
    if (field && row[field] === undefined) row[field] = value;
  }
  return row;
}

/** An empty cell (nothing, blank text) reads as absent. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

const TRUE_WORDS = new Set(['ya', 'y', 'yes', 'true', '1', 'aktif', 'active', 'on']);
const FALSE_WORDS = new Set(['tidak', 'no', 'n', 'false', '0', 'nonaktif', 'tidak aktif', 'inactive', 'off']);

/** Excel counts days from 1899-12-30 (with its 1900 leap-year quirk already folded in). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

function dateOf(value: unknown): unknown {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0 && value < 200_000)
    return new Date(EXCEL_EPOCH_MS + Math.floor(value) * DAY_MS).toISOString().slice(0, 10);
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  // A date cell the browser serialised as an ISO timestamp (midnight UTC).
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+Z?$/.test(text)) return text.slice(0, 10);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (dmy) return `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  if (/^\d+(\.\d+)?$/.test(text)) return dateOf(Number(text));
  return text;
}

/**
 * One cell as the field's schema expects it: `"80"` → 80, `"ya"` → true, `"31/12/2025"` or an Excel
 * serial → `"2025-12-31"`, a phone number typed as a number (leading 0 lost) → `"0812…"`. A value that
 * cannot be read is passed on unchanged, so the schema names the field. Blank → undefined.
 */
export function coerceCell(value: unknown, kind: CellKind): unknown {
  if (isBlank(value)) return undefined;
  switch (kind) {
    case 'text':
      return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
    case 'phone': {
      const text = typeof value === 'number' ? String(value) : value;
      return typeof text === 'string' && /^8\d{8,11}$/.test(text.trim()) ? `0${text.trim()}` : text;
    }
    case 'number': {
      if (typeof value !== 'string') return value;
      const text = value.trim().replace(/\s/g, '');
      if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
      // Indonesian decimal comma: "12,5".
      if (/^-?\d+,\d+$/.test(text)) return Number(text.replace(',', '.'));
      return value;
    }
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      const word = String(value).trim().toLowerCase();
      if (TRUE_WORDS.has(word)) return true;
      if (FALSE_WORDS.has(word)) return false;
      return value;
    }
    case 'date':
      return dateOf(value);
  }
}

/** Names in one cell separated by `,` or `;`. */
export function listOf(value: unknown): string[] {
  if (isBlank(value)) return [];
  return String(value)
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A schema's issues as field errors; `rename` maps an input field to the column the file used. */
export function fieldErrorsOf(error: z.ZodError, rename: Record<string, string> = {}): FieldError[] {
  return error.issues.map((issue) => {
    const head = String(issue.path[0] ?? '(root)');
    return { path: rename[head] ?? issue.path.join('.'), message: issue.message };
  });
}

/**
 * A file row read for the input schema: its cells by field name (`columns`; any other column dropped)
 * and a draft input with each field of `kinds` read as its kind; `adjust` tidies a field's value further
 * (a spelling of a SIM class, a vehicle class).
 */
export function draftOf(
  raw: Record<string, unknown>,
  columns: readonly string[],
  kinds: Record<string, CellKind>,
  adjust: Record<string, (value: unknown) => unknown> = {},
): { cells: Record<string, unknown>; draft: Record<string, unknown> } {
  const cells = canonicalRow(raw, columns);
  const draft: Record<string, unknown> = {};
  for (const [field, kind] of Object.entries(kinds)) {
    const value = coerceCell(cells[field], kind);
    if (value !== undefined) draft[field] = adjust[field] ? adjust[field](value) : value;
  }
  return { cells, draft };
}

/**
 * The draft checked by the input's schema, as a single create would be: the input with `errors` (found
 * while reading the row), or no input and every error (the schema's on the columns `rename` names).
 */
export function checkedRowOf<T>(
  schema: z.ZodType<T>,
  draft: Record<string, unknown>,
  errors: FieldError[] = [],
  rename: Record<string, string> = {},
): CheckedRow<T> {
  const parsed = schema.safeParse(draft);
  return parsed.success
    ? { input: parsed.data, errors }
    : { input: null, errors: [...fieldErrorsOf(parsed.error, rename), ...errors] };
}

/** One validated row of an import: the input to store, or its errors. */
export interface CheckedRow<T> {
  input: T | null;
  errors: FieldError[];
}

/**
 * Marks every row whose key (plate, employee number …) an earlier row of the same file already has.
 * `keyOf` returns null for a row without the key.
 */
export function markDuplicatesInFile<T>(
  rows: CheckedRow<T>[],
  keyOf: (input: T) => string | null,
  path: string,
  label: string,
) {
  const firstRow = new Map<string, number>();
  rows.forEach((row, i) => {
    if (!row.input) return;
    const key = keyOf(row.input);
    if (key === null) return;
    const first = firstRow.get(key);
    if (first === undefined) firstRow.set(key, i);
    else row.errors.push({ path, message: `${label} is the same as in row ${first + 1}` });
  });
}

/** The answer to an import: every row (1-based) with its errors. */
function importResponseOf(rows: CheckedRow<unknown>[], created: number): ImportResponse {
  return {
    total: rows.length,
    valid: rows.filter((r) => r.errors.length === 0).length,
    created,
    rows: rows.map((r, i) => ({ row: i + 1, errors: r.errors })),
  };
}

/**
 * The 400 of an import with a row at fault: every error with its path in the request body,
 * `rows.<index>.<field>` (index 0-based, like any array path in a request body).
 */
function importValidationError(rows: CheckedRow<unknown>[]): ValidationError {
  const bad = rows.filter((r) => r.errors.length > 0).length;
  return new ValidationError(
    `${bad} of ${rows.length} rows have errors; nothing was imported`,
    rows.flatMap((r, i) => r.errors.map((e) => ({ path: `rows.${i}.${e.path}`, message: e.message }))),
  );
}

/**
 * An import with a checked preview. Rows come checked as creates would be; `conflictsOf` adds what the
 * database already holds (a plate, an employee number), looked up once for every input. A dry run then
 * answers each row's errors and stores nothing; otherwise `store` writes every input (in one
 * transaction), or nothing is written when any row is at fault (400, errors at `rows.<index>.<field>`).
 */
export async function importChecked<T>(
  rows: CheckedRow<T>[],
  opts: {
    dryRun: boolean;
    conflictsOf(inputs: T[]): Promise<(input: T) => FieldError[]>;
    store(inputs: T[]): Promise<void>;
  },
): Promise<ImportResponse> {
  const inputs = rows.flatMap((r) => (r.input ? [r.input] : []));
  const conflicts = await opts.conflictsOf(inputs);
  for (const row of rows) if (row.input) row.errors.push(...conflicts(row.input));
  if (opts.dryRun) return importResponseOf(rows, 0);
  if (rows.some((r) => r.errors.length > 0)) throw importValidationError(rows);
  await opts.store(inputs);
  return importResponseOf(rows, inputs.length);
}
