/**
 * The live fan-out between instances on PostgreSQL (plugins/live-bus.ts): instance A publishes
 * `--vehicles` changed vehicles a second (the positions every browser of the unit gets), instance B
 * listens. Measures A's encoding, the NOTIFY statement, B's decoding, the delay from A's publish to
 * B's delivery, and PostgreSQL's CPU, on a throwaway cluster with fsync on (the production setting) or
 * BENCH_DATABASE_URL. Prints one JSON line per run.
 *
 *   node --import tsx bench/live-fanout.ts --vehicles=10000 --duration=10
 */
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import type { TrackingItem } from '@pantau/contracts';
import { fromPostgresUrl, type Database } from '../apps/server/src/db/client.js';
import { createPostgresLiveBus } from '../apps/server/src/plugins/live-bus.js';
import { decodeLiveEvents, encodeLiveEvents } from '../apps/server/src/plugins/live-codec.js';
import { startThrowawayPostgres } from '../scripts/provision.mjs';

const { values } = parseArgs({
  options: {
    vehicles: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '10' },
  },
});
const vehicleCount = Number(values.vehicles);
const durationS = Number(values.duration);

/** A tracking item as the pipeline makes it (trackingItemOf), moving a little each second. */
const itemOf = (i: number, t: number): TrackingItem => ({
  kendaraanId: 1000 + i,
  nomorPolisi: `B ${1000 + (i % 9000)} BN`,
  nomorKendaraan: `BN-${String(i).padStart(5, '0')}`,
  vehicleClass: 'CC',
  lat: -6.2 - (i % 100) / 1000 - Math.random() * 0.3,
  lon: 106.8 + Math.random() * 0.6,
  speed: Math.round(Math.random() * 900) / 10,
  course: Math.round(Math.random() * 360),
  ignition: true,
  fixTime: new Date(t).toISOString(),
  gpsStatus: 'on',
  motion: 'moving',
  speedLimit: 80,
  driver: i % 2 ? { pengemudiId: i, name: `Pengemudi ${i}` } : null,
  location: `near Cikarang, ${(i % 90) / 10} km`,
  place: { kind: 'near', name: 'Cikarang', distanceKm: (i % 90) / 10, km: null },
  todayDistanceKm: Math.round(Math.random() * 30000) / 100,
  todayEngineHours: Math.round(Math.random() * 1000) / 100,
  odometer: 12_345.6 + i,
});

async function backendCpuMs(db: Database): Promise<number> {
  const { rows } = (await db.db.execute(
    sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`,
  )) as unknown as { rows: { pid: number }[] };
  let ms = 0;
  for (const { pid } of rows) {
    try {
      const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
      ms += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // A backend that ended meanwhile.
    }
  }
  return ms;
}

const cluster = process.env.BENCH_DATABASE_URL ? null : startThrowawayPostgres({ durable: true });
const url = process.env.BENCH_DATABASE_URL ?? cluster!.url;
const logger = pino({ level: 'warn' });
const [dbA, dbB] = [fromPostgresUrl(url), fromPostgresUrl(url)];
try {
  // Encoding and decoding alone, on one second's items: CPU time (not wall time, so the machine's
  // load does not count), the median of five rounds after a warm-up.
  const sample = Array.from({ length: vehicleCount }, (_, i) => itemOf(i, Date.now()));
  const cpuMsOf = (f: () => void) => {
    const rounds: number[] = [];
    f();
    for (let k = 0; k < 5; k++) {
      const before = process.cpuUsage();
      f();
      const used = process.cpuUsage(before);
      rounds.push((used.user + used.system) / 1000);
    }
    return rounds.sort((x, y) => x - y)[2]!;
  };
  let encoded = encodeLiveEvents('bench', [{ type: 'positions', unitId: 1, items: sample }]);
  const encodeMs = cpuMsOf(() => {
    encoded = encodeLiveEvents('bench', [{ type: 'positions', unitId: 1, items: sample }], encoded);
  });
  const decodeMs = cpuMsOf(() => {
    for (const p of encoded.payloads) decodeLiveEvents(p);
  });
  const payloadChars = encoded.payloads.reduce((n, p) => n + p.length, 0);

  // The real thing: A publishes every vehicle once a second, B delivers.
  const delays: number[] = [];
  let delivered = 0;
  const a = createPostgresLiveBus({ db: dbA.db, newClient: dbA.newClient!, logger });
  const b = createPostgresLiveBus({ db: dbB.db, newClient: dbB.newClient!, logger });
  await a.listen({ deliver: () => undefined, onGap: () => undefined });
  await b.listen({
    deliver: (event) => {
      if (event.type !== 'positions') return;
      delivered += event.items.length;
      delays.push(Date.now() - Date.parse(event.items[0]!.fixTime!));
    },
    onGap: () => undefined,
  });
  // Statement times as A's bus runs them: timed around the pool's query.
  const statementMs: number[] = [];
  const pool = (dbA.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } })
    .$client;
  const query = pool.query.bind(pool);
  pool.query = async (...args: unknown[]) => {
    const started = performance.now();
    try {
      return await query(...args);
    } finally {
      statementMs.push(performance.now() - started);
    }
  };

  const cpu0 = process.cpuUsage();
  const db0 = await backendCpuMs(dbA);
  const started = performance.now();
  for (let s = 0; s < durationS; s++) {
    const now = Date.now();
    // Spread over the second as vehicles report, a tenth at a time.
    for (let part = 0; part < 10; part++) {
      const items = [];
      for (let i = part; i < vehicleCount; i += 10) items.push(itemOf(i, now + part * 100));
      a.send({ type: 'positions', unitId: 1, items });
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await new Promise((r) => setTimeout(r, 1500));
  const wallS = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const dbMs = (await backendCpuMs(dbA)) - db0;
  await a.close();
  await b.close();

  delays.sort((x, y) => x - y);
  statementMs.sort((x, y) => x - y);
  const pct = (list: number[], p: number) => Math.round(list[Math.floor((list.length - 1) * p)] ?? NaN);
  process.stdout.write(
    `${JSON.stringify({
      vehicles: vehicleCount,
      jsonBytesPerSecond: JSON.stringify(sample).length,
      payloadsPerSecond: encoded.payloads.length,
      payloadBytesPerSecond: payloadChars,
      // CPU ms a second: the sender's encoding, and each receiving instance's decoding.
      encodeCpuMsPerSecond: Math.round(encodeMs),
      decodeCpuMsPerSecond: Math.round(decodeMs),
      notifyStatementMs: { p50: pct(statementMs, 0.5), p99: pct(statementMs, 0.99) },
      delivered: `${delivered} of ${vehicleCount * durationS}`,
      delayMs: { p50: pct(delays, 0.5), p99: pct(delays, 0.99) },
      // Shares of one core: this process (both instances' buses) and PostgreSQL's backends.
      processCpuPct: Math.round((cpu.user + cpu.system) / 1e4 / wallS),
      dbCpuPct: Math.round(dbMs / 10 / wallS),
      loadAverage: Math.round(loadavg()[0]! * 10) / 10,
    })}\n`,
  );
} finally {
  await dbA.close();
  await dbB.close();
  cluster?.stop();
}
