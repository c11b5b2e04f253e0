/** The rows of a `db.execute` answer: PGlite answers `{ rows }`, node-postgres through drizzle an array or `{ rows }`. */
export const rowsOf = <T = Record<string, unknown>>(r: unknown): T[] =>
  (Array.isArray(r) ? r : ((r as { rows?: unknown[] }).rows ?? [])) as T[];

/** A timestamp of a `db.execute` row in ms: a Date (node-postgres, PGlite) or its text. */
export const timeOf = (v: unknown): number => (v instanceof Date ? v.getTime() : Date.parse(String(v)));
