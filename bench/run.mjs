#!/usr/bin/env node
// `npm run bench`: ingestion throughput end to end (GT06 TCP trackers → durable store → rules → live)
// on PGlite, then on PostgreSQL (PANTAU_BENCH_DATABASE_URL, or a throwaway cluster when the server
// binaries are installed). Everything listens on 127.0.0.1 and stops by itself.
// Options (environment): BENCH_VEHICLES (5000), BENCH_CLIENTS (1000), BENCH_DURATION s (15),
// BENCH_WINDOW frames in flight per tracker (4), BENCH_GEOFENCES geofences in the unit, every fix
// checked against them (10000), BENCH_RUNS runs per database (1; the table shows the
// best run by positions/s and the spread), BENCH_RESTART=1 then runs bench/pg-restart.mjs (PostgreSQL
// restarted under tracker load: acked, stored, lost; about three minutes more), BENCH_REPORTS=1 then
// runs bench/reports.ts (reports, exports, playback and recalculation over a fleet's month; below),
// BENCH_CAR_CARRIER=1 then runs bench/car-carrier.ts (the Car Carrier pages over a fleet's year; below),
// BENCH_PARTITIONS=1 then runs bench/partitions.ts (positions by month on PostgreSQL; below).
// BENCH_INSTANCES=2 instead measures PostgreSQL with fsync on (the production setting) with one server
// instance and with two on the same database, the trackers split between them (below).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startThrowawayPostgres } from '../scripts/provision.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = [
  `--vehicles=${process.env.BENCH_VEHICLES ?? 5000}`,
  `--clients=${process.env.BENCH_CLIENTS ?? 1000}`,
  `--duration=${process.env.BENCH_DURATION ?? 15}`,
  `--window=${process.env.BENCH_WINDOW ?? 4}`,
  `--geofences=${process.env.BENCH_GEOFENCES ?? 10000}`,
];

function runIngest(env, extra = []) {
  const r = spawnSync(
    process.execPath,
    // The server's own flags (apps/server/package.json `start`): the young generation's size.
    ['--max-semi-space-size=64', '--import', 'tsx', path.join(root, 'bench/ingest.ts'), ...args, ...extra],
    {
      cwd: root,
      env: { ...process.env, ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  if (r.status !== 0) throw new Error(`bench/ingest.ts failed (exit ${r.status})`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1));
}

/** A fresh database inside the given server, dropped afterwards. */
async function withDatabase(adminUrl, fn) {
  const name = `pantau_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return fn(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** Runs one of the bench scripts through tsx with its output shown; a failure fails `npm run bench`. */
function runScript(file, args, env) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench', file), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.status !== 0) process.exitCode = 1;
}

/**
 * Runs `fn` with the URL of a fresh database on PANTAU_BENCH_DATABASE_URL's server, or on a throwaway
 * cluster; says the bench is skipped when there is no PostgreSQL.
 */
async function onPostgres(what, fn) {
  let pgServer = null;
  try {
    let adminUrl = process.env.PANTAU_BENCH_DATABASE_URL;
    if (!adminUrl) {
      pgServer = startThrowawayPostgres();
      adminUrl = pgServer.url;
    }
    console.log(`\n${what}, PostgreSQL`);
    await withDatabase(adminUrl, fn);
  } catch (err) {
    console.log(`PostgreSQL ${what.toLowerCase()} skipped: ${err.message}`);
  } finally {
    pgServer?.stop();
  }
}

const targets = { pglite: 10_000, postgres: 25_000 };
const runs = process.env.BENCH_INGEST === '0' ? 0 : Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const results = [];

// BENCH_INSTANCES=2: one instance, then two on one durable PostgreSQL, alternating, BENCH_RUNS pairs.
if (process.env.BENCH_INSTANCES === '2') {
  console.log(`Ingestion bench, 1 and 2 instances on PostgreSQL (fsync on): ${args.join(' ')} × ${runs}`);
  let durable = null;
  try {
    let adminUrl = process.env.PANTAU_BENCH_DATABASE_URL;
    if (!adminUrl) {
      durable = startThrowawayPostgres({ durable: true });
      adminUrl = durable.url;
    }
    for (let i = 0; i < runs; i++)
      for (const instances of [1, 2]) {
        const r = await withDatabase(adminUrl, (url) =>
          runIngest({ BENCH_DATABASE_URL: url }, [`--instances=${instances}`]),
        );
        results.push(r);
        console.log(JSON.stringify(r));
      }
  } finally {
    durable?.stop();
  }
  console.log('\n instances | positions/s | p50 ack ms | p99 ack ms | CPU % servers/load/db | load avg');
  for (const r of results)
    console.log(
      ` ${String(r.instances).padEnd(9)} | ${String(r.positionsPerSecond).padStart(11)} | ` +
        `${String(r.p50AckMs).padStart(10)} | ${String(r.p99AckMs).padStart(10)} | ` +
        `${[r.serverCpuPct, ...r.otherServerCpuPct].join('+')}/${r.loadCpuPct}/${r.dbCpuPct ?? '-'} | ${r.loadAverage}`,
    );
  process.exit(0);
}

console.log(`Ingestion bench: ${args.join(' ')} × ${runs} run(s)`);
for (let i = 0; i < runs; i++) {
  results.push(runIngest({ BENCH_DATABASE_URL: '' }));
  console.log(JSON.stringify(results.at(-1)));
}

let throwaway = null;
try {
  let adminUrl = process.env.PANTAU_BENCH_DATABASE_URL;
  if (!adminUrl && runs > 0) {
    try {
      throwaway = startThrowawayPostgres();
      adminUrl = throwaway.url;
    } catch (err) {
      console.log(`PostgreSQL skipped: ${err.message}`);
    }
  }
  if (adminUrl) {
    for (let i = 0; i < runs; i++) {
      results.push(await withDatabase(adminUrl, (url) => runIngest({ BENCH_DATABASE_URL: url })));
      console.log(JSON.stringify(results.at(-1)));
    }
  }
} finally {
  throwaway?.stop();
}

console.log(
  '\n database | positions/s (target) | p50 ack ms | p99 ack ms (target 250) | CPU % server/load/db | load avg',
);
for (const database of ['pglite', 'postgres']) {
  const mine = results.filter((r) => r.database === database);
  if (mine.length === 0) continue;
  const best = mine.reduce((a, b) => (b.positionsPerSecond > a.positionsPerSecond ? b : a));
  const rates = mine.map((r) => r.positionsPerSecond);
  const spread = mine.length > 1 ? ` (runs ${Math.min(...rates)}–${Math.max(...rates)})` : '';
  const ok = best.positionsPerSecond >= targets[database] && best.p99AckMs <= 250 ? 'met' : 'MISSED';
  console.log(
    ` ${database.padEnd(8)} | ${String(best.positionsPerSecond).padStart(6)} (${targets[database]})${spread} | ` +
      `${String(best.p50AckMs).padStart(10)} | ${String(best.p99AckMs).padStart(10)} | ` +
      `${best.serverCpuPct}/${best.loadCpuPct}/${best.dbCpuPct ?? '-'} | ${best.loadAverage}  ${ok}`,
  );
}

if (process.env.BENCH_RESTART === '1') {
  console.log('');
  const r = spawnSync(process.execPath, [path.join(root, 'bench/pg-restart.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exitCode = 1;
}

// BENCH_REPORTS=1: reports, exports, playback and recalculation over a fleet's history (bench/reports.ts):
// 7 days × 100 vehicles on PGlite, then 30 days × 100 vehicles on PostgreSQL, a fix every 30 s (about
// 2 and 8.6 million positions written through the pipeline first: several minutes).
if (process.env.BENCH_REPORTS === '1') {
  const reportsRun = (days, env) =>
    runScript('reports.ts', [`--days=${days}`, '--vehicles=100', '--interval=30'], env);
  console.log('\nReports bench, PGlite, 7 days × 100 vehicles');
  reportsRun(process.env.BENCH_REPORTS_DAYS_PGLITE ?? 7, { BENCH_DATABASE_URL: '' });
  await onPostgres('Reports bench, 30 days × 100 vehicles', (url) =>
    reportsRun(process.env.BENCH_REPORTS_DAYS_PG ?? 30, { BENCH_DATABASE_URL: url }),
  );
}

// BENCH_CAR_CARRIER=1: the Car Carrier and operations pages over a year of 100 car carriers
// (bench/car-carrier.ts), on PGlite and on PostgreSQL.
if (process.env.BENCH_CAR_CARRIER === '1') {
  const ccRun = (env) => runScript('car-carrier.ts', ['--vehicles=100', '--days=365'], env);
  console.log('\nCar carrier bench, PGlite');
  ccRun({ BENCH_DATABASE_URL: '' });
  await onPostgres('Car carrier bench', (url) => ccRun({ BENCH_DATABASE_URL: url }));
}

// BENCH_PARTITIONS=1: positions by month on PostgreSQL (bench/partitions.ts): the append rate into a month
// as it fills to BENCH_PARTITION_ROWS (20,000,000) rows of 1,000 vehicles, a month's playback and report,
// and migration 0008 over BENCH_MIGRATE_ROWS (1,000,000) rows. BENCH_INGEST=0 skips the ingestion bench.
if (process.env.BENCH_PARTITIONS === '1') {
  await onPostgres('Partitions bench', (url) =>
    runScript(
      'partitions.ts',
      [
        `--rows=${process.env.BENCH_PARTITION_ROWS ?? 20_000_000}`,
        `--migrate=${process.env.BENCH_MIGRATE_ROWS ?? 1_000_000}`,
      ],
      { BENCH_DATABASE_URL: url },
    ),
  );
}
