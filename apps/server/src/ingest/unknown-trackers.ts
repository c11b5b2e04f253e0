import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { IngestSource } from './types.js';

/**
 * Bounds on the list of unregistered trackers, so a flood of random ids cannot grow the table: at most
 * `cap` rows (default 1,000; the least recently seen go), and at most `newPerWindow` ids not seen
 * lately are added per `windowMs` (default 200 per 10 minutes). Ids already on the list are always
 * counted.
 */
export interface UnknownTrackerLimits {
  cap?: number;
  newPerWindow?: number;
  windowMs?: number;
}

interface Seen {
  trackerId: string;
  source: IngestSource;
  messages: number;
  at: Date;
}

/**
 * Trackers that reported but are not registered (Administrators see the list): counted in memory and
 * written with the next batch, one statement for all of them.
 */
export class UnknownTrackers {
  private seen = new Map<string, Seen>();
  private readonly cap: number;
  private readonly newPerWindow: number;
  private readonly windowMs: number;
  /** Ids on the list lately, least recently seen first (at most `cap`). */
  private readonly listed = new Map<string, true>();
  private admission = { start: -Infinity, added: 0, refused: 0 };
  /** New ids were added since the table was last trimmed to the cap. */
  private grew = false;

  constructor(
    private readonly clock: () => Date,
    private readonly logger: Pick<FastifyBaseLogger, 'warn' | 'error'>,
    limits: UnknownTrackerLimits = {},
  ) {
    this.cap = Math.max(1, limits.cap ?? 1000);
    this.newPerWindow = limits.newPerWindow ?? 200;
    this.windowMs = limits.windowMs ?? 10 * 60_000;
  }

  /** Trackers waiting to be written. */
  get size(): number {
    return this.seen.size;
  }

  /** Counts a message of an unregistered tracker; answers whether it is recorded. */
  note(trackerId: string, source: IngestSource): boolean {
    if (!trackerId) return false;
    const seen = this.seen.get(trackerId);
    if (seen) {
      seen.messages += 1;
      seen.at = this.clock();
      seen.source = source;
    } else if (this.admit(trackerId))
      this.seen.set(trackerId, { trackerId, source, messages: 1, at: this.clock() });
    else return false;
    return true;
  }

  /** Writes what was counted since the last write (a failure is logged, not thrown). */
  async flush(db: Db): Promise<void> {
    if (this.seen.size === 0) return;
    const seen = [...this.seen.values()];
    this.seen = new Map();
    const trim = this.grew;
    this.grew = false;
    try {
      await writeUnknownTrackers(db, seen, trim ? this.cap : null);
    } catch (err) {
      this.logger.error({ err }, 'could not record unknown trackers');
    }
  }

  /** Whether an id is recorded: always when listed lately, else within the window's budget. */
  private admit(trackerId: string): boolean {
    if (this.listed.delete(trackerId)) {
      this.listed.set(trackerId, true);
      return true;
    }
    const now = Date.now();
    if (now - this.admission.start >= this.windowMs) {
      if (this.admission.refused > 0)
        this.logger.warn(
          { refused: this.admission.refused },
          'unregistered tracker ids not recorded (too many new ones)',
        );
      this.admission = { start: now, added: 0, refused: 0 };
    }
    if (this.admission.added >= this.newPerWindow) {
      if (this.admission.refused++ === 0)
        this.logger.warn(
          { newPerWindow: this.newPerWindow, windowMs: this.windowMs },
          'too many new unregistered tracker ids: further ones are not recorded for a while',
        );
      return false;
    }
    this.admission.added++;
    this.listed.set(trackerId, true);
    if (this.listed.size > this.cap) this.listed.delete(this.listed.keys().next().value!);
    this.grew = true;
    return true;
  }
}

const arr = (values: unknown[]) => sql.param(values);

/**
 * Counts messages of unregistered trackers (one statement for all of them); with a `cap`, then keeps
 * only the `cap` most recently seen rows.
 */
async function writeUnknownTrackers(db: Db, seen: Seen[], cap: number | null) {
  await db.execute(sql`
    INSERT INTO unknown_trackers (tracker_id, protocol, remote_address, first_seen, last_seen, messages)
    SELECT t, p, r, s, s, m FROM unnest(
      ${arr(seen.map((x) => x.trackerId))}::text[],
      ${arr(seen.map((x) => x.source.protocol))}::text[],
      ${arr(seen.map((x) => x.source.remoteAddress ?? null))}::text[],
      ${arr(seen.map((x) => x.at.toISOString()))}::timestamptz[],
      ${arr(seen.map((x) => x.messages))}::bigint[]) AS u(t, p, r, s, m)
    ON CONFLICT (tracker_id) DO UPDATE SET protocol = excluded.protocol,
      remote_address = coalesce(excluded.remote_address, unknown_trackers.remote_address),
      last_seen = excluded.last_seen, messages = unknown_trackers.messages + excluded.messages`);
  if (cap === null) return;
  await db.execute(sql`
    DELETE FROM unknown_trackers WHERE tracker_id IN (
      SELECT tracker_id FROM unknown_trackers ORDER BY last_seen DESC, tracker_id OFFSET ${cap})`);
}
