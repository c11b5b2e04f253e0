/**
 * Load generator: N GT06 trackers on real TCP connections to 127.0.0.1, each logging in and then
 * sending GPS frames with `window` frames in flight, for `duration` seconds: each burst as soon as the
 * last one is acked, or with `rate` (positions a second, all trackers together) paced to that rate, a
 * burst never before the last one is acked. Prints one JSON line:
 * frames acked, elapsed time and the ack latency percentiles. Runs in its own process so the
 * clients do not share the server's event loop.
 */
import { connect, type Socket } from 'node:net';
import { parseArgs } from 'node:util';
import { crc16X25, Gt06FrameSplitter } from '@pantau/protocols';
import { gt06Gps, gt06Login } from '../apps/server/src/test/gt06-client.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    first: { type: 'string', default: '0' },
    clients: { type: 'string', default: '500' },
    duration: { type: 'string', default: '15' },
    window: { type: 'string', default: '4' },
    warmup: { type: 'string', default: '3' },
    rate: { type: 'string', default: '0' },
    /** Seconds back from now the first fixes are timed (an hour by default). */
    'start-back': { type: 'string', default: '3600' },
  },
});
/** `--port=a,b`: tracker i reports to the i-th port, round robin (one per server instance). */
const ports = String(values.port).split(',').map(Number);
const clients = Number(values.clients);
const window = Number(values.window);
const durationMs = Number(values.duration) * 1000;
const warmupMs = Number(values.warmup) * 1000;
/** Paced: each tracker's bursts this far apart (0: as soon as acked). */
const intervalMs = Number(values.rate) > 0 ? (clients * window * 1000) / Number(values.rate) : 0;
export const imeiOf = (i: number) => `86000000${String(i).padStart(7, '0')}`;

const latencies: number[] = [];
/** BENCH_TIMELINE=file: the acks' latencies by 100 ms of the run (where the tail comes from). */
const timelineFile = process.env.BENCH_TIMELINE;
const timeline: { n: number; sum: number; max: number }[] = [];
/** Connections the server closed before the end, and those closed while waiting for an answer. */
const closes = { early: 0, waiting: 0 };
process.on('exit', (code) => {
  if (code !== 0)
    process.stderr.write(`gt06-load: exit ${code}, connections closed ${JSON.stringify(closes)}\n`);
});
let acked = 0;
let measureFrom = 0;
let measureTo = 0;

async function tracker(index: number, stopAt: number) {
  const imei = imeiOf(Number(values.first) + index);
  const socket: Socket = await new Promise((resolve, reject) => {
    const s = connect({ port: ports[index % ports.length]!, host: '127.0.0.1', noDelay: true }, () =>
      resolve(s),
    );
    s.once('error', reject);
  });
  const splitter = new Gt06FrameSplitter();
  const sentAt = new Map<number, number>();
  socket.on('close', () => {
    if (performance.now() < stopAt) closes.early++;
    if (sentAt.size > 0 || !loggedIn) closes.waiting++;
  });
  let onAck: (() => void) | null = null;
  let loggedIn = false;
  socket.on('data', (chunk) => {
    const now = performance.now();
    for (const frame of splitter.push(chunk)) {
      const serial = (frame[frame.length - 6]! << 8) | frame[frame.length - 5]!;
      if (frame[3] === 0x01) loggedIn = true;
      const t0 = sentAt.get(serial);
      if (t0 !== undefined) {
        sentAt.delete(serial);
        if (now >= measureFrom && now <= measureTo) {
          latencies.push(now - t0);
          acked++;
          if (timelineFile) {
            const slot = (timeline[Math.floor((now - measureFrom) / 100)] ??= { n: 0, sum: 0, max: 0 });
            slot.n++;
            slot.sum += now - t0;
            slot.max = Math.max(slot.max, now - t0);
          }
        }
      }
    }
    onAck?.();
  });
  const waitUntil = (done: () => boolean) =>
    new Promise<void>((resolve) => {
      if (done()) return resolve();
      onAck = () => {
        if (done()) {
          onAck = null;
          resolve();
        }
      };
    });
  socket.write(gt06Login(imei, 1));
  await waitUntil(() => loggedIn);
  // Fix times start an hour back (`--start-back`) and advance a second per frame: never future, never
  // duplicate.
  let fixTime = Date.now() - Number(values['start-back']) * 1000 + index * 7;
  let serial = 2;
  const lat0 = -6.2 - (index % 100) / 1000;
  let lon = 106.8;
  // One frame built in full, then each burst's frames patched in place (time, longitude, serial, CRC):
  // the load's own CPU is taken from the machine the server is measured on.
  const template = gt06Gps(
    { time: new Date(fixTime), lat: lat0, lon, speedKmh: 60, course: 90, ignition: true },
    1,
  );
  const size = template.length;
  const burst = Buffer.alloc(size * window);
  for (let k = 0; k < window; k++) template.copy(burst, k * size);
  // Paced trackers start at random points of the interval, so their bursts spread over it.
  let dueAt = performance.now() + Math.random() * intervalMs;
  while (performance.now() < stopAt) {
    if (intervalMs > 0) {
      const wait = dueAt - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      // Behind (the last burst's acks came late): the next burst goes now, no catching up in a rush.
      dueAt = Math.max(dueAt, performance.now() - intervalMs) + intervalMs;
    }
    const now = performance.now();
    for (let k = 0; k < window; k++) {
      serial = serial >= 0xffff ? 2 : serial + 1;
      fixTime += 1000;
      lon += 0.0002;
      sentAt.set(serial, now);
      patchFix(burst, k * size, size, fixTime, lon, serial);
    }
    socket.write(Buffer.from(burst));
    await waitUntil(() => sentAt.size === 0);
  }
  socket.destroy();
}

/** Writes a fix time, longitude and serial into the 0x22 frame at `at` (gt06Gps's layout) and its CRC. */
function patchFix(buf: Buffer, at: number, size: number, fixTime: number, lon: number, serial: number) {
  const t = new Date(fixTime);
  buf[at + 4] = t.getUTCFullYear() - 2000;
  buf[at + 5] = t.getUTCMonth() + 1;
  buf[at + 6] = t.getUTCDate();
  buf[at + 7] = t.getUTCHours();
  buf[at + 8] = t.getUTCMinutes();
  buf[at + 9] = t.getUTCSeconds();
  buf.writeUInt32BE(Math.round(Math.abs(lon) * 1_800_000), at + 15);
  buf.writeUInt16BE(serial, at + size - 6);
  buf.writeUInt16BE(crc16X25(buf, at + 2, at + size - 4), at + size - 4);
}

const start = performance.now();
measureFrom = start + warmupMs;
measureTo = start + warmupMs + durationMs;
// Connect in waves so the listener's accept queue is not the thing measured.
const running: Promise<void>[] = [];
for (let i = 0; i < clients; i++) {
  running.push(tracker(i, measureTo));
  if (i % 100 === 99) await new Promise((r) => setTimeout(r, 20));
}
await Promise.all(running);
latencies.sort((a, b) => a - b);
if (timelineFile) {
  const { writeFileSync } = await import('node:fs');
  const rows = Array.from(timeline, (slot, i) =>
    [i * 100, slot?.n ?? 0, Math.round((slot?.sum ?? 0) / (slot?.n || 1)), Math.round(slot?.max ?? 0)].join(
      '\t',
    ),
  );
  writeFileSync(timelineFile, `ms\tacks\tmean_ms\tmax_ms\n${rows.join('\n')}\n`);
}
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? NaN;
process.stdout.write(
  `${JSON.stringify({
    acked,
    seconds: durationMs / 1000,
    p50: pct(0.5),
    p99: pct(0.99),
    max: latencies.at(-1) ?? NaN,
    cpuSeconds: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
  })}\n`,
);
