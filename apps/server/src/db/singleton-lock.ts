import type pg from 'pg';
import type { Database } from './client.js';
import { advisoryLocks } from './locks.js';

/**
 * Whether this instance runs the work one instance runs for all (the telemetry tick, the SPK sweep,
 * the availability history, the demo fleet). PostgreSQL: the instance holding a session-level advisory
 * lock on a connection of its own; the others try again every `retryMs` and take over when the holder
 * dies (its connection ends, and the lock with it). PGlite: one server per data dir, which holds it.
 */
export interface SingletonLock {
  readonly held: boolean;
  /** Told each time this instance takes the lock (true) or loses it (false). */
  onChange(listener: (held: boolean) => void): void;
  /** Starts trying (PGlite: takes it at once). */
  start(): void;
  /** Lets the lock go (another instance takes over within its `retryMs`). */
  close(): Promise<void>;
}

interface Log {
  info(msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export function createSingletonLock(opts: {
  database: Pick<Database, 'newClient'>;
  logger: Log;
  /** How often an instance without the lock tries again, and the holder checks its connection (5 s). */
  retryMs?: number;
}): SingletonLock {
  const retryMs = opts.retryMs ?? 5_000;
  const listeners: ((held: boolean) => void)[] = [];
  let held = false;
  let closed = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let attempt: Promise<void> | null = null;

  const set = (next: boolean) => {
    if (held === next) return;
    held = next;
    opts.logger.info(
      next
        ? 'this instance runs the time-based work (the tick, sweeps, history)'
        : 'this instance no longer runs the time-based work',
    );
    for (const listener of listeners)
      try {
        listener(next);
      } catch (err) {
        opts.logger.error({ err }, 'a singleton listener failed');
      }
  };

  const drop = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    set(false);
    void c.end().catch(() => undefined);
  };

  async function tryOnce() {
    const newClient = opts.database.newClient;
    if (!newClient) return;
    let c = client;
    try {
      if (!c) {
        const mine = newClient();
        c = mine;
        mine.on('error', () => drop(mine));
        mine.on('end', () => drop(mine));
        client = mine;
        await mine.connect();
        if (closed) {
          client = null;
          await mine.end();
          return;
        }
      }
      if (held) {
        // The holder checks its connection still answers: a lost one has lost the lock as well.
        await c.query('SELECT 1');
        return;
      }
      const { rows } = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [
        advisoryLocks.singletons,
      ]);
      if (rows[0]?.ok && !closed) set(true);
    } catch (err) {
      if (c) drop(c);
      opts.logger.warn({ err }, 'the singleton lock could not be checked; trying again');
    }
  }

  const loop = () => {
    if (closed) return;
    attempt = tryOnce().finally(() => {
      attempt = null;
      if (!closed) {
        timer = setTimeout(loop, retryMs);
        timer.unref();
      }
    });
  };

  return {
    get held() {
      return held;
    },
    onChange: (listener) => void listeners.push(listener),
    start() {
      if (closed || timer || attempt || held) return;
      if (!opts.database.newClient) set(true);
      else loop();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await attempt;
      const c = client;
      client = null;
      set(false);
      await c?.end().catch(() => undefined);
    },
  };
}
