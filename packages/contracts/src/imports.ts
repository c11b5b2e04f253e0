import { z } from 'zod';

// ── Import (vehicles and drivers) ────────────────────────────────────────────────────────────────

/**
 * `POST /api/kendaraan/import` and `POST /api/pengemudi/import`: the rows the browser read from an
 * .xlsx or .csv file, as objects keyed by the spec's field names (values as typed in the cells).
 * `dryRun: true` only validates (the preview); otherwise every row is stored or, if any row is at
 * fault, none is (400 with `rows`).
 */
export const IMPORT_MAX_ROWS = 2000;
export const importRequest = z.object({
  rows: z.array(z.record(z.string(), z.unknown())).min(1, 'The file has no rows').max(IMPORT_MAX_ROWS),
  dryRun: z.boolean().default(false),
});
export type ImportRequest = z.infer<typeof importRequest>;
/** One row's result: `row` is 1-based over the data rows (the sheet row is row + 1 with a header). */
const importRowResult = z.object({
  row: z.number().int(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })),
});
export const importResponse = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  /** Rows stored (0 on a dry run or when any row is at fault). */
  created: z.number().int(),
  rows: z.array(importRowResult),
});
export type ImportResponse = z.infer<typeof importResponse>;
