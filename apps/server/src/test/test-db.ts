import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { fromPglite, fromPostgresUrl, type Database } from '../db/client.js';

export type TestDbInfo =
  | { kind: 'pglite'; file: string; seededAt: string }
  | { kind: 'postgres'; adminUrl: string; template: string; seededAt: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: TestDbInfo;
  }
}

/** A private copy of the seeded template: PGlite in memory, or a PostgreSQL database cloned from it. */
export async function createTestDatabase(): Promise<Database> {
  const info = inject('testDb');
  if (info.kind === 'pglite') {
    const dump = new Blob([await readFile(info.file)]);
    const client = await PGlite.create({ loadDataDir: dump });
    return fromPglite(client);
  }
  const name = `pantau_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: info.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${info.template}`);
  const url = new URL(info.adminUrl);
  url.pathname = `/${name}`;
  const database = fromPostgresUrl(url.toString());
  return {
    ...database,
    async close() {
      await database.close();
      // pg-pool's end() resolves once it has asked its idle connections to close, not once they have:
      // dropping the database WITH (FORCE) at once terminates those still open (57P01), and pg-pool
      // re-emits that on the pool as an unhandled 'error'. Wait for the sessions to go first.
      await untilNoSessions(admin, name);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * An empty database of the run's kind, without migrations: PGlite in memory, or a new PostgreSQL
 * database (dropped on close). For tests of migrations and of moving data between databases.
 */
export async function createEmptyDatabase(): Promise<Database & { url?: string }> {
  const info = inject('testDb');
  if (info.kind === 'pglite') return fromPglite(await PGlite.create());
  const name = `pantau_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: info.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(info.adminUrl);
  url.pathname = `/${name}`;
  const database = fromPostgresUrl(url.toString());
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      await untilNoSessions(admin, name);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Waits (up to 10 s) until no session is connected to `database`. */
export async function untilNoSessions(admin: pg.Client, database: string) {
  for (let waited = 0; waited < 10_000; waited += 20) {
    const { rows } = await admin.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
      [database],
    );
    if (rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** When the template was seeded (event times are relative to it). */
export const seededAt = () => new Date(inject('testDb').seededAt);
