import type { ImportResponse } from '@pantau/contracts';

export interface RowProblem {
  /** 0-based index into the rows sent. */
  index: number;
  path: string;
  message: string;
}

/** Rows ready to send, and what the browser already found wrong with them. */
export interface PreparedRows {
  rows: Record<string, unknown>[];
  problems: RowProblem[];
}

export interface PreviewRow {
  index: number;
  /** The sheet row it came from (1-based, the header is row 1). */
  sheetRow: number;
  values: Record<string, unknown>;
  errors: { path: string; message: string }[];
}

/** Problems found in the browser (e.g. an unknown brand), then the server's dry-run errors. */
export function previewRows(
  values: readonly Record<string, unknown>[],
  sheetRows: readonly number[],
  problems: readonly RowProblem[],
  checked: ImportResponse | null,
): PreviewRow[] {
  const rows: PreviewRow[] = values.map((v, index) => ({
    index,
    sheetRow: sheetRows[index] ?? index + 2,
    values: v,
    errors: [],
  }));
  const add = (index: number, error: { path: string; message: string }) => {
    const row = rows[index];
    if (!row) return;
    // The same field named twice (by the browser and the server) shows once.
    if (!row.errors.some((e) => e.path === error.path)) row.errors.push(error);
  };
  for (const p of problems) add(p.index, { path: p.path, message: p.message });
  // The server counts rows from 1.
  for (const r of checked?.rows ?? []) for (const e of r.errors) add(r.row - 1, e);
  return rows;
}

/**
 * The errors of a refused commit (400 problem, paths `rows.<n>.<field>` with n counted from 0) as
 * row problems; errors naming no row are left for a general message.
 */
export function commitProblems(errors: readonly { path: string; message: string }[] | undefined): {
  problems: RowProblem[];
  other: string[];
} {
  const problems: RowProblem[] = [];
  const other: string[] = [];
  for (const e of errors ?? []) {
    const m = /^rows\.(\d+)(?:\.(.+))?$/.exec(e.path);
    if (m) problems.push({ index: Number(m[1]), path: m[2] ?? '', message: e.message });
    else other.push(e.message);
  }
  return { problems, other };
}

/** The field an error path names (`fleetIds.0` → `fleetIds`). */
export const pathField = (path: string) => path.split('.')[0] ?? path;
