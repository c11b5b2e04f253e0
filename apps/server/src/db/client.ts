import { fsyncSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { isDatabaseUnavailable } from './availability.js';
import { lockDataDir } from './data-dir-lock.js';
import { advisoryLocks, withAdvisoryLock } from './locks.js';
import * as schema from './schema/index.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

/** An open database: the drizzle handle, what it is, how to migrate and close it. */
export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Human description for the start-up banner (never contains a password). */
  description: string;
  /** Applies the migrations; on PostgreSQL one instance at a time (the others wait, then find none left). */
  migrate(): Promise<void>;
  /**
   * PostgreSQL only: a new client of the same database outside the pool, not yet connected, for a
   * session of its own (LISTEN, session-level locks). Its owner connects and ends it.
   */
  newClient?: () => pg.Client;
  /**
   * Runs `work` while no other instance runs work under the same lock (PostgreSQL: an advisory lock on
   * a connection of its own). PGlite has one server per data dir (the data-dir lock): it runs at once.
   */
  exclusively<T>(key: number, work: () => Promise<T>): Promise<T>;
  /** Whether the database answers a trivial query within `timeoutMs` (the health check). */
  ping(timeoutMs?: number): Promise<boolean>;
  /** The connections (metrics): open, idle, and queries waiting for one; PGlite has one and tells no more. */
  connections(): DatabaseConnections;
  close(): Promise<void>;
}

export interface DatabaseConnections {
  total: number;
  idle: number | null;
  waiting: number | null;
}

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Wraps an already-created PGlite instance (tests load a template into memory). */
export function fromPglite(client: PGlite, description = 'PGlite (in memory)'): Database {
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    description,
    migrate: () => migratePglite(db, { migrationsFolder }),
    exclusively: (_key, work) => work(),
    ping: (timeoutMs) => answers(client.query('SELECT 1'), timeoutMs),
    connections: () => ({ total: 1, idle: null, waiting: null }),
    close: () => client.close(),
  };
}

export function fromPostgresUrl(url: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A server that does not answer (a network cut, a host down) fails the connect instead of holding
    // every caller; TCP keep-alive finds a silently dead connection.
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
  });
  // A connection that drops (a database restart, a failover) emits 'error'. An idle one is discarded by
  // the pool (this listener); one in use by a transaction has no listener of the pool's, and its error
  // would be thrown as unhandled and stop the server: each connection gets its own listener, and the
  // transaction's next statement fails instead (the caller retries; ingest/pipeline.ts). The next
  // query opens a new connection.
  let lastLost = 0;
  const lost = (err: Error) => {
    // One line per outage, not one per connection.
    if (Date.now() - lastLost > 10_000) process.stderr.write(`PostgreSQL connection lost: ${err.message}\n`);
    lastLost = Date.now();
  };
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  releaseBrokenConnections(pool);
  const db = drizzlePg(pool, { schema, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    description: `PostgreSQL ${describePostgresUrl(url)}`,
    // Two instances starting together: the second waits, then finds every migration applied.
    migrate: () => withAdvisoryLock(url, advisoryLocks.schema, () => migratePg(db, { migrationsFolder })),
    exclusively: (key, work) => withAdvisoryLock(url, key, work),
    newClient: () =>
      new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, keepAlive: true }),
    ping: (timeoutMs) => answers(pool.query('SELECT 1'), timeoutMs),
    connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

const guarded = Symbol('guarded');

/**
 * A transaction whose `BEGIN` fails never gives its connection back (drizzle's node-postgres session
 * releases it only after a successful `BEGIN`): each such failure during a database restart would
 * shrink the pool by one until every caller waited forever. Here a checked-out connection whose
 * statement fails because the database went away is released at once, as broken (the pool closes it
 * and opens a new one when needed), and a second release is ignored.
 */
function releaseBrokenConnections(pool: pg.Pool) {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  (pool as { connect: (...args: unknown[]) => unknown }).connect = (...args: unknown[]) => {
    // The callback form is the pool's own (pool.query): it releases on every path.
    if (args.length > 0) return connect(...args);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      const release = client.release.bind(client);
      let released = false;
      client.release = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        release(err);
      };
      const marked = client as pg.PoolClient & { [guarded]?: true };
      if (!marked[guarded]) {
        marked[guarded] = true;
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        (client as { query: (...args: unknown[]) => unknown }).query = (...queryArgs: unknown[]) => {
          const result = query(...queryArgs);
          if (result instanceof Promise)
            result.catch((err: unknown) => {
              if (isDatabaseUnavailable(err)) client.release(err instanceof Error ? err : true);
            });
          return result;
        };
      }
      return client;
    });
  };
}

/** Whether `query` succeeds within `timeoutMs` (default 3 s). */
async function answers(query: Promise<unknown>, timeoutMs = 3_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    return await Promise.race([query.then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** `host:port/database` of a connection URL, without user or password. */
export function describePostgresUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return '(unparsable URL)';
  }
}

/**
 * PGlite's file system on Node (NodeFS) writes through to the files but has no fsync: PostgreSQL's
 * fsync() ends in a no-op, and fdatasync() is a stub. A commit then survives the process being killed
 * (its WAL is in the operating system's cache) but not a power cut or an OS crash, and without the
 * checkpoint's fsyncs a crash can leave data files older than the WAL that was recycled. This one
 * gives every file fsync (`fs.fsyncSync` on the file's descriptor); with `durableStartParams`
 * (PGlite's own, without `-F` "fsync off", and the WAL synced with fsync()) a commit returns only
 * once its WAL is on disk, as on PostgreSQL.
 */
class SyncedNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, opts);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...preRun,
      (mod: { NODEFS: { stream_ops: Record<string, unknown> } }) => {
        mod.NODEFS.stream_ops.fsync = (stream: { nfd?: number }) => {
          if (stream.nfd !== undefined) fsyncSync(stream.nfd);
          return 0;
        };
      },
    ] as typeof preRun;
    return result;
  }
}

const durableStartParams = [
  ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];

/**
 * PostgreSQL when a URL is given, otherwise PGlite in `<dataDir>/pglite`. The embedded database has
 * one user at a time: the data directory is locked (`<dataDir>/pantau.lock`) until `close()`, and a
 * second server on it fails here with a `DataDirLockedError` naming the directory and the other pid.
 */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
}): Promise<Database> {
  if (opts.databaseUrl) return fromPostgresUrl(opts.databaseUrl);
  const lock = await lockDataDir(opts.dataDir);
  try {
    const dir = join(opts.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    const client = await PGlite.create({ fs: new SyncedNodeFS(dir), startParams: durableStartParams });
    const database = fromPglite(client, `PGlite ${dir}`);
    return {
      ...database,
      async close() {
        try {
          await database.close();
        } finally {
          await lock.release();
        }
      },
    };
  } catch (err) {
    await lock.release();
    throw err;
  }
}
