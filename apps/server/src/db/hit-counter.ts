import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { rowsOf } from './rows.js';

/** Hits of a key within a window: how many, and when the oldest counted one was (epoch ms). */
export interface Hits {
  count: number;
  oldestMs: number | null;
}

/** A window is counted in this many steps: a hit leaves it at most one step early. */
const STEPS = 15;
/** Old windows are deleted at most this often per instance. */
const SWEEP_MS = 60_000;

const stepOf = (windowMs: number) => Math.max(1_000, Math.floor(windowMs / STEPS));

/**
 * Hits per key in the database (`rate_limit_hits`), so every instance on it counts against the same
 * limits: each key keeps a row per step of its window (a fifteenth), upserted per hit, and the steps
 * that start within the last `windowMs` are summed. Rows past the longest window seen are deleted as
 * they age.
 */
export function createHitCounter(db: Db, clock: () => Date) {
  let lastSweep = 0;
  let longestWindowMs = 0;

  const sweep = async (now: number) => {
    if (now - lastSweep < SWEEP_MS) return;
    lastSweep = now;
    await db.execute(
      sql`DELETE FROM rate_limit_hits WHERE window_start <= ${new Date(now - longestWindowMs).toISOString()}::timestamptz`,
    );
  };

  const hitsOf = (row: { n: unknown; oldest: unknown } | undefined): Hits => ({
    count: Number(row?.n ?? 0),
    oldestMs: row?.oldest ? new Date(row.oldest as string | Date).getTime() : null,
  });

  return {
    /** Counts one hit of `key` now; answers its hits within the last `windowMs`, this one included. */
    async add(key: string, windowMs: number): Promise<Hits> {
      const now = clock().getTime();
      const step = stepOf(windowMs);
      const start = new Date(Math.floor(now / step) * step).toISOString();
      const since = new Date(now - windowMs).toISOString();
      longestWindowMs = Math.max(longestWindowMs, windowMs);
      // The outer query does not see the upserted row (one snapshot): its step is added from RETURNING.
      const [row] = rowsOf<{ n: unknown; oldest: unknown }>(
        await db.execute(sql`
          WITH up AS (
            INSERT INTO rate_limit_hits (key, window_start, hits) VALUES (${key}, ${start}::timestamptz, 1)
            ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
            RETURNING hits)
          SELECT (SELECT hits FROM up) + coalesce(sum(hits), 0) AS n,
            least(min(window_start), ${start}::timestamptz) AS oldest
          FROM rate_limit_hits
          WHERE key = ${key} AND window_start > ${since}::timestamptz AND window_start <> ${start}::timestamptz`),
      );
      await sweep(now);
      return hitsOf(row);
    },

    /** The hits of `key` within the last `windowMs`. */
    async count(key: string, windowMs: number): Promise<Hits> {
      const since = new Date(clock().getTime() - windowMs).toISOString();
      const [row] = rowsOf<{ n: unknown; oldest: unknown }>(
        await db.execute(sql`
          SELECT coalesce(sum(hits), 0) AS n, min(window_start) AS oldest FROM rate_limit_hits
          WHERE key = ${key} AND window_start > ${since}::timestamptz`),
      );
      return hitsOf(row);
    },

    /** Forgets every key that starts with `prefix`. */
    async forget(prefix: string): Promise<void> {
      await db.execute(sql`DELETE FROM rate_limit_hits WHERE left(key, length(${prefix})) = ${prefix}`);
    },
  };
}
export type HitCounter = ReturnType<typeof createHitCounter>;
