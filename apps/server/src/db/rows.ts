/** The rows of a `db.execute` answer: PGlite answers `{ rows }`, node-postgres through drizzle an array or `{ rows }`. */
export const rowsOf = <T>(r: unknown): T[] =>
  (Array.isArray(r) ? r : ((r as { rows?: unknown[] }).rows ?? [])) as T[];
