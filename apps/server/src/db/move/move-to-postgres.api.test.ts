import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { gpsLogList, trackingList } from '@pantau/contracts';
import { fromPostgresUrl, openDatabase } from '../client.js';
import { rowsOf } from '../rows.js';
import { seedDemo } from '../seed/index.js';
import { fix, vehiclesOf } from '../../test/positions.js';
import { createEmptyDatabase } from '../../test/test-db.js';
import { call, signIn, startTestApp, UNIT } from '../../test/test-app.js';
import { progressFigures } from './progress.js';

const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Runs the command as an operator would (from source here), without a terminal: plain progress lines. */
function moveCommand(args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/move-to-postgres.ts', ...args], {
      cwd: serverRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

describe('move-to-postgres', () => {
  it('shows rows copied of the total, the rate and the time left', () => {
    expect(progressFigures({ done: 250_000, total: 1_000_000, table: 'positions_2026_11' }, 5_000)).toBe(
      '250,000 / 1,000,000 rows  25%  50,000 rows/s  about 15 s left  positions_2026_11',
    );
    expect(progressFigures({ done: 10, total: 10, table: 'users' }, 1_000)).toContain(
      '100%  10 rows/s  done',
    );
  });

  // The target is a PostgreSQL server: the run on PostgreSQL (PANTAU_TEST_DATABASE_URL) has one.
  it.skipIf(inject('testDb').kind !== 'postgres')(
    'moves an embedded install into an empty PostgreSQL that the server then runs on; refuses a running server and a second move',
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'pantau-move-'));
      const target = await createEmptyDatabase();
      try {
        // An embedded install with a company and positions in two months.
        const embedded = await openDatabase({ dataDir });
        let sunter: Awaited<ReturnType<typeof vehiclesOf>>;
        try {
          await embedded.migrate();
          await seedDemo(embedded.db);
          sunter = await vehiclesOf(embedded, UNIT.sunter);
          const app = await startTestApp({ db: embedded, deps: { telemetry: { tickMs: 0 } } });
          try {
            const start = Date.parse('2025-06-30T23:00:00Z');
            const fixes = Array.from({ length: 240 }, (_, i) =>
              fix(sunter[1]!.trackerId, new Date(start + i * 30_000), { lon: 107.1 + i * 0.002 }),
            );
            expect((await app.app.pipeline.ingest(fixes, { protocol: 'osmand' })).stored).toBe(240);
            await app.app.pipeline.flushStates();
          } finally {
            await app.close();
          }
          // While a server holds the data directory, the move is refused.
          const locked = await moveCommand(['--from', dataDir, '--to', target.url!]);
          expect(locked.code).toBe(1);
          expect(locked.stderr).toContain(`Another Pantau server (pid ${process.pid})`);
        } finally {
          await embedded.close();
        }

        const moved = await moveCommand(['--from', dataDir, '--to', target.url!]);
        expect(moved.stderr).toBe('');
        expect(moved.code).toBe(0);
        expect(moved.stdout).toMatch(/moving: [\d,]+ \/ [\d,]+ rows {2}100% {2}[\d,]+ rows\/s {2}done/);
        expect(moved.stdout).toMatch(/Moved [\d,]+ rows of \d+ tables \(positions in \d+ months\)/);

        // The server on PostgreSQL reads the vehicles and their positions.
        const app = await startTestApp({ db: fromPostgresUrl(target.url!) });
        try {
          const admin = await signIn(app.url, 'admin');
          const role = { unitId: UNIT.sunter, role: 'Administrator' };
          const tracking = trackingList.parse(
            (await call(app.url, '/api/tracking', { token: admin, role })).json,
          );
          expect(tracking.count).toBe(sunter.filter((v) => v.aktif).length);
          const moving = tracking.results.find((r) => r.kendaraanId === sunter[1]!.vehicleId)!;
          expect(moving.lat).toBeCloseTo(-6.3);
          const track = await call(
            app.url,
            `/api/logs/gps?kendaraanId=${sunter[1]!.vehicleId}&from=2025-06-30T00:00:00Z&to=2025-07-02T00:00:00Z`,
            { token: admin, role },
          );
          expect(gpsLogList.parse(track.json).count).toBe(240);
          const parts = rowsOf<{ part: string; n: number }>(
            await app.db.db.execute(sql`
              SELECT tableoid::regclass::text AS part, count(*)::int AS n FROM positions GROUP BY 1 ORDER BY 1`),
          );
          expect(parts).toEqual([
            { part: 'positions_2025_06', n: 120 },
            { part: 'positions_2025_07', n: 120 },
          ]);
          // New rows get new ids: the sequences were set past the copied ones.
          const ids = rowsOf<{ next: number; max: number }>(
            await app.db.db.execute(sql`
              SELECT nextval(pg_get_serial_sequence('vehicles', 'vehicle_id'))::int AS next,
                (SELECT max(vehicle_id) FROM vehicles)::int AS max`),
          );
          expect(ids[0]!.next).toBeGreaterThan(ids[0]!.max);
        } finally {
          await app.close();
          await app.db.close();
        }

        const again = await moveCommand(['--from', dataDir, '--to', target.url!]);
        expect(again.code).toBe(1);
        expect(again.stderr).toMatch(/already holds data .*nothing was copied/);
      } finally {
        await target.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
