import type pg from 'pg';
import type { Database } from './client.js';
import { advisoryLocks } from './locks.js';

/**
 * How the vehicles' live states are written on a PostgreSQL that several instances may share.
 *
 * - `solo`: this instance holds the writer lock exclusively. No other instance moves a vehicle, so
 *   its cache is the truth and the states are written behind, once a second (state-writer.ts).
 * - `shared`: the instances hold the lock in shared mode, and each batch locks its vehicles' rows,
 *   checks their versions and writes their states in its transaction (state-versions.ts).
 *
 * An instance starting asks for the lock exclusively; when another holds it, it asks in shared mode
 * and waits. The solo holder sees the waiter (pg_locks), writes what it holds behind, takes the lock
 * shared as well and lets the exclusive hold go: the newcomer starts from written states. An instance
 * in shared mode takes the lock exclusively again when it is the last one left, and goes back to solo.
 * The lock lives on a connection of its own; losing that connection loses the lock, and the instance
 * takes it again (and reads what it may have missed) before its next batch.
 */
export type WriterMode = 'solo' | 'shared';

export interface WriterLockHooks {
  /** Before a waiting instance is let in (still held exclusively): write what is held behind. */
  toShared(): Promise<void>;
  /** Held exclusively again, no other instance holding it: take in their last writes. */
  toSolo(): Promise<void>;
  /** The connection, and the lock with it, was lost. */
  lost(): void;
}

interface Log {
  info(msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface WriterLock {
  /** The mode held now, or null while the lock is not held. */
  readonly mode: WriterMode | null;
  /** Takes the lock (solo when no other instance holds it, else shared once the holder lets it in). */
  acquire(): Promise<WriterMode>;
  /** Starts watching for instances that join or leave. */
  watch(hooks: WriterLockHooks): void;
  close(): Promise<void>;
}

/** Another instance waits for the writer lock on this database. */
const WAITING = `SELECT EXISTS (
  SELECT 1 FROM pg_locks l JOIN pg_database d ON d.oid = l.database
  WHERE d.datname = current_database() AND l.locktype = 'advisory' AND NOT l.granted
    AND l.classid = 0 AND l.objid = $1 AND l.objsubid = 1) AS waiting`;

export function createWriterLock(opts: {
  database: Pick<Database, 'newClient'>;
  logger: Log;
  /** How often a solo holder looks for waiting instances (1 s). */
  joinPollMs?: number;
  /** How often an instance in shared mode tries to be the only one again (5 s). */
  alonePollMs?: number;
  /** How long one wait for the shared lock lasts before it is logged and tried again (5 s). */
  waitMs?: number;
}): WriterLock {
  const newClient = opts.database.newClient;
  if (!newClient) throw new Error('the writer lock needs PostgreSQL');
  const key = advisoryLocks.stateWriter;
  const joinPollMs = opts.joinPollMs ?? 1_000;
  const alonePollMs = opts.alonePollMs ?? 5_000;
  const waitMs = opts.waitMs ?? 5_000;
  let client: pg.Client | null = null;
  let mode: WriterMode | null = null;
  let hooks: WriterLockHooks | null = null;
  let acquiring: Promise<WriterMode> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let polling: Promise<void> | null = null;
  let closed = false;

  const drop = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    const had = mode !== null;
    mode = null;
    void c.end().catch(() => undefined);
    if (had && !closed) {
      opts.logger.warn({}, 'the vehicle-state writer lock was lost with its connection; taking it again');
      hooks?.lost();
    }
  };

  async function take(): Promise<WriterMode> {
    const c = newClient!();
    c.on('error', () => drop(c));
    c.on('end', () => drop(c));
    client = c;
    try {
      await c.connect();
      const { rows } = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [key]);
      if (rows[0]?.ok) return (mode = 'solo');
      await c.query(`SET lock_timeout = ${Math.max(1, Math.round(waitMs))}`);
      for (;;) {
        if (closed) throw new Error('the writer lock is closed');
        try {
          await c.query('SELECT pg_advisory_lock_shared($1)', [key]);
          return (mode = 'shared');
        } catch (err) {
          if ((err as { code?: string }).code !== '55P03') throw err;
          opts.logger.warn({}, 'waiting for the other instance to write its vehicle states');
        }
      }
    } catch (err) {
      drop(c);
      throw err;
    }
  }

  /** Solo: a waiting instance makes this one shared. Shared: alone again makes it solo. */
  async function poll(): Promise<void> {
    const c = client;
    if (!c || !mode || !hooks) return;
    if (mode === 'solo') {
      const { rows } = await c.query<{ waiting: boolean }>(WAITING, [key]);
      if (!rows[0]?.waiting) return;
      await hooks.toShared();
      await c.query('SELECT pg_advisory_lock_shared($1)', [key]);
      await c.query('SELECT pg_advisory_unlock($1)', [key]);
      mode = 'shared';
      opts.logger.info('another instance joined: vehicle states are written in each batch, with versions');
      return;
    }
    const { rows } = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [key]);
    if (!rows[0]?.ok) return;
    await c.query('SELECT pg_advisory_unlock_shared($1)', [key]);
    mode = 'solo';
    await hooks.toSolo();
    opts.logger.info('this instance is the only one left: vehicle states are written behind');
  }

  const schedule = () => {
    if (closed || !hooks) return;
    timer = setTimeout(
      () => {
        timer = null;
        polling = poll()
          .catch((err: unknown) => {
            opts.logger.warn({ err }, 'checking the vehicle-state writer lock failed');
            if (client) drop(client);
          })
          .finally(() => {
            polling = null;
            schedule();
          });
      },
      mode === 'shared' ? alonePollMs : joinPollMs,
    );
    timer.unref();
  };

  return {
    get mode() {
      return mode;
    },
    acquire() {
      if (mode) return Promise.resolve(mode);
      acquiring ??= take().finally(() => (acquiring = null));
      return acquiring;
    },
    watch(h) {
      hooks = h;
      if (!timer && !polling) schedule();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await polling;
      await acquiring?.catch(() => undefined);
      const c = client;
      client = null;
      mode = null;
      await c?.end().catch(() => undefined);
    },
  };
}
