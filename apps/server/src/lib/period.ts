import { ValidationError } from '../errors.js';

/** The longest period one call may ask for (`logs/gps`, trips, stops, detail activity). */
export const MAX_PERIOD_DAYS = 31;

/**
 * A query's `from` and `to` (ISO 8601, checked by the schema) as instants: `to` after `from`, at most
 * `MAX_PERIOD_DAYS` apart, else a 400 naming `to`.
 */
export function checkedPeriod(q: { from: string; to: string }): { from: Date; to: Date } {
  const from = new Date(q.from);
  const to = new Date(q.to);
  if (from.getTime() >= to.getTime())
    throw new ValidationError('`to` must be after `from`', [{ path: 'to', message: 'Must be after from' }]);
  if (to.getTime() - from.getTime() > MAX_PERIOD_DAYS * 86_400_000)
    throw new ValidationError(`The period may be at most ${MAX_PERIOD_DAYS} days`, [
      { path: 'to', message: `At most ${MAX_PERIOD_DAYS} days after from` },
    ]);
  return { from, to };
}
