import { count, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { documentStatuses } from '@pantau/contracts';
import type { Db } from '../../db/client.js';

// The pieces of a list query (a repo's search: filters, sort, one page of `Take` rows after `Skip`,
// and how many match in all), so every list pages, sorts and filters alike.

/** `%text%` for ILIKE with the wildcards of the text itself escaped. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Lower-case, without spaces: how search compares plates, hull numbers and tracker ids. */
export const squeezed = (column: AnyPgColumn) => sql`replace(lower(${column}), ' ', '')`;

/** True where `text` occurs in `value` (compare like with like: lower-case both, or squeeze both). */
export const includes = (value: SQL | AnyPgColumn, text: string) => sql`strpos(${value}, ${text}) > 0`;

/** A list's query as a repo takes it: its filters, sort and page (`Take` rows after `Skip`). */
export type ListQuery<Filters> = Partial<Filters> & { Take: number; Skip: number };

/** Today and the last day a document counts as due soon, YYYY-MM-DD (lib/document-dates.ts). */
export interface DocumentDates {
  today: string;
  dueBy: string;
}

/**
 * The order of a list: the column the query sorts by (`sortBy`, else `fallback`) in its direction,
 * empty values last, then tie-breakers for a stable page.
 */
export function sortedBy<Key extends string>(
  columns: Record<Key, AnyPgColumn>,
  q: { sortBy?: Key | undefined; sortDir?: 'ascend' | 'descend' | undefined },
  fallback: Key,
  ...tieBreakers: SQL[]
): SQL[] {
  const direction = q.sortDir === 'descend' ? sql`desc` : sql`asc`;
  return [sql`${columns[q.sortBy ?? fallback]} ${direction} nulls last`, ...tieBreakers];
}

export type DocumentStatus = (typeof documentStatuses)[number];

/**
 * Rows whose documents (STNK and KIR, a SIM …) have this status on `today`, given their due dates and
 * `dueBy` (today + 30 days), as YYYY-MM-DD: expired when any date is past, due soon when any falls by
 * `dueBy`, valid otherwise (no date at all is valid). No status: no condition.
 */
export function documentStatusIs(
  status: DocumentStatus | undefined,
  dueDates: AnyPgColumn[],
  { today, dueBy }: DocumentDates,
): SQL | undefined {
  const anyDate = (test: (date: AnyPgColumn) => SQL) =>
    sql`(${sql.join(
      dueDates.map((date) => sql`coalesce(${test(date)}, false)`),
      sql` or `,
    )})`;
  const expired = anyDate((date) => sql`${date} < ${today}`);
  const soon = anyDate((date) => sql`${date} <= ${dueBy}`);
  if (status === 'expired') return expired;
  if (status === 'due_soon') return sql`(not ${expired} and ${soon})`;
  if (status === 'valid') return sql`(not ${soon})`;
  return undefined;
}

/** How many rows of `table` match `where` (`total`), and the page of them `page` selects. */
export async function pageOf<Row>(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  page: () => Promise<Row[]>,
): Promise<{ total: number; rows: Row[] }> {
  const [matching] = await db.select({ n: count() }).from(table).where(where);
  return { total: matching?.n ?? 0, rows: await page() };
}
