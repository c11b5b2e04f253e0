import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';

const writer = fileURLToPath(new URL('../test/pglite-writer.ts', import.meta.url));
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const rowsOf = async <T>(database: Awaited<ReturnType<typeof openDatabase>>, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe.skipIf(Boolean(process.env.PANTAU_TEST_DATABASE_URL))('the embedded database on disk', () => {
  it(
    'syncs to disk: fsync on, the WAL flushed with fsync() at each commit',
    { timeout: 120_000 },
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'pantau-durable-'));
      dirs.push(dir);
      const database = await openDatabase({ dataDir: dir });
      try {
        const [fsync] = await rowsOf<{ fsync: string }>(database, sql`SHOW fsync`);
        const [method] = await rowsOf<{ wal_sync_method: string }>(database, sql`SHOW wal_sync_method`);
        const [commit] = await rowsOf<{ synchronous_commit: string }>(database, sql`SHOW synchronous_commit`);
        expect({ ...fsync, ...method, ...commit }).toEqual({
          fsync: 'on',
          wal_sync_method: 'fsync',
          synchronous_commit: 'on',
        });
      } finally {
        await database.close();
      }
    },
  );

  it(
    'keeps every acknowledged commit when the server process is killed (SIGKILL) mid-write, and the next start takes over the dead process’s lock',
    { timeout: 180_000 },
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'pantau-durable-'));
      dirs.push(dir);
      const child = spawn(process.execPath, ['--import', 'tsx', writer, dir], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let acked = 0;
      let errors = '';
      child.stderr.on('data', (d) => (errors += d));
      const exited = new Promise((resolve) => child.on('exit', resolve));
      await new Promise<void>((resolve) => {
        child.stdout.on('data', (chunk: Buffer) => {
          acked = Number(String(chunk).trim().split('\n').at(-1));
          if (acked >= 100 && !child.killed) {
            child.kill('SIGKILL');
            resolve();
          }
        });
        void exited.then(() => resolve());
      });
      await exited;
      expect(acked, errors).toBeGreaterThanOrEqual(100);

      const database = await openDatabase({ dataDir: dir });
      try {
        const [row] = await rowsOf<{ n: number; top: number }>(
          database,
          sql`SELECT count(*)::int AS n, max(n) AS top FROM acked`,
        );
        // Every number printed was committed before it was printed; one more may have been committed.
        expect(row!.top).toBeGreaterThanOrEqual(acked);
        expect(row!.n).toBe(row!.top);
      } finally {
        await database.close();
      }
    },
  );
});
