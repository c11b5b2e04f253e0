/**
 * Ingestion throughput, end to end: the real server (buildApp: pipeline, rules, live hub) with a GT06
 * listener on 127.0.0.1, a fresh database holding `vehicles` registered trackers, and a separate load
 * process (gt06-load.ts) whose trackers send GPS frames and wait for the acks. An ack leaves only
 * after the position is stored, so acked frames per second is stored positions per second.
 *
 * Database: a fresh PGlite in a temporary directory, or PostgreSQL when BENCH_DATABASE_URL is set
 * (run.mjs creates a throwaway database). `--instances=2` (PostgreSQL) adds a second server process on
 * the same database and splits the trackers between the two. Prints one JSON line with the figures.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { count, sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { geofences, positions, units, vehicles } from '../apps/server/src/db/schema/index.js';
import { createRandom } from '../apps/server/src/db/seed/prng.js';
import { geofenceGeometry } from '../apps/server/src/geo/shapes.js';
import { build } from 'esbuild';
import { serverBuildOptions } from '../apps/server/esbuild-options.mjs';
import type * as BenchServer from './ingest-server.js';

/**
 * Profiles this (server) process from the end of the load's warm-up until the returned function is
 * called, which writes the profile to `file`: CPU (BENCH_CPU_PROFILE=file) or allocations, young ones
 * included (BENCH_HEAP_PROFILE=file).
 */
async function profileServer(kind: 'cpu' | 'heap', file: string) {
  const { Session } = await import('node:inspector/promises');
  const { writeFile } = await import('node:fs/promises');
  const session = new Session();
  session.connect();
  await new Promise((r) => setTimeout(r, 4000));
  if (kind === 'cpu') {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  } else {
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 16384,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }
  return async () => {
    const { profile } =
      kind === 'cpu' ? await session.post('Profiler.stop') : await session.post('HeapProfiler.stopSampling');
    await writeFile(file, JSON.stringify(profile));
    session.disconnect();
  };
}

const { values } = parseArgs({
  options: {
    vehicles: { type: 'string', default: '5000' },
    clients: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '15' },
    window: { type: 'string', default: '4' },
    rate: { type: 'string', default: '0' },
    geofences: { type: 'string', default: '0' },
    instances: { type: 'string', default: '1' },
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

/**
 * `--geofences=N`: the unit's geofences, every fix checked against them (visits, over-stop allowance):
 * circles, polygons and corridors of 100 m to 1 km spread over western Java, as bench/geofences.ts,
 * so the trackers' road (around -6.25, 106.8–107.2) crosses a few dozen of them.
 */
const geofenceCount = Number(values.geofences);
const rnd = createRandom(7);
for (let from = 0; from < geofenceCount; from += 1000) {
  const rows = Array.from({ length: Math.min(1000, geofenceCount - from) }, (_, k) => {
    const i = from + k;
    const x = 106 + rnd.next() * 4;
    const y = -7.5 + rnd.next() * 2;
    const h = 0.001 + rnd.next() * 0.005;
    const shape = (['circle', 'polygon', 'corridor'] as const)[i % 3]!;
    const g = geofenceGeometry({
      polygonCode: `G${i}`,
      polygonName: `Geofence ${i}`,
      pantauPoiId: null,
      polyIndex: i,
      notes: null,
      polygonType: shape,
      category: (['pool', 'plant', 'dealer', 'rest_area', 'other'] as const)[i % 5]!,
      icon: null,
      color: null,
      center: shape === 'circle' ? [x, y] : null,
      radius: shape === 'circle' ? 100 + rnd.next() * 900 : null,
      width: shape === 'corridor' ? 200 : null,
      geometry:
        shape === 'polygon'
          ? {
              type: 'Polygon',
              coordinates: [
                [
                  [x - h, y - h],
                  [x + h, y - h],
                  [x + h, y + h],
                  [x - h, y + h],
                  [x - h, y - h],
                ],
              ],
            }
          : shape === 'corridor'
            ? {
                type: 'LineString',
                coordinates: [
                  [x, y],
                  [x + h * 3, y + h],
                  [x + h * 6, y - h],
                ],
              }
            : null,
      notifyEnter: false,
      notifyExit: false,
      aktif: true,
    });
    return {
      unitId: unit!.unitId,
      polyIndex: i,
      code: `G${i}`,
      name: `Geofence ${i}`,
      shape,
      category: (['pool', 'plant', 'dealer', 'rest_area', 'other'] as const)[i % 5]!,
      centerLon: g.center[0],
      centerLat: g.center[1],
      radiusM: g.radius,
      widthM: g.width,
      geometry: g.geometry,
      minLon: g.boundary[0],
      minLat: g.boundary[1],
      maxLon: g.boundary[2],
      maxLat: g.boundary[3],
    };
  });
  await database.db.insert(geofences).values(rows);
}

/**
 * The server as production runs it: ingest-server.ts and the server's sources compiled to one module by
 * esbuild with the options of `npm run build` (apps/server/esbuild-options.mjs). Run through tsx instead,
 * every function gets its name set at creation (tsx keeps names), ~2.4 % of the server's time.
 */
// One folder below apps/server, as dist/main.js is (config.ts finds the server's package.json so).
const serverModule = join(import.meta.dirname, '..', 'apps', 'server', '.tmp-bench', 'ingest-server.mjs');
await build({
  ...serverBuildOptions,
  entryPoints: [new URL('./ingest-server.ts', import.meta.url).pathname],
  outfile: serverModule,
});
const { startBenchServer } = (await import(serverModule)) as typeof BenchServer;
const server = await startBenchServer(database, dataDir ?? tmpdir());
const ports = [server.port];

/**
 * `--instances=2` (PostgreSQL only): a second server process on the same database; the trackers are
 * split between the two (tracker i reports to instance i mod 2), and the live fan-out between them
 * runs as in production (LISTEN/NOTIFY).
 */
const instances = Number(values.instances);
if (instances > 1 && database.kind !== 'postgres') throw new Error('--instances needs PostgreSQL');
const others = await Promise.all(
  Array.from({ length: instances - 1 }, async () => {
    const child = spawn(process.execPath, ['--max-semi-space-size=64', serverModule], {
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: string[] = [];
    let buffered = '';
    child.stdout.on('data', (d: Buffer) => {
      buffered += d.toString();
      const parts = buffered.split('\n');
      buffered = parts.pop()!;
      lines.push(...parts.filter(Boolean));
    });
    /** The next line the script prints for this file (the server's own warnings share stdout). */
    const next = async (): Promise<{ port?: number; cpuMs?: number }> => {
      for (let waited = 0; ; waited += 50) {
        while (lines.length > 0) {
          const line = JSON.parse(lines.shift()!) as { port?: number; cpuMs?: number };
          if (line.port !== undefined || line.cpuMs !== undefined) return line;
        }
        if (child.exitCode !== null || waited > 120_000)
          throw new Error('the second bench server did not start');
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    ports.push((await next()).port!);
    return {
      async stop() {
        child.kill('SIGTERM');
        return (await next()).cpuMs!;
      },
    };
  }),
);

/**
 * CPU time (ms) of each PostgreSQL backend serving this database, read from /proc (PostgreSQL on this
 * machine only; null when unreadable). Backends that end before the second reading are not counted.
 */
async function databaseCpuMs(): Promise<Map<number, number> | null> {
  if (database.kind !== 'postgres') return null;
  try {
    const { rows } = (await database.db.execute(
      sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`,
    )) as unknown as { rows: { pid: number }[] };
    const out = new Map<number, number>();
    for (const { pid } of rows) {
      const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
      out.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    }
    return out;
  } catch {
    return null;
  }
}
const cpuBetween = (before: Map<number, number> | null, after: Map<number, number> | null) => {
  if (!before || !after) return null;
  let ms = 0;
  for (const [pid, t] of after) ms += t - (before.get(pid) ?? 0);
  return ms;
};

let cpuBefore = process.cpuUsage();
let dbCpuBefore = await databaseCpuMs();
let startedAt = performance.now();
/**
 * Runs the load generator. On this shared machine it has now and then exited with code 13 and no
 * output; such a run is started again, measured from its own start, its fixes 20 minutes later than the
 * last attempt's could reach (they would otherwise come late, which the pipeline treats differently).
 */
async function runLoad(): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    if (attempt > 1) {
      cpuBefore = process.cpuUsage();
      dbCpuBefore = await databaseCpuMs();
      startedAt = performance.now();
    }
    const attemptStart = performance.now();
    const load = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        new URL('./gt06-load.ts', import.meta.url).pathname,
        `--port=${ports.join(',')}`,
        `--clients=${clients}`,
        `--duration=${values.duration}`,
        `--window=${values.window}`,
        `--rate=${values.rate}`,
        `--start-back=${3600 - (attempt - 1) * 1200}`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    load.stdout.on('data', (d: Buffer) => (output += d.toString()));
    const exit = await new Promise<string>((resolve) =>
      load.on('exit', (code, signal) => resolve(`exit code ${code}, signal ${signal}`)),
    );
    if (output.trim()) return output;
    if (attempt >= 3) throw new Error(`the load generator printed nothing (${exit})`);
    const after = ((performance.now() - attemptStart) / 1000).toFixed(1);
    process.stderr.write(
      `bench: the load generator printed nothing (${exit}, after ${after} s); starting it again\n`,
    );
  }
}
const profile = process.env.BENCH_CPU_PROFILE
  ? profileServer('cpu', process.env.BENCH_CPU_PROFILE)
  : process.env.BENCH_HEAP_PROFILE
    ? profileServer('heap', process.env.BENCH_HEAP_PROFILE)
    : null;
const output = await runLoad();
await (
  await profile
)?.();
const cpu = process.cpuUsage(cpuBefore);
const wallS = (performance.now() - startedAt) / 1000;
const dbCpuMs = cpuBetween(dbCpuBefore, await databaseCpuMs());
const result = JSON.parse(output.trim().split('\n').at(-1)!) as {
  acked: number;
  seconds: number;
  p50: number;
  p99: number;
  max: number;
  cpuSeconds: number;
};
const otherCpuMs = await Promise.all(others.map((o) => o.stop()));
await server.close();
const [stored] = await database.db.select({ n: count() }).from(positions);
await database.close();
if (dataDir) await rm(dataDir, { recursive: true, force: true });

process.stdout.write(
  `${JSON.stringify({
    database: database.kind,
    vehicles: vehicleCount,
    geofences: geofenceCount,
    clients,
    window: Number(values.window),
    positionsPerSecond: Math.round(result.acked / result.seconds),
    p50AckMs: Math.round(result.p50 * 10) / 10,
    p99AckMs: Math.round(result.p99 * 10) / 10,
    maxAckMs: Math.round(result.max),
    storedRows: stored!.n,
    // Shares of one core over the load's run (warm-up included): this server process, the load
    // generator, PostgreSQL's backends (when local); and the machine's load average at the end.
    instances,
    serverCpuPct: Math.round((cpu.user + cpu.system) / 1e4 / wallS),
    // The other instances' processes (--instances), each.
    otherServerCpuPct: otherCpuMs.map((ms) => Math.round(ms / 10 / wallS)),
    loadCpuPct: Math.round((result.cpuSeconds * 100) / wallS),
    dbCpuPct: dbCpuMs === null ? null : Math.round(dbCpuMs / 10 / wallS),
    loadAverage: Math.round(loadavg()[0]! * 10) / 10,
  })}\n`,
);
