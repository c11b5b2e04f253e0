import { ConflictError } from '../../errors.js';

/** PostgreSQL's unique violation (a race the checks before the write could not see). */
export function uniqueViolationOf(err: unknown): { constraint: string; detail: string } | null {
  // drizzle wraps the driver's error; PGlite and node-postgres both carry code, constraint and detail.
  let e = err as { code?: unknown; constraint?: unknown; detail?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if (e.code === '23505')
      return {
        constraint: typeof e.constraint === 'string' ? e.constraint : '',
        detail: typeof e.detail === 'string' ? e.detail : '',
      };
    e = e.cause as typeof e;
  }
  return null;
}

/**
 * A catch for a write whose checks passed but whose unique index refused it (two writes racing): 409
 * naming the field `fieldOf` finds for the error (a unique violation), like the check would have; any
 * other error as it is.
 */
export function conflictOnRace(
  fieldOf: (err: unknown) => string | null,
  message: string,
  fieldMessage: string,
) {
  return (err: unknown): never => {
    const field = fieldOf(err);
    if (field) throw new ConflictError(message, [{ path: field, message: fieldMessage }]);
    throw err;
  };
}
