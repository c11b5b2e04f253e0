/**
 * Positions by month on PostgreSQL (`BENCH_PARTITIONS=1 npm run bench`, or with BENCH_DATABASE_URL set:
 * `node --import tsx bench/partitions.ts`). On a fresh database with one unit of `vehicles` vehicles:
 *
 * 1. The insert rate into one month's partition as it fills: the month is filled with synthetic
 *    positions (generate_series inside PostgreSQL, time after time as a fleet reports) up to `rows`, in
 *    `steps` steps; after each, the server's own append (one transaction of `batch` positions, one per
 *    vehicle, the statement `appendPositions` sends) runs for `seconds` seconds and its rate is printed.
 * 2. Over HTTP through the real server: a vehicle's month of playback (`logs/gps`, every page) and the
 *    first page of a report over the month (detail activity, from synthetic day rows).
 * 3. Migration 0008 converting an install: `migrate` rows in an unpartitioned table (the schema of
 *    0007), timed through the migration.
 *
 * Each figure is printed with the load average at the time: the machine is shared.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { pino } from 'pino';
import type { Position } from '@pantau/protocols';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { fromPostgresUrl, migrationsFolder, type Db } from '../apps/server/src/db/client.js';
import { createMonths, monthOf, monthStart, partitionName } from '../apps/server/src/db/partitions.js';
import { rowsOf } from '../apps/server/src/db/rows.js';
import { units, userGroups, users, vehicles } from '../apps/server/src/db/schema/index.js';
import { appendPositions } from '../apps/server/src/ingest/position-store.js';
import { hashPassword } from '../apps/server/src/lib/password.js';

const { values } = parseArgs({
  options: {
    vehicles: { type: 'string', default: '1000' },
    rows: { type: 'string', default: '20000000' },
    steps: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '5' },
    batch: { type: 'string', default: '1000' },
    migrate: { type: 'string', default: '1000000' },
  },
});
const vehicleCount = Number(values.vehicles);
const targetRows = Number(values.rows);
const steps = Math.max(1, Number(values.steps));
const measureMs = Number(values.seconds) * 1000;
const batchSize = Math.min(Number(values.batch), vehicleCount);
const migrateRows = Number(values.migrate);

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL must name an empty PostgreSQL database');
const load = () => loadavg()[0]!.toFixed(1);
const print = (row: Record<string, unknown>) => console.log(JSON.stringify({ ...row, loadAverage: load() }));

const database = fromPostgresUrl(url);
await database.migrate();
const db = database.db;

const [unit] = await db.insert(units).values({ unitName: 'Bench partitions' }).returning();
const unitId = unit!.unitId;
const ids = (
  await db
    .insert(vehicles)
    .values(
      Array.from({ length: vehicleCount }, (_, i) => ({
        unitId,
        trackerId: `86000000${String(i).padStart(7, '0')}`,
        plateNumber: `B ${1000 + i} PT`,
        hullNumber: `PT-${String(i).padStart(4, '0')}`,
        vehicleClass: 'CC' as const,
        speedLimit: 60,
      })),
    )
    .returning({ id: vehicles.vehicleId })
).map((r) => r.id);
const firstId = Math.min(...ids);

// The last whole month (UTC): 28–31 days of fixes.
const month = monthOf(new Date()) - 1;
const from = monthStart(month);
const to = monthStart(month + 1);
const monthSeconds = (to.getTime() - from.getTime()) / 1000;
await createMonths(db, [month]);
const partition = partitionName(month);
// Fixes of the fill on a grid of `interval` seconds per vehicle, the measured appends one second after.
const perVehicle = Math.ceil(targetRows / vehicleCount);
const interval = Math.max(2, Math.floor(monthSeconds / (perVehicle + steps * 2000)));

// ── 1. Insert rate as the month fills ──
console.log(
  `Positions by month: ${vehicleCount} vehicles, ${partition} filled to ${targetRows.toLocaleString('en')} rows ` +
    `in ${steps} steps (a fix every ${interval} s per vehicle), appends of ${batchSize} rows for ${measureMs / 1000} s`,
);
let filledSlots = 0;
let measuredSlot = 0;
const curve: Record<string, unknown>[] = [];
for (let step = 0; step <= steps; step++) {
  const wantSlots = Math.round((perVehicle * step) / steps);
  if (wantSlots > filledSlots) {
    const t0 = performance.now();
    // In chunks of ~1M rows, time after time.
    const chunk = Math.max(1, Math.floor(1_000_000 / vehicleCount));
    for (let s = filledSlots; s < wantSlots; s += chunk) {
      const e = Math.min(wantSlots, s + chunk) - 1;
      await db.execute(sql`
        INSERT INTO positions (vehicle_id, fix_time, server_time, lat, lon, speed, course, satellites, ignition, valid, odometer_km)
        SELECT ${firstId} + v, ${from.toISOString()}::timestamptz + make_interval(secs => j * ${interval}),
          ${from.toISOString()}::timestamptz + make_interval(secs => j * ${interval} + 2),
          -6.3 + (v % 50) * 0.01 + sin(j / 50.0) * 0.05, 107.1 + (v / 50) * 0.01 + cos(j / 50.0) * 0.05,
          (j % 90)::real, (j * 7 % 360)::real, 9, j % 90 > 10, true, j * 0.2
        FROM generate_series(${s}::int, ${e}::int) AS j, generate_series(0, ${vehicleCount - 1}) AS v
        ORDER BY j, v`);
    }
    await db.execute(sql.raw(`ANALYZE ${partition}`));
    const seconds = (performance.now() - t0) / 1000;
    const rows = (wantSlots - filledSlots) * vehicleCount;
    print({ fill: rows, seconds: Number(seconds.toFixed(1)), rowsPerSecond: Math.round(rows / seconds) });
    filledSlots = wantSlots;
  }
  // The server's append: one transaction per batch of one fix per vehicle, later than the fill's.
  let appended = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < measureMs) {
    const slot = measuredSlot++;
    const fixTime = new Date(from.getTime() + ((slot * interval) % monthSeconds) * 1000 + 1000);
    const serverTime = new Date();
    const batch = Array.from({ length: batchSize }, (_, i) => ({
      vehicleId: ids[(slot * batchSize + i) % vehicleCount]!,
      serverTime,
      position: {
        trackerId: '',
        fixTime,
        valid: true,
        lat: -6.3 + i * 0.0001,
        lon: 107.1,
        speedKmh: 42,
        course: 90,
        altitude: null,
        satellites: 9,
        accuracy: null,
        ignition: true,
        alarm: null,
        attributes: {},
      } satisfies Position,
    }));
    await db.transaction((tx) => appendPositions(tx as unknown as Db, batch));
    appended += batchSize;
  }
  const seconds = (performance.now() - t0) / 1000;
  const [count] = rowsOf<{ n: number }>(
    await db.execute(sql.raw(`SELECT count(*)::float8 AS n FROM ${partition}`)),
  );
  const size = rowsOf<{ bytes: number }>(
    await db.execute(sql.raw(`SELECT pg_total_relation_size('${partition}')::float8 AS bytes`)),
  )[0]!.bytes;
  const point = {
    // Counted after the appends, which add to the month.
    rowsInPartition: Number(count!.n),
    appendRowsPerSecond: Math.round(appended / seconds),
    partitionMB: Math.round(size / 1e6),
    bytesPerRow: Math.round(size / Math.max(1, Number(count!.n))),
  };
  curve.push({ ...point, loadAverage: load() });
  print(point);
}

// ── 2. Playback and a report over the month, over HTTP ──
await db.execute(sql`
  INSERT INTO activity_days (vehicle_id, day, unit_id, distance_m, driving_s, idle_s, engine_s, first_move_at, last_move_at, max_speed, closed)
  SELECT ${firstId} + v, (${from.toISOString()}::timestamptz + make_interval(days => d))::date, ${unitId},
    100000 + v * 10 + d, 20000, 3000, 23000, ${from.toISOString()}::timestamptz + make_interval(days => d, hours => 1),
    ${from.toISOString()}::timestamptz + make_interval(days => d, hours => 12), 80, true
  FROM generate_series(0, ${vehicleCount - 1}) AS v, generate_series(0, ${Math.round(monthSeconds / 86400) - 1}) AS d`);
await db.execute(sql`ANALYZE activity_days`);
const password = 'bench-password-1';
const [admin] = await db
  .insert(users)
  .values({
    username: 'bench-admin',
    email: 'bench-admin@pantau.example',
    displayName: 'Bench Admin',
    passwordHash: await hashPassword(password),
  })
  .returning();
await db.insert(userGroups).values({ userId: admin!.userId, unitId, role: 'Administrator' });
const dataDir = await mkdtemp(join(tmpdir(), 'pantau-bench-partitions-'));
const app = await buildApp({
  config: {
    ...loadConfig({ PANTAU_DATA_DIR: dataDir, PANTAU_DEMO: '0' }),
    jwtSecret: 'bench-secret-bench-secret-bench-secret-0123',
  },
  db: database,
  logger: pino({ level: 'warn' }),
  telemetry: { tickMs: 0 },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'bench-admin', password }),
});
const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
const headers = {
  authorization: `Bearer ${token}`,
  'x-pantau-unit': String(unitId),
  'x-pantau-role': 'Administrator',
};
const period = `from=${from.toISOString()}&to=${to.toISOString()}`;

async function timedGet(path: string) {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/${path}`, { headers });
  const body = (await res.json()) as { count?: number; results?: unknown[] };
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return { ms: performance.now() - t0, body };
}
const vehicle = ids[Math.floor(vehicleCount / 2)]!;
let playbackMs = 0;
let fixes = 0;
for (let skip = 0; ; skip += 50_000) {
  const page = await timedGet(`logs/gps?kendaraanId=${vehicle}&${period}&Take=50000&Skip=${skip}`);
  playbackMs += page.ms;
  fixes += page.body.results?.length ?? 0;
  if ((page.body.results?.length ?? 0) < 50_000) break;
}
print({ playback: `${fixes} fixes of one vehicle's month`, ms: Math.round(playbackMs) });
const report = await timedGet(`detail_activity?${period}&Take=10&Skip=0`);
print({ report: `detail activity, first page of ${report.body.count} rows`, ms: Math.round(report.ms) });
await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });

// ── 3. Migration 0008 over an existing table ──
if (migrateRows > 0) {
  const folder = await mkdtemp(join(tmpdir(), 'pantau-bench-migrations-'));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.tag < '0008');
  await writeFile(journalFile, JSON.stringify(journal));
  const old = fromPostgresUrl(url);
  await old.db.execute(
    sql`DROP SCHEMA public CASCADE; CREATE SCHEMA public; DROP SCHEMA IF EXISTS drizzle CASCADE`,
  );
  await migratePg(old.db as never, { migrationsFolder: folder });
  const [u] = await old.db.insert(units).values({ unitName: 'Bench migration' }).returning();
  const [v] = await old.db
    .insert(vehicles)
    .values({
      unitId: u!.unitId,
      trackerId: '869999999999999',
      plateNumber: 'B 1 MG',
      hullNumber: 'MG-1',
      vehicleClass: 'CC',
    })
    .returning();
  // Three months of one vehicle's fixes, as many as asked for.
  const step = Math.max(1, Math.floor((92 * 86400) / migrateRows));
  await old.db.execute(sql`
    INSERT INTO positions (vehicle_id, fix_time, server_time, lat, lon, speed, valid)
    SELECT ${v!.vehicleId}, ${monthStart(month - 2).toISOString()}::timestamptz + make_interval(secs => j * ${step}::float8),
      now(), -6.3, 107.1, 42, true
    FROM generate_series(0, ${migrateRows - 1}) AS j`);
  const t0 = performance.now();
  await old.migrate();
  const seconds = (performance.now() - t0) / 1000;
  print({
    migration: `0008 over ${migrateRows.toLocaleString('en')} rows`,
    seconds: Number(seconds.toFixed(1)),
    secondsPerMillion: Number(((seconds / migrateRows) * 1e6).toFixed(1)),
  });
  await old.close();
  await rm(folder, { recursive: true, force: true });
}

console.log('\n rows in the month | append rows/s | partition MB | bytes/row | load avg');
for (const c of curve)
  console.log(
    ` ${String(c.rowsInPartition).padStart(17)} | ${String(c.appendRowsPerSecond).padStart(13)} | ` +
      `${String(c.partitionMB).padStart(12)} | ${String(c.bytesPerRow).padStart(9)} | ${c.loadAverage}`,
  );
