import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { detailActivityList, gpsLogList } from '@pantau/contracts';
import { migrationsFolder, type Database } from './client.js';
import { rowsOf } from './rows.js';
import { units, vehicles } from './schema/index.js';
import { seedDemo } from './seed/index.js';
import {
  createMonths,
  monthOf,
  partitionName,
  positionMonths,
  PositionPartitions,
  type Month,
} from './partitions.js';
import { fix, secondsAgo, vehiclesOf } from '../test/positions.js';
import { createEmptyDatabase, createTestDatabase } from '../test/test-db.js';
import { call, signIn, startTestApp, UNIT, type TestApp } from '../test/test-app.js';

const source = { protocol: 'osmand' as const };
const asAdmin = { unitId: UNIT.sunter, role: 'Administrator' };
const months = async (database: Database) => (await positionMonths(database.db)).map(partitionName);

/** Applies the migrations of `folder` (another copy of the migrations, cut short). */
function migrateFrom(database: Database, folder: string) {
  return database.kind === 'pglite'
    ? migratePglite(database.db as never, { migrationsFolder: folder })
    : migratePg(database.db as never, { migrationsFolder: folder });
}

describe('migration 0008: positions by month', () => {
  it('moves the positions of an existing install into a partition per month (UTC)', async () => {
    const database = await createEmptyDatabase();
    const folder = await mkdtemp(join(tmpdir(), 'pantau-migrations-'));
    try {
      // The install as it was before: migrations up to 0007, a company and its positions.
      await cp(migrationsFolder, folder, { recursive: true });
      const journalFile = join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { idx: number }[] };
      journal.entries = journal.entries.filter((e) => e.idx < 8);
      await writeFile(journalFile, JSON.stringify(journal));
      await migrateFrom(database, folder);
      await seedDemo(database.db);
      const [vehicle] = await vehiclesOf(database, UNIT.sunter);
      const times = [
        '2025-12-31T23:30:00.000Z',
        '2026-01-15T12:00:00.000Z',
        '2026-02-28T23:59:59.999Z',
        '2026-03-01T00:00:00.000Z',
      ];
      for (const t of times)
        await database.db.execute(sql`
          INSERT INTO positions (vehicle_id, fix_time, server_time, lat, lon, speed, valid, attributes)
          VALUES (${vehicle!.vehicleId}, ${t}::timestamptz, ${t}::timestamptz, -6.3, 107.1, 42, true,
            '{"alarm":"sos"}'::jsonb)`);

      await database.migrate();

      const kind = rowsOf<{ relkind: string }>(
        await database.db.execute(sql`SELECT relkind FROM pg_class WHERE relname = 'positions'`),
      );
      expect(kind).toEqual([{ relkind: 'p' }]);
      const current = monthOf(new Date());
      expect(await months(database)).toEqual(
        expect.arrayContaining([
          'positions_2025_12',
          'positions_2026_01',
          'positions_2026_02',
          'positions_2026_03',
          ...[0, 1, 2].map((i) => partitionName(current + i)),
        ]),
      );
      const rows = rowsOf<{ part: string; fix_time: unknown; speed: number; attributes: unknown }>(
        await database.db.execute(sql`
          SELECT tableoid::regclass::text AS part, fix_time, speed, attributes FROM positions ORDER BY fix_time`),
      );
      expect(rows.map((r) => [r.part, new Date(String(r.fix_time)).toISOString()])).toEqual([
        ['positions_2025_12', times[0]],
        ['positions_2026_01', times[1]],
        ['positions_2026_02', times[2]],
        ['positions_2026_03', times[3]],
      ]);
      expect(rows.every((r) => Number(r.speed) === 42)).toBe(true);
      const attributes = rows[0]!.attributes;
      expect(typeof attributes === 'string' ? JSON.parse(attributes) : attributes).toEqual({ alarm: 'sos' });
      // Same key as before (the foreign key gave way to a trigger, migration 0010); the old table is gone.
      const constraints = rowsOf<{ conname: string; contype: string }>(
        await database.db.execute(sql`
          SELECT conname, contype FROM pg_constraint
          WHERE conrelid = 'positions'::regclass AND contype IN ('p', 'f') ORDER BY conname`),
      );
      expect(constraints).toEqual([{ conname: 'positions_pkey', contype: 'p' }]);
      const old = rowsOf(
        await database.db.execute(sql`SELECT 1 FROM pg_class WHERE relname = 'positions_unpartitioned'`),
      );
      expect(old).toEqual([]);
      const again = await database.db.execute(sql`
        INSERT INTO positions (vehicle_id, fix_time, server_time, lat, lon, speed, valid)
        VALUES (${vehicle!.vehicleId}, ${times[1]}::timestamptz, now(), 0, 0, 0, true)
        ON CONFLICT (vehicle_id, fix_time) DO NOTHING RETURNING vehicle_id`);
      expect(rowsOf(again)).toEqual([]);
    } finally {
      await database.close();
      await rm(folder, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('migration 0010: positions without a foreign key', () => {
  it('deletes the positions of a vehicle row deleted by hand, and only its own', async () => {
    const database = await createTestDatabase();
    try {
      const [unit] = await database.db.insert(units).values({ unitName: 'Gone' }).returning();
      const made = await database.db
        .insert(vehicles)
        .values(
          ['B 9001 XX', 'B 9002 XX'].map((plateNumber, i) => ({
            unitId: unit!.unitId,
            trackerId: `86999900000000${i}`,
            plateNumber,
            hullNumber: `GONE-${i}`,
            vehicleClass: 'CC' as const,
            speedLimit: 80,
          })),
        )
        .returning();
      const [gone, kept] = made.map((v) => v.vehicleId);
      await createMonths(database.db, [monthOf(new Date('2026-11-20T00:00:00Z'))]);
      for (const id of [gone, kept])
        await database.db.execute(sql`
          INSERT INTO positions (vehicle_id, fix_time, server_time, lat, lon, speed, valid)
          VALUES (${id}, '2026-11-20T01:00:00Z', now(), -6.3, 107.1, 0, true)`);
      await database.db.delete(vehicles).where(eq(vehicles.vehicleId, gone!));
      const left = rowsOf<{ vehicle_id: number }>(
        await database.db.execute(
          sql`SELECT vehicle_id FROM positions WHERE vehicle_id IN (${gone}, ${kept})`,
        ),
      );
      expect(left.map((r) => Number(r.vehicle_id))).toEqual([kept]);
    } finally {
      await database.close();
    }
  });
});

describe('the months of positions', () => {
  let t: TestApp;
  let fleet: Awaited<ReturnType<typeof vehiclesOf>>;

  beforeAll(async () => {
    t = await startTestApp({ deps: { telemetry: { tickMs: 0 } } });
    fleet = await vehiclesOf(t.db, UNIT.sunter);
  });
  afterAll(() => t?.close());

  it('gives a fix of a month without a partition its month; the other trackers’ positions are stored with it', async () => {
    const [old, current, early] = [fleet[2]!, fleet[3]!, fleet[4]!];
    expect(await months(t.db)).not.toContain('positions_2015_06');
    const result = await t.app.pipeline.ingest(
      [
        fix(old.trackerId, new Date('2015-06-10T03:00:00Z')),
        fix(current.trackerId, secondsAgo(30)),
        // Before 2010: refused at the edge, never written.
        fix(early.trackerId, new Date('2009-12-31T23:00:00Z')),
      ],
      source,
    );
    expect(result.stored).toBe(2);
    expect(result.dropped).toEqual([{ trackerId: early.trackerId, reason: 'invalid' }]);
    expect(await months(t.db)).toContain('positions_2015_06');
    expect(await months(t.db)).not.toContain('positions_2009_12');
  });

  it('has the current month and the next two; creating months is idempotent, also from two servers at once', async () => {
    const current = monthOf(new Date());
    expect(await months(t.db)).toEqual(
      expect.arrayContaining([0, 1, 2].map((i) => partitionName(current + i))),
    );
    const far: Month[] = [0, 1, 2].map((i) => monthOf(new Date('2031-01-15T00:00:00Z')) + i);
    const [a, b] = [new PositionPartitions(t.db.db), new PositionPartitions(t.db.db)];
    const [byA, byB] = await Promise.all([a.ensure(far), b.ensure(far)]);
    expect([...byA, ...byB].sort((x, y) => x - y)).toEqual(far);
    expect(await createMonths(t.db.db, far)).toEqual([]);
    expect(await months(t.db)).toEqual(
      expect.arrayContaining(['positions_2031_01', 'positions_2031_02', 'positions_2031_03']),
    );
  });

  describe('pruning: a month’s reads scan only that month', () => {
    const vehicleOf = () => fleet[5]!;
    const april = { from: '2024-04-01T00:00:00.000Z', to: '2024-05-01T00:00:00.000Z' };

    beforeAll(async () => {
      // March to May 2024, a fix every 6 hours, moving.
      const start = Date.parse('2024-03-01T00:00:00Z');
      const fixes = Array.from({ length: 92 * 4 }, (_, i) =>
        fix(vehicleOf().trackerId, new Date(start + i * 6 * 3600_000), {
          lat: -6.3 + (i % 10) * 0.01,
          lon: 107.1 + (i % 7) * 0.01,
          speedKmh: i % 3 === 0 ? 0 : 50,
        }),
      );
      const result = await t.app.pipeline.ingest(fixes, source);
      expect(result.stored).toBe(fixes.length);
    });

    it('playback (logs/gps) of one UTC month plans and runs on its partition only', async () => {
      const seen = captureQueries(t.db);
      const token = await signIn(t.url, 'admin');
      const { status, json } = await call(
        t.url,
        `/api/logs/gps?kendaraanId=${vehicleOf().vehicleId}&from=${april.from}&to=${april.to}`,
        { token, role: asAdmin },
      );
      seen.stop();
      expect(status).toBe(200);
      expect(gpsLogList.parse(json).count).toBe(30 * 4);
      const reads = seen.queries.filter((q) => /from "positions"/i.test(q.text));
      expect(reads.length).toBeGreaterThanOrEqual(2);
      for (const q of reads) {
        expect(relationsOf(await explain(t.db, q))).toEqual(['positions_2024_04']);
        // Planned once for any bounds (a generic plan), it still runs on April only.
        const generic = await explainGeneric(t.db, q);
        expect(relationsOf(generic)).toEqual(['positions_2024_04']);
        expect(subplansRemoved(generic)).toBeGreaterThan(0);
      }
    });

    it('a report over one month answers from the derived tables, without reading positions', async () => {
      const seen = captureQueries(t.db);
      const token = await signIn(t.url, 'admin');
      const period = `kendaraanId=${vehicleOf().vehicleId}&from=${april.from}&to=${april.to}`;
      const report = await call(t.url, `/api/detail_activity?${period}`, { token, role: asAdmin });
      const trips = await call(t.url, `/api/trips?${period}`, { token, role: asAdmin });
      const overspeed = await call(t.url, `/api/overspeed?from=${april.from}&to=${april.to}`, {
        token,
        role: asAdmin,
      });
      seen.stop();
      expect([report.status, trips.status, overspeed.status]).toEqual([200, 200, 200]);
      expect(detailActivityList.parse(report.json).count).toBeGreaterThan(0);
      expect(seen.queries.filter((q) => /"?positions"?\b/i.test(q.text))).toEqual([]);
    });

    it('the trip map and a recalculation read only the months of their period', async () => {
      const seen = captureQueries(t.db);
      const token = await signIn(t.url, 'admin');
      const trip = await call(
        t.url,
        `/api/trayek/from-trip?kendaraanId=${vehicleOf().vehicleId}&from=2024-04-10T00:00:00Z&to=2024-04-12T00:00:00Z`,
        { token, role: asAdmin },
      );
      expect(trip.status).toBe(200);
      await t.app.pipeline.recalculate(vehicleOf().vehicleId, new Date('2024-05-20T00:00:00Z'));
      seen.stop();
      const reads = seen.queries.filter((q) => /from "?positions"?/i.test(q.text));
      expect(reads.length).toBeGreaterThanOrEqual(2);
      const scanned = new Set<string>();
      for (const q of reads) for (const r of relationsOf(await explain(t.db, q))) scanned.add(r);
      expect([...scanned].sort()).toEqual(['positions_2024_04', 'positions_2024_05']);
    });
  });
});

describe('retention (PANTAU_RETENTION_MONTHS)', () => {
  it('drops months past the retention at start; reports keep their rows and playback answers an empty track', async () => {
    const database = await createTestDatabase();
    const fleet = await vehiclesOf(database, UNIT.sunter);
    const v = fleet[6]!;
    // A drive of 40 minutes about five months ago, then a stop: a trip, a stop and a day.
    const driveStart = Date.now() - 150 * 86_400_000;
    const drive = Array.from({ length: 80 }, (_, i) =>
      fix(v.trackerId, new Date(driveStart + i * 30_000), {
        lat: -6.3,
        lon: 107.1 + i * 0.005,
        speedKmh: 60,
      }),
    );
    const parked = Array.from({ length: 30 }, (_, i) =>
      fix(v.trackerId, new Date(driveStart + 80 * 30_000 + i * 30_000), {
        lat: -6.3,
        lon: 107.1 + 80 * 0.005,
        speedKmh: 0,
        ignition: false,
      }),
    );
    const oldMonth = partitionName(monthOf(new Date(driveStart)));
    const period = `kendaraanId=${v.vehicleId}&from=${new Date(driveStart - 6 * 3600_000).toISOString()}&to=${new Date(driveStart + 6 * 3600_000).toISOString()}`;

    const before = await startTestApp({ db: database, deps: { telemetry: { tickMs: 0 } } });
    let reportBefore: unknown;
    try {
      expect((await before.app.pipeline.ingest([...drive, ...parked], source)).stored).toBe(110);
      await before.app.pipeline.flushStates();
      const token = await signIn(before.url, 'admin');
      expect((await call(before.url, `/api/logs/gps?${period}`, { token, role: asAdmin })).json.count).toBe(
        110,
      );
      reportBefore = (await call(before.url, `/api/detail_activity?${period}`, { token, role: asAdmin }))
        .json;
      expect(detailActivityList.parse(reportBefore).count).toBeGreaterThan(0);
      expect(await months(database)).toContain(oldMonth);
    } finally {
      await before.close();
    }

    const after = await startTestApp({
      db: database,
      config: { retentionMonths: 2 },
      deps: { telemetry: { tickMs: 0 } },
    });
    try {
      const dropped = await until(() =>
        after.logs.find((l) => l.msg === 'months of positions past the retention dropped'),
      );
      expect(dropped).toMatchObject({ partitions: expect.arrayContaining([oldMonth]), retentionMonths: 2 });
      // Detached first (CONCURRENTLY on PostgreSQL) without falling back.
      expect(after.logs.filter((l) => String(l.msg).startsWith('detaching a month'))).toEqual([]);
      const current = monthOf(new Date());
      const left = await positionMonths(database.db);
      expect(left.every((m) => m >= current - 2)).toBe(true);
      const token = await signIn(after.url, 'admin');
      const track = await call(after.url, `/api/logs/gps?${period}`, { token, role: asAdmin });
      expect(track.status).toBe(200);
      expect(gpsLogList.parse(track.json)).toMatchObject({ count: 0, results: [] });
      const report = await call(after.url, `/api/detail_activity?${period}`, { token, role: asAdmin });
      expect(report.status).toBe(200);
      expect(report.json).toEqual(reportBefore);
      // Working that time out again from no positions would wipe what the reports answer from.
      const recalculation = await call(after.url, '/api/logs/recalculate', {
        token,
        role: asAdmin,
        body: {
          kendaraanId: v.vehicleId,
          from: new Date(driveStart).toISOString(),
          to: new Date(driveStart + 86_400_000).toISOString(),
        },
      });
      expect(recalculation.status).toBe(400);
      expect(recalculation.json.errors.map((e: { path: string }) => e.path)).toEqual(['from']);
    } finally {
      await after.close();
      await database.close();
    }
  }, 60_000);
});

// ── Helpers: the SQL the server sends, and its plans ──

interface Captured {
  text: string;
  params: unknown[];
}

/** Records every statement drizzle sends through the database's handle until `stop()`. */
function captureQueries(database: Database) {
  const session = (database.db as unknown as { session: { logger: unknown } }).session;
  const previous = session.logger;
  const queries: Captured[] = [];
  session.logger = { logQuery: (text: string, params: unknown[]) => queries.push({ text, params }) };
  return { queries, stop: () => (session.logger = previous) };
}

interface Driver {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** One session of the database's driver (PGlite has one; PostgreSQL a pooled connection). */
async function withSession<T>(database: Database, fn: (driver: Driver) => Promise<T>): Promise<T> {
  const client = (database.db as unknown as { $client: Driver & { connect?: () => Promise<unknown> } })
    .$client;
  if (database.kind === 'pglite') return fn(client);
  const connection = (await client.connect!()) as Driver & { release(): void };
  try {
    return await fn(connection);
  } finally {
    connection.release();
  }
}

const planOf = (rows: Record<string, unknown>[]): unknown => {
  const plan = rows[0]!['QUERY PLAN'];
  return typeof plan === 'string' ? JSON.parse(plan) : plan;
};

/** The plan of a statement with its parameters' values (planned for them, as the server's are). */
function explain(database: Database, q: Captured) {
  return withSession(database, async (driver) =>
    planOf((await driver.query(`EXPLAIN (FORMAT JSON) ${q.text}`, q.params)).rows),
  );
}

const literal = (v: unknown) =>
  v === null || v === undefined
    ? 'NULL'
    : typeof v === 'number' || typeof v === 'boolean'
      ? String(v)
      : `'${String(v instanceof Date ? v.toISOString() : v).replaceAll("'", "''")}'`;

/**
 * The statement prepared once and run with a generic plan (bounds unknown when planned), analysed:
 * pruning then happens when it runs, and the plan says how many partitions it removed.
 */
function explainGeneric(database: Database, q: Captured) {
  return withSession(database, async (driver) => {
    await driver.query(`PREPARE pruning_probe AS ${q.text}`);
    try {
      await driver.query('SET plan_cache_mode = force_generic_plan');
      const args = q.params.length ? `(${q.params.map(literal).join(', ')})` : '';
      return planOf((await driver.query(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE pruning_probe${args}`)).rows);
    } finally {
      await driver.query('RESET plan_cache_mode');
      await driver.query('DEALLOCATE pruning_probe');
    }
  });
}

/** Every value of `key` anywhere in a plan. */
function valuesOf(plan: unknown, key: string): unknown[] {
  const found: unknown[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) {
        if (k === key) found.push(v);
        walk(v);
      }
  };
  walk(plan);
  return found;
}

/** The partitions (and tables) a plan scans, sorted, once each. */
const relationsOf = (plan: unknown) => [...new Set(valuesOf(plan, 'Relation Name').map(String))].sort();

const subplansRemoved = (plan: unknown) =>
  valuesOf(plan, 'Subplans Removed').reduce<number>((sum, n) => sum + Number(n), 0);

async function until<T>(probe: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  for (let waited = 0; ; waited += 50) {
    const value = probe();
    if (value !== undefined) return value;
    if (waited > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
