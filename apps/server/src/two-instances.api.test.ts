import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { liveMessage, trackingList, type LiveMessage } from '@pantau/contracts';
import { fromPostgresUrl, type Database } from './db/client.js';
import { positions, vehicles } from './db/schema/index.js';
import { BufferingTracker } from './test/buffering-tracker.js';
import { call, signIn, UNIT } from './test/test-app.js';
import { untilNoSessions } from './test/test-db.js';

// Two server processes (main.ts, as an operator runs them) on one PostgreSQL database: trackers
// report to either, a browser on either sees every vehicle, and one of them dies mid-stream.
const info = inject('testDb');
const onPostgres = info.kind === 'postgres';
const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const secret = randomBytes(32).toString('base64url');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

interface Instance {
  child: ChildProcess;
  url: string;
  gt06Port: number;
  osmandUrl: string;
  output: () => string;
}

/** True once something accepts a TCP connection on 127.0.0.1:`port`. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `node --import tsx src/main.ts` on `databaseUrl`, answered once its API and both tracker ports take
 * connections. A port found free here may be taken by another test's socket before the server binds
 * it (the server then stops with EADDRINUSE): it is started again on other ports.
 */
async function startInstance(databaseUrl: string, dataDir: string, attempt = 1): Promise<Instance> {
  const [port, gt06Port, osmandPort] = [await freePort(), await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PANTAU_JWT_SECRET: secret,
      PANTAU_DATA_DIR: dataDir,
      PANTAU_WEB_DIST: join(dataDir, 'no-web-dist'),
      PANTAU_DEMO: '0',
      PANTAU_SIMULATOR: '0',
      HOST: '127.0.0.1',
      PORT: String(port),
      GT06_PORT: String(gt06Port),
      OSMAND_PORT: String(osmandPort),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 90_000;
  const running = () => child.exitCode === null && child.signalCode === null;
  // The banner comes once the API listens; the tracker ports open right after it.
  while (
    running() &&
    Date.now() < deadline &&
    !(output.includes('Pantau is running at') && (await accepts(gt06Port)) && (await accepts(osmandPort)))
  )
    await sleep(100);
  // A port another process listens on accepts too: the server is ready only if it is still running.
  await Promise.race([exited, sleep(300)]);
  if (running() && Date.now() < deadline)
    return {
      child,
      url: `http://127.0.0.1:${port}`,
      gt06Port,
      osmandUrl: `http://127.0.0.1:${osmandPort}`,
      output: () => output,
    };
  child.kill('SIGKILL');
  await exited;
  if (output.includes('EADDRINUSE') && attempt < 3) return startInstance(databaseUrl, dataDir, attempt + 1);
  throw new Error(`the server did not start (exit ${child.exitCode}):\n${output}`);
}

/**
 * Runs `work`; when it throws, says why on the error's first line (a failed fetch's cause) and adds
 * how each instance ended and the last of its output, so a failure on a loaded machine explains itself.
 */
async function explained<T>(work: () => Promise<T>, instances: Record<string, Instance>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    const cause = (e.cause as { code?: string; message?: string } | undefined) ?? undefined;
    const states = Object.entries(instances).map(
      ([name, i]) => `${name}: exit ${i.child.exitCode ?? '-'} signal ${i.child.signalCode ?? '-'}`,
    );
    const tails = Object.entries(instances).map(([name, i]) => `--- ${name}\n${i.output().slice(-3_000)}`);
    e.message = [
      `${e.message}${cause ? ` (${cause.code ?? cause.message})` : ''}; ${states.join(', ')}`,
      ...tails,
    ].join('\n');
    throw e;
  }
}

/** A socket of Sunter's operator, collecting its messages. */
function open(instance: Instance, token: string) {
  const socket = new WebSocket(
    `${instance.url.replace('http', 'ws')}/api/live?unitId=${UNIT.sunter}&role=User`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  const messages: LiveMessage[] = [];
  socket.on('message', (data) => messages.push(liveMessage.parse(JSON.parse(String(data)))));
  socket.on('error', () => undefined);
  const hello = new Promise<void>((resolve) => socket.once('message', () => resolve()));
  /** The fix times (ms) pushed for `vehicleId`, in order. */
  const fixesOf = (vehicleId: number) =>
    messages.flatMap((m) =>
      m.type === 'positions'
        ? m.data.filter((i) => i.kendaraanId === vehicleId).map((i) => Date.parse(i.fixTime!))
        : [],
    );
  return { socket, messages, hello, fixesOf };
}

let databaseName: string;
let admin: pg.Client;
let database: Database;
let dataDir: string;
let a: Instance;
let b: Instance;
const imeis = Array.from({ length: 4 }, (_, i) => `8677${String(Date.now()).slice(-9)}${i}0`.slice(0, 15));
let vehicleIds: number[];
const gt06Trackers: BufferingTracker[] = [];

/** Fix times (whole seconds) counting up from an hour ago, never repeated. */
let nextFix = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;

describe.skipIf(!onPostgres)('two server processes on one PostgreSQL (PostgreSQL runs only)', () => {
  beforeAll(async () => {
    if (info.kind !== 'postgres') return;
    databaseName = `pantau_test_${randomBytes(6).toString('hex')}`;
    admin = new pg.Client({ connectionString: info.adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName} TEMPLATE ${info.template}`);
    const url = new URL(info.adminUrl);
    url.pathname = `/${databaseName}`;
    database = fromPostgresUrl(url.toString());
    const rows = await database.db
      .insert(vehicles)
      .values(
        imeis.map((trackerId, i) => ({
          unitId: UNIT.sunter,
          trackerId,
          plateNumber: `B ${9400 + i} TI`,
          hullNumber: `TI-${i}`,
          vehicleClass: 'CC' as const,
          speedLimit: 80,
        })),
      )
      .returning();
    vehicleIds = imeis.map((imei) => rows.find((r) => r.trackerId === imei)!.vehicleId);
    dataDir = await mkdtemp(join(tmpdir(), 'pantau-two-'));
    // One after the other: the second finds the migrations applied.
    a = await startInstance(url.toString(), join(dataDir, 'a'));
    b = await startInstance(url.toString(), join(dataDir, 'b'));
  }, 200_000);
  afterAll(async () => {
    for (const tracker of gt06Trackers) tracker.stop();
    for (const instance of [a, b]) instance?.child.kill('SIGKILL');
    await database?.close();
    if (admin) {
      await untilNoSessions(admin, databaseName);
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await admin.end();
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'GT06 trackers on A and OsmAnd phones on B: a socket on each sees every vehicle once per change; A killed mid-stream loses no acked fix and B keeps serving',
    () => explained(bothServeThenAIsKilled, { A: a, B: b }),
    120_000,
  );
});

/** The test's course: both instances serve, A dies, B serves on. */
async function bothServeThenAIsKilled() {
  const token = await signIn(a.url, 'operator');
  const onA = open(a, token);
  const onB = open(b, token);
  await Promise.all([onA.hello, onB.hello]);

  // Two vehicles' GT06 trackers report to A, two phones (OsmAnd) to B, a fix each every 200 ms.
  for (const imei of imeis.slice(0, 2)) {
    const tracker = new BufferingTracker({
      port: a.gt06Port,
      imei,
      resendAfterMs: 5_000,
      reconnectMs: 200,
    });
    gt06Trackers.push(tracker);
    tracker.start();
  }
  const osmandAnswers: Promise<unknown>[] = [];
  const osmandLatest = new Map<string, number>();
  let streaming = true;
  const stream = (async () => {
    while (streaming) {
      nextFix += 1000;
      for (const tracker of gt06Trackers) tracker.record(new Date(nextFix));
      for (const imei of imeis.slice(2)) {
        const fixTime = nextFix;
        osmandAnswers.push(
          fetch(`${b.osmandUrl}/?id=${imei}&lat=-6.25&lon=106.9&speed=20&timestamp=${fixTime / 1000}`).then(
            (res) => {
              if (res.status === 200) osmandLatest.set(imei, Math.max(osmandLatest.get(imei) ?? 0, fixTime));
            },
          ),
        );
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  })();

  // Every vehicle reaches both sockets, whichever instance stored it.
  for (const c of [onA, onB])
    await expect
      .poll(() => vehicleIds.map((id) => c.fixesOf(id).length >= 3), { timeout: 20_000 })
      .toEqual([true, true, true, true]);

  // A dies mid-stream, with fixes in flight.
  a.child.kill('SIGKILL');
  await new Promise((resolve) => a.child.once('exit', resolve));
  const fixesOnBAtKill = vehicleIds.slice(2).map((id) => onB.fixesOf(id).length);
  // B keeps taking its phones' fixes and pushing them to its socket.
  await expect
    .poll(() => vehicleIds.slice(2).map((id, k) => onB.fixesOf(id).length > fixesOnBAtKill[k]! + 3), {
      timeout: 20_000,
    })
    .toEqual([true, true]);
  streaming = false;
  await stream;
  await Promise.allSettled(osmandAnswers);
  for (const tracker of gt06Trackers) tracker.stop();

  // Once per change: no socket got the same fix of a vehicle twice, and each got them in order.
  for (const c of [onA, onB])
    for (const id of vehicleIds) {
      const fixes = c.fixesOf(id);
      expect(new Set(fixes).size).toBe(fixes.length);
      expect([...fixes].sort((x, y) => x - y)).toEqual(fixes);
    }
  // B's socket ends with each phone's last stored fix.
  await expect
    .poll(
      () =>
        imeis.slice(2).map((imei, k) => onB.fixesOf(vehicleIds[2 + k]!).at(-1) === osmandLatest.get(imei)),
      { timeout: 10_000 },
    )
    .toEqual([true, true]);

  // Every fix A acknowledged is stored.
  const stored = await database.db
    .select({ vehicleId: positions.vehicleId, fixTime: positions.fixTime })
    .from(positions)
    .where(inArray(positions.vehicleId, vehicleIds));
  const keys = new Set(stored.map((r) => `${r.vehicleId}@${r.fixTime.getTime()}`));
  for (const [k, tracker] of gt06Trackers.entries()) {
    expect(tracker.acked.size).toBeGreaterThan(3);
    expect([...tracker.acked].filter((t) => !keys.has(`${vehicleIds[k]}@${t}`))).toEqual([]);
  }

  // B answers HTTP as before: the unit's vehicles, the phones' latest fixes among them.
  const { status, json } = await call(b.url, '/api/tracking', {
    token,
    role: { unitId: UNIT.sunter, role: 'User' },
  });
  expect(status).toBe(200);
  const list = trackingList.parse(json);
  for (const [k, imei] of imeis.slice(2).entries()) {
    const item = list.results.find((i) => i.kendaraanId === vehicleIds[2 + k]);
    expect(Date.parse(item!.fixTime!)).toBe(osmandLatest.get(imei));
  }
  expect(onB.socket.readyState).toBe(WebSocket.OPEN);
  onA.socket.terminate();
  onB.socket.close();
}
