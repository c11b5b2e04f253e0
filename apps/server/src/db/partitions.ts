import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { rowsOf } from './rows.js';

/**
 * `positions` is partitioned by month of fix time (migration 0008): one partition per calendar month
 * in UTC, `positions_2026_11` holding fix times from 2026-11-01 00:00 UTC up to 2026-12-01. There is no
 * DEFAULT partition: a month is created before a position of it is written (ahead for the coming months,
 * on demand for an older fix), and an insert that finds no month fails loudly instead of filling a
 * catch-all that would have to be emptied before its month could be created.
 *
 * A month is a number here: year × 12 + month index (0–11), in UTC.
 */
export type Month = number;

export const monthOf = (d: Date): Month => d.getUTCFullYear() * 12 + d.getUTCMonth();
export const monthStart = (m: Month): Date => new Date(Date.UTC(Math.floor(m / 12), m % 12, 1));
export const partitionName = (m: Month): string =>
  `positions_${Math.floor(m / 12)}_${String((m % 12) + 1).padStart(2, '0')}`;
const monthOfName = (name: string): Month | null => {
  const match = /^positions_(\d{4})_(\d{2})$/.exec(name);
  return match ? Number(match[1]) * 12 + Number(match[2]) - 1 : null;
};

/**
 * With a retention of `retentionMonths`, the first instant whose positions are kept at `now`: the start
 * of the `retentionMonths`-th month before the current one. Null when every month is kept.
 */
export function keptSince(now: Date, retentionMonths: number | undefined): Date | null {
  return retentionMonths ? monthStart(monthOf(now) - retentionMonths) : null;
}

/** Months created ahead of the current one (the current month and the next two exist at all times). */
export const MONTHS_AHEAD = 2;

/**
 * One key for every instance's partition changes (`pg_advisory_xact_lock`): two servers creating the
 * same month at once take turns, the second finds it there.
 */
const PARTITIONS_LOCK = sql`hashtextextended('pantau.positions.partitions', 0)`;

/** The months `positions` has a partition for, oldest first. */
export async function positionMonths(db: Db): Promise<Month[]> {
  const result = await db.execute(sql`
    SELECT c.relname AS name FROM pg_inherits i
    JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'positions'::regclass`);
  return rowsOf<{ name: string }>(result)
    .map((r) => monthOfName(r.name))
    .filter((m): m is Month => m !== null)
    .sort((a, b) => a - b);
}

/**
 * Creates the partitions of the given months that do not exist yet and answers the months created.
 * Idempotent and safe with several servers at once (an advisory lock, then `IF NOT EXISTS`). Creating a
 * partition locks `positions` for a moment: it waits for the statements using the table to finish.
 */
export async function createMonths(db: Db, months: Iterable<Month>): Promise<Month[]> {
  const wanted = [...new Set(months)].sort((a, b) => a - b);
  if (wanted.length === 0) return [];
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await txDb.execute(sql`SELECT pg_advisory_xact_lock(${PARTITIONS_LOCK})`);
    const existing = new Set(await positionMonths(txDb));
    const created: Month[] = [];
    for (const m of wanted) {
      if (existing.has(m)) continue;
      const from = monthStart(m).toISOString();
      const to = monthStart(m + 1).toISOString();
      await txDb.execute(
        sql.raw(
          `CREATE TABLE IF NOT EXISTS "${partitionName(m)}" PARTITION OF positions ` +
            `FOR VALUES FROM ('${from}') TO ('${to}')`,
        ),
      );
      created.push(m);
    }
    return created;
  });
}

/**
 * Drops the partitions of months before `firstKept` and answers their names. On PostgreSQL each is
 * first detached with `DETACH PARTITION … CONCURRENTLY`, which does not lock out the writers and
 * readers of the other months; a detach that fails (another server detaching it at the same moment,
 * one left pending by an interrupted run) falls back to dropping the partition, which removes it from
 * `positions` as well. Must run outside a transaction.
 */
export async function dropMonthsBefore(
  db: Db,
  firstKept: Month,
  opts: { concurrently: boolean; onError?: (err: unknown, name: string) => void },
): Promise<string[]> {
  const dropped: string[] = [];
  for (const m of await positionMonths(db)) {
    if (m >= firstKept) break;
    const name = partitionName(m);
    if (opts.concurrently)
      try {
        await db.execute(sql.raw(`ALTER TABLE positions DETACH PARTITION "${name}" CONCURRENTLY`));
      } catch (err) {
        opts.onError?.(err, name);
      }
    await db.execute(sql.raw(`DROP TABLE IF EXISTS "${name}"`));
    dropped.push(name);
  }
  return dropped;
}

/** True for PostgreSQL's "no partition of relation … found for row" (a fix of a month not created). */
export function isNoPartition(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === '23514' && typeof message === 'string' && message.includes('no partition')) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * What a server keeps in memory about the months of `positions`: the ones known to exist, so that the
 * commit path asks the database only for a fix of a month it has not seen (`ensureFor`).
 */
export class PositionPartitions {
  private known = new Set<Month>();

  constructor(private readonly db: Db) {}

  /** Creates the months of these fix times that are not known to exist (before a batch is written). */
  async ensureFor(fixTimes: Iterable<Date>): Promise<void> {
    let missing: Set<Month> | null = null;
    let last = NaN;
    for (const t of fixTimes) {
      const m = monthOf(t);
      if (m === last) continue;
      last = m;
      if (!this.known.has(m)) (missing ??= new Set()).add(m);
    }
    if (missing) await this.ensure(missing);
  }

  /** Creates what is missing of these months and notes them all as existing. */
  async ensure(months: Iterable<Month>): Promise<Month[]> {
    const list = [...months];
    const created = await createMonths(this.db, list);
    for (const m of list) this.known.add(m);
    return created;
  }

  /** Forgets what is known (a month was dropped by another server, or a write found none). */
  forget() {
    this.known.clear();
  }

  /**
   * The daily upkeep: the current month and the next `MONTHS_AHEAD` exist; with `retentionMonths`, the
   * months before the current one's `retentionMonths`-th predecessor are dropped (every fix younger than
   * `retentionMonths` months is kept). Answers what it created and dropped.
   */
  async maintain(
    now: Date,
    opts: {
      retentionMonths?: number | undefined;
      concurrently: boolean;
      onError?: (err: unknown, name: string) => void;
    },
  ): Promise<{ created: string[]; dropped: string[] }> {
    const current = monthOf(now);
    const ahead = Array.from({ length: MONTHS_AHEAD + 1 }, (_, i) => current + i);
    const created = (await this.ensure(ahead)).map(partitionName);
    let dropped: string[] = [];
    if (opts.retentionMonths) {
      const firstKept = current - opts.retentionMonths;
      dropped = await dropMonthsBefore(this.db, firstKept, opts);
      if (dropped.length > 0) this.forget();
      for (const m of ahead) this.known.add(m);
    }
    return { created, dropped };
  }
}
