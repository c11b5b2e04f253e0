/**
 * Ingestion throughput, end to end: the real server (buildApp: pipeline, rules, live hub) with a GT06
 * listener on 127.0.0.1, a fresh database holding `vehicles` registered trackers, and a separate load
 * process (gt06-load.ts) whose trackers send GPS frames and wait for the acks. An ack leaves only
 * after the position is stored, so acked frames per second is stored positions per second.
 *
 * Database: a fresh PGlite in a temporary directory, or PostgreSQL when BENCH_DATABASE_URL is set
 * (run.mjs creates a throwaway database). Prints one JSON line with the figures.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { count } from 'drizzle-orm';
import { pino } from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { positions, units, vehicles } from '../apps/server/src/db/schema/index.js';
import { createGt06Server } from '../apps/server/src/ingest/gt06-server.js';

const { values } = parseArgs({
  options: {
    vehicles: { type: 'string', default: '5000' },
    clients: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '15' },
    window: { type: 'string', default: '4' },
  },
});
const vehicleCount = Number(values.vehicles);
const clients = Math.min(Number(values.clients), vehicleCount);
const imeiOf = (i: number) => `86000000${String(i).padStart(7, '0')}`;

const url = process.env.BENCH_DATABASE_URL;
const dataDir = url ? null : await mkdtemp(join(tmpdir(), 'pantau-bench-'));
const database = await openDatabase({ databaseUrl: url, dataDir: dataDir ?? '' });
await database.migrate();

const [unit] = await database.db.insert(units).values({ unitName: 'Bench' }).returning();
for (let from = 0; from < vehicleCount; from += 1000) {
  const rows = Array.from({ length: Math.min(1000, vehicleCount - from) }, (_, k) => {
    const i = from + k;
    return {
      unitId: unit!.unitId,
      trackerId: imeiOf(i),
      plateNumber: `B ${1000 + (i % 9000)} BN`,
      hullNumber: `BN-${String(i).padStart(5, '0')}`,
      vehicleClass: 'CC' as const,
      speedLimit: 80,
    };
  });
  await database.db.insert(vehicles).values(rows);
}

const config = {
  ...loadConfig({ PANTAU_DATA_DIR: dataDir ?? tmpdir(), PANTAU_DEMO: '0' }),
  jwtSecret: 'bench-secret-bench-secret-bench-secret-0123',
};
const logger = pino({ level: 'warn' });
const app = await buildApp({ config, db: database, logger });
await app.ready();
const gt06 = createGt06Server({ pipeline: app.pipeline, logger: app.log });
const { port } = await gt06.listen(0, '127.0.0.1');

const cpuBefore = process.cpuUsage();
const load = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    new URL('./gt06-load.ts', import.meta.url).pathname,
    `--port=${port}`,
    `--clients=${clients}`,
    `--duration=${values.duration}`,
    `--window=${values.window}`,
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
let output = '';
load.stdout.on('data', (d: Buffer) => (output += d.toString()));
await new Promise((resolve) => load.on('exit', resolve));
const cpu = process.cpuUsage(cpuBefore);
const result = JSON.parse(output.trim().split('\n').at(-1)!) as {
  acked: number;
  seconds: number;
  p50: number;
  p99: number;
  max: number;
};
await gt06.close(1000);
await app.close();
const [stored] = await database.db.select({ n: count() }).from(positions);
await database.close();
if (dataDir) await rm(dataDir, { recursive: true, force: true });

process.stdout.write(
  `${JSON.stringify({
    database: database.kind,
    vehicles: vehicleCount,
    clients,
    window: Number(values.window),
    positionsPerSecond: Math.round(result.acked / result.seconds),
    p50AckMs: Math.round(result.p50 * 10) / 10,
    p99AckMs: Math.round(result.p99 * 10) / 10,
    maxAckMs: Math.round(result.max),
    storedRows: stored!.n,
    serverCpuSeconds: Math.round((cpu.user + cpu.system) / 1e5) / 10,
  })}\n`,
);
