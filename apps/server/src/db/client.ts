import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

/** An open database: the drizzle handle, what it is, how to migrate and close it. */
export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Human description for the start-up banner (never contains a password). */
  description: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
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
    close: () => client.close(),
  };
}

export function fromPostgresUrl(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that drops (a database restart, a failover) is discarded by the pool; without a
  // listener its error would be thrown as unhandled and stop the server. The next query reconnects.
  pool.on('error', (err) => process.stderr.write(`PostgreSQL connection lost: ${err.message}\n`));
  const db = drizzlePg(pool, { schema, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    description: `PostgreSQL ${describePostgresUrl(url)}`,
    migrate: () => migratePg(db, { migrationsFolder }),
    close: () => pool.end(),
  };
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

/** PostgreSQL when a URL is given, otherwise PGlite in `<dataDir>/pglite` (one instance per process). */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
}): Promise<Database> {
  if (opts.databaseUrl) return fromPostgresUrl(opts.databaseUrl);
  const dir = join(opts.dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  const client = await PGlite.create({ dataDir: dir });
  return fromPglite(client, `PGlite ${dir}`);
}
