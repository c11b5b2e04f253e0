/**
 * The Car Carrier and operations pages over a year of a fleet: the real server (buildApp) on a fresh
 * database holding `vehicles` car carriers with a year of day rows (activity_days), an SPK every
 * second day each with its milestones, a maintenance order a month each and some incidents. Then, over
 * HTTP as the unit's Administrator, each page's call for the whole year (activity per day, the summary,
 * yearly utility), a month and a week, the per-vehicle days' first page, the car-carrier status, the
 * availability summary, the SPK list's first page and the violation traffic of the year (two violations a
 * vehicle-day). Each call is timed warm (the best of 3).
 *
 * Database: a fresh PGlite in a temporary directory, or PostgreSQL when BENCH_DATABASE_URL is set.
 * Prints the figures and, last, one JSON line with them.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { units, userGroups, users, vehicles } from '../apps/server/src/db/schema/index.js';
import { hashPassword } from '../apps/server/src/lib/password.js';

const { values } = parseArgs({
  options: { vehicles: { type: 'string', default: '100' }, days: { type: 'string', default: '365' } },
});
const vehicleCount = Number(values.vehicles);
const days = Number(values.days);
const DAY = 86_400_000;

const url = process.env.BENCH_DATABASE_URL;
const dataDir = url ? null : await mkdtemp(join(tmpdir(), 'pantau-bench-cc-'));
const database = await openDatabase({ databaseUrl: url, dataDir: dataDir ?? '' });
await database.migrate();
const db = database.db;

const [unit] = await db.insert(units).values({ unitName: 'Bench car carriers' }).returning();
const unitId = unit!.unitId;
const ids = (
  await db
    .insert(vehicles)
    .values(
      Array.from({ length: vehicleCount }, (_, i) => ({
        unitId,
        trackerId: `88000000${String(i).padStart(7, '0')}`,
        plateNumber: `B ${1000 + i} CB`,
        hullNumber: `CB-${String(i).padStart(4, '0')}`,
        vehicleClass: 'CC' as const,
        createdAt: new Date(Date.now() - (days + 5) * DAY),
      })),
    )
    .returning({ id: vehicles.vehicleId })
).map((r) => r.id);

// A year of history, written in bulk with generate_series.
const seeded = performance.now();
const firstDay = new Date(Date.now() - days * DAY).toISOString().slice(0, 10);
const idList = sql.raw(`ARRAY[${ids.join(',')}]`);
await db.execute(sql`
  INSERT INTO activity_days (vehicle_id, day, unit_id, distance_m, driving_s, idle_s, engine_s, max_speed, closed)
  SELECT v, d::date, ${unitId}, 250000, 18000, 3000, (v * 7 + extract(doy from d)::int * 13) % 40000, 85, true
  FROM unnest(${idList}) v, generate_series(${firstDay}::date, current_date - 1, interval '1 day') d`);
await db.execute(sql`
  INSERT INTO work_orders (unit_id, kind, spk_number, vehicle_id, run_at, planned_end, status, out_pool_at,
    arrive_loading_at, exit_loading_at, enter_unloading_at, exit_unloading_at, enter_pool_at,
    standard_lead_minutes, standard_circle_minutes, actual_lead_minutes, actual_circle_minutes)
  SELECT ${unitId}, CASE WHEN v % 3 = 0 THEN 'dt' ELSE 'ccr' END, 'B-' || v || '-' || n, v,
    t, t + interval '20 hours', 'done', t + interval '10 minutes', t + interval '1 hour',
    t + interval '3 hours', t + interval '9 hours', t + interval '11 hours', t + interval '18 hours', 420, 1200, 360, 1070
  FROM unnest(${idList}) v, generate_series(0, ${Math.floor(days / 2) - 1}) n,
    LATERAL (SELECT (${firstDay}::date + n * 2 + (v % 2)) + interval '6 hours' AS t) x`);
await db.execute(sql`
  INSERT INTO maintenance_orders (unit_id, vehicle_id, kind, opened_at, closed_at)
  SELECT ${unitId}, v, CASE WHEN n % 3 = 0 THEN 'breakdown' ELSE 'preventive' END,
    ${firstDay}::date + n * 30 + (v % 29) + interval '7 hours',
    ${firstDay}::date + n * 30 + (v % 29) + interval '1 day 3 hours'
  FROM unnest(${idList}) v, generate_series(0, ${Math.floor(days / 30) - 1}) n`);
await db.execute(sql`
  INSERT INTO incidents (unit_id, vehicle_id, kind, opened_at, closed_at)
  SELECT ${unitId}, v, 'accident', ${firstDay}::date + (v * 3) % ${days} + interval '9 hours',
    ${firstDay}::date + (v * 3) % ${days} + interval '3 days'
  FROM unnest(${idList}) v WHERE v % 10 = 0`);
// Two violations a vehicle-day (over speed, and over stop or over route by turns): 73,000 a year.
await db.execute(sql`
  INSERT INTO events (unit_id, vehicle_id, kind, started_at, ended_at, duration_s, max_value, limit_value, lat,
    lon, event_key, attributes)
  SELECT ${unitId}, v, k.kind, d + interval '9 hours' + k.n * interval '4 hours',
    d + interval '9 hours' + k.n * interval '4 hours' + interval '3 minutes', 180,
    CASE k.kind WHEN 'overspeed' THEN 80 + (v % 25) WHEN 'overstop' THEN 30 + (v % 60) ELSE 800 END,
    CASE k.kind WHEN 'overspeed' THEN 80 WHEN 'overstop' THEN 30 ELSE 500 END, -6.3, 107.1,
    k.kind || ':' || v || ':' || d, CASE k.kind WHEN 'overroute' THEN '{"offRouteKm": 6}'::jsonb END
  FROM unnest(${idList}) v, generate_series(${firstDay}::date, current_date - 1, interval '1 day') d,
    LATERAL (VALUES (0, 'overspeed'), (1, CASE WHEN extract(doy from d)::int % 2 = 0 THEN 'overstop' ELSE 'overroute' END))
      AS k(n, kind)`);
const seedS = (performance.now() - seeded) / 1000;

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
const config = {
  ...loadConfig({ PANTAU_DATA_DIR: dataDir ?? tmpdir(), PANTAU_DEMO: '0' }),
  jwtSecret: 'bench-secret-bench-secret-bench-secret-0123',
};
const app = await buildApp({
  config,
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

const today = new Date().toISOString().slice(0, 10);
const month = today.slice(0, 7);
const weekStart = new Date(Date.now() - 6 * DAY).toISOString().slice(0, 10);
const calls: [string, string][] = [
  ['activity per day, a year', `activities/daily?from=${firstDay}&to=${today}`],
  ['summary, a year', `activities/summary?from=${firstDay}&to=${today}`],
  ['vehicle-days first page, a year', `reports/activities/daily?from=${firstDay}&to=${today}&Take=10`],
  ['utility yearly', `utilitas/yearly?year=${today.slice(0, 4)}`],
  ['utility monthly', `utilitas/monthly?month=${month}`],
  ['utility weekly', `utilitas/weekly?from=${weekStart}`],
  ['car-carrier status', 'kendaraan/status'],
  ['availability summary', 'availability/summary'],
  ['SPK list first page', 'spk?Take=10'],
  [
    'violation traffic, a year',
    `violation-traffic?from=${new Date(`${firstDay}T00:00:00+07:00`).toISOString()}&to=${new Date().toISOString()}`,
  ],
];
const rows: { call: string; ms: number; status: number }[] = [];
for (const [name, path] of calls) {
  let best = Infinity;
  let status = 0;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/${path}`, { headers });
    await res.arrayBuffer();
    status = res.status;
    best = Math.min(best, performance.now() - t0);
  }
  rows.push({ call: name, ms: Math.round(best), status });
}
await app.close();
await database.close();

const engine = url ? 'PostgreSQL' : 'PGlite';
console.log(
  `Car carrier pages on ${engine}: ${vehicleCount} car carriers × ${days} days (seeded in ${seedS.toFixed(1)} s)`,
);
for (const r of rows)
  console.log(`  ${r.call.padEnd(34)} ${String(r.ms).padStart(6)} ms  (HTTP ${r.status})`);
console.log(JSON.stringify({ engine, vehicles: vehicleCount, days, calls: rows }));
