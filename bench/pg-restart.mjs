#!/usr/bin/env node
// PostgreSQL restarts under tracker load: the real server (apps/server/src/main.ts, its own process)
// on a throwaway PostgreSQL cluster with the server defaults (fsync, synchronous commit), GT06
// trackers that buffer each fix until it is acked and send it again otherwise (as devices do), and
// `pg_ctl restart` mid-stream. One run per mode (`-m fast`, then `-m immediate`); each prints: fixes
// made, acked, stored (of those acked), lost (acked but not stored), whether the server process stayed
// up, whether /api/health said "degraded" during the restart and "ok" after, and the longest wait.
// Options (environment): RESTART_TRACKERS (100), RESTART_SECONDS (40: fixes are made for this long,
// with restarts at a quarter and at the middle), RESTART_FIX_MS (1000: one fix per tracker per this).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { startThrowawayPostgres } from '../scripts/provision.mjs';

register();
const { BufferingTracker } = await import('../apps/server/src/test/buffering-tracker.ts');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const trackers = Number(process.env.RESTART_TRACKERS ?? 100);
const seconds = Number(process.env.RESTART_SECONDS ?? 40);
const fixMs = Number(process.env.RESTART_FIX_MS ?? 1000);
const imeiOf = (i) => `86100000${String(i).padStart(7, '0')}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function health(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(5_000) });
    return (await res.json()).status;
  } catch {
    return 'no answer';
  }
}

/** Starts main.ts on `databaseUrl`; resolves once /api/health says ok. */
async function startServer(databaseUrl, dataDir) {
  const ports = { http: await freePort(), gt06: await freePort(), osmand: await freePort() };
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PANTAU_DATA_DIR: dataDir,
      PANTAU_DEMO: '0',
      HOST: '127.0.0.1',
      PORT: String(ports.http),
      GT06_PORT: String(ports.gt06),
      OSMAND_PORT: String(ports.osmand),
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exit = { code: null, signal: null, stderr: '' };
  child.stderr.on('data', (d) => (exit.stderr = (exit.stderr + d).slice(-4000)));
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      exit.code = code;
      exit.signal = signal;
      resolve();
    }),
  );
  for (let i = 0; i < 240 && exit.code === null; i++) {
    if ((await health(ports.http)) === 'ok') break;
    await sleep(250);
  }
  if (exit.code !== null) throw new Error(`the server did not start: ${exit.stderr}`);
  return {
    ports,
    exit,
    alive: () => exit.code === null && exit.signal === null,
    async stop() {
      if (exit.code === null && exit.signal === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function run(mode) {
  const cluster = startThrowawayPostgres({ durable: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pantau-restart-'));
  try {
    // First start migrates the empty database; then the trackers are registered and it starts again.
    await (await startServer(cluster.url, dataDir)).stop();
    const db = new pg.Client({ connectionString: cluster.url });
    await db.connect();
    const { rows } = await db.query(`INSERT INTO units (unit_name) VALUES ('Restart') RETURNING unit_id`);
    const unitId = rows[0].unit_id;
    for (let i = 0; i < trackers; i++)
      await db.query(
        `INSERT INTO vehicles (unit_id, tracker_id, plate_number, hull_number, vehicle_class, speed_limit)
         VALUES ($1, $2, $3, $4, 'CC', 80)`,
        [unitId, imeiOf(i), `B ${1000 + i} RS`, `RS-${String(i).padStart(5, '0')}`],
      );
    await db.end();
    const server = await startServer(cluster.url, dataDir);

    const fleet = Array.from(
      { length: trackers },
      (_, i) => new BufferingTracker({ port: server.ports.gt06, imei: imeiOf(i), resendAfterMs: 10_000 }),
    );
    for (const t of fleet) t.start();
    const healthSeen = new Set();
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        healthSeen.add(await health(server.ports.http));
        await sleep(200);
      }
    })();

    // Fix times (whole seconds, as GT06 sends them) start an hour back and advance a second per fix:
    // never in the future, never repeated.
    const t0 = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;
    const started = Date.now();
    let tickNo = 0;
    const ticker = setInterval(() => {
      tickNo++;
      for (const t of fleet) t.record(new Date(t0 + tickNo * 1000));
    }, fixMs);
    const restarts = [];
    for (const at of [seconds / 4, seconds / 2]) {
      await sleep(Math.max(0, started + at * 1000 - Date.now()));
      const from = Date.now();
      await cluster.restart(mode);
      restarts.push(Date.now() - from);
    }
    await sleep(Math.max(0, started + seconds * 1000 - Date.now()));
    clearInterval(ticker);

    // Every fix made is sent until acked: wait (up to a minute) for the buffers to empty.
    const drainFrom = Date.now();
    while (fleet.some((t) => t.unacked > 0) && Date.now() - drainFrom < 60_000) await sleep(250);
    const unacked = fleet.reduce((n, t) => n + t.unacked, 0);
    watching = false;
    await watcher;
    const healthAfter = await health(server.ports.http);
    const up = server.alive();
    for (const t of fleet) t.stop();

    const check = new pg.Client({ connectionString: cluster.url });
    await check.connect();
    const stored = await check.query(
      `SELECT v.tracker_id, (extract(epoch FROM p.fix_time) * 1000)::bigint AS t
       FROM positions p JOIN vehicles v USING (vehicle_id)`,
    );
    await check.end();
    const storedSet = new Set(stored.rows.map((r) => `${r.tracker_id}@${r.t}`));
    let acked = 0;
    let ackedStored = 0;
    for (const [i, t] of fleet.entries())
      for (const fix of t.acked) {
        acked++;
        if (storedSet.has(`${imeiOf(i)}@${fix}`)) ackedStored++;
      }
    await server.stop();
    return {
      mode,
      trackers,
      seconds,
      made: fleet.reduce((n, t) => n + t.made, 0),
      acked,
      stored: ackedStored,
      lost: acked - ackedStored,
      unackedAtEnd: unacked,
      reconnects: fleet.reduce((n, t) => n + t.connections - 1, 0),
      serverStayedUp: up,
      serverExit: up
        ? null
        : { code: server.exit.code, signal: server.exit.signal, stderr: server.exit.stderr },
      healthDuringRun: [...healthSeen],
      healthAfter,
      restartMs: restarts,
    };
  } finally {
    cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`PostgreSQL restart bench: ${trackers} GT06 trackers, ${seconds} s, a fix each per ${fixMs} ms`);
const results = [];
for (const mode of ['fast', 'immediate']) {
  const r = await run(mode);
  results.push(r);
  console.log(JSON.stringify(r));
}
console.log('\n mode      | made  | acked | stored | lost | server stayed up | health during → after');
for (const r of results)
  console.log(
    ` ${r.mode.padEnd(9)} | ${String(r.made).padStart(5)} | ${String(r.acked).padStart(5)} | ` +
      `${String(r.stored).padStart(6)} | ${String(r.lost).padStart(4)} | ${String(r.serverStayedUp).padEnd(16)} | ` +
      `${r.healthDuringRun.join('/')} → ${r.healthAfter}`,
  );
process.exit(results.every((r) => r.lost === 0 && r.serverStayedUp) ? 0 : 1);
