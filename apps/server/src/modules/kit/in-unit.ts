import { NotFoundError } from '../../errors.js';

/**
 * The row a repo found in the chosen unit, or 404 `No such <what> in this unit`: a row of another unit
 * answers exactly as one that does not exist.
 */
export async function inUnit<Row>(found: Promise<Row | undefined>, what: string): Promise<Row> {
  const row = await found;
  if (row === undefined) throw new NotFoundError(`No such ${what} in this unit`);
  return row;
}
