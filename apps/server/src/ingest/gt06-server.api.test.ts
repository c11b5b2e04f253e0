import { readFileSync } from 'node:fs';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeGt06Frame } from '@pantau/protocols';
import { positions, vehicles } from '../db/schema/index.js';
import { gt06Frame, gt06Gps, gt06Heartbeat, Gt06TestClient } from '../test/gt06-client.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { createGt06Server, type Gt06Server } from './gt06-server.js';
import type { Pipeline } from './types.js';

/** Frames captured from devices (shared fixture table): name → hex and expected ack. */
const fixtures = new Map(
  readFileSync(new URL('../../../../../shared/fixtures/gt06-frames.tsv', import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'))
    .map(([name, hex, , , , ack]) => [name!, { frame: Buffer.from(hex!, 'hex'), ack: ack ?? '' }]),
);
const LOGIN_B = fixtures.get('login_b')!;
const IMEI_B = '353419036066061';
const LOGIN_A = fixtures.get('login_a')!; // IMEI 123456789012345, not registered

let t: TestApp;
let vehicleId: number;
const servers: Gt06Server[] = [];
const clients: Gt06TestClient[] = [];

/** A GT06 server on a free port over the given pipeline (default: the app's real one). */
async function listen(pipeline: Pipeline = t.app.pipeline) {
  const server = createGt06Server({ pipeline, logger: t.app.log, idleTimeoutMs: 60_000 });
  servers.push(server);
  const { port } = await server.listen(0, '127.0.0.1');
  return port;
}
async function client(port: number) {
  const c = await Gt06TestClient.connect(port);
  clients.push(c);
  return c;
}
async function loggedIn(port: number) {
  const c = await client(port);
  c.send(LOGIN_B.frame);
  await c.waitForReplies(1);
  return c;
}
const storedAt = async (fixTime: Date) => {
  const [row] = await t.db.db
    .select({ n: count() })
    .from(positions)
    .where(and(eq(positions.vehicleId, vehicleId), eq(positions.fixTime, fixTime)));
  return row!.n;
};
const fixAt = (secondsAgo: number) => ({
  time: new Date(Math.floor(Date.now() / 1000 - secondsAgo) * 1000),
  lat: -6.336,
  lon: 107.274,
  speedKmh: 72,
  course: 271,
  ignition: true,
});
const silence = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  t = await startTestApp();
  await t.app.ready();
  // Register the fixture device: the first demo vehicle gets its IMEI.
  const [first] = await t.db.db.select({ id: vehicles.vehicleId }).from(vehicles).limit(1);
  vehicleId = first!.id;
  await t.db.db.update(vehicles).set({ trackerId: IMEI_B }).where(eq(vehicles.vehicleId, vehicleId));
  await t.app.pipeline.refreshVehicles();
});
afterAll(async () => {
  for (const c of clients) c.close();
  await Promise.all(servers.map((s) => s.close(500)));
  await t?.close();
});

describe('GT06 TCP listener', () => {
  it('acks the login of a registered IMEI with the reference ack', async () => {
    const port = await listen();
    const c = await client(port);
    c.send(LOGIN_B.frame);
    await c.waitForReplies(1);
    expect(c.replies[0]!.toString('hex').toUpperCase()).toBe(LOGIN_B.ack);
  });

  it('acks a GPS frame only after the position is in the database', async () => {
    // A pipeline that holds the store until released: no ack may leave before.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const real = t.app.pipeline;
    const held: Pipeline = {
      isKnownTracker: (id) => real.isKnownTracker(id),
      noteUnknownTracker: (id, s) => real.noteUnknownTracker(id, s),
      close: async () => {},
      reportStatus: async () => false,
      ingest: async (p, s) => {
        await gate;
        return real.ingest(p, s);
      },
    };
    const c = await loggedIn(await listen(held));
    const fix = fixAt(30);
    c.send(gt06Gps(fix, 7));
    await silence(300);
    expect(c.replies).toHaveLength(1);
    expect(await storedAt(fix.time)).toBe(0);
    release();
    await c.waitForReplies(2);
    expect(await storedAt(fix.time)).toBe(1);
    const ack = decodeGt06Frame(c.replies[1]!);
    expect(ack).toMatchObject({ protocol: 0x22, serial: 7 });
  });

  it('stores the decoded values: km/h, course, ignition', async () => {
    const c = await loggedIn(await listen());
    const fix = fixAt(20);
    c.send(gt06Gps(fix, 8));
    await c.waitForReplies(2);
    const [row] = await t.db.db
      .select()
      .from(positions)
      .where(and(eq(positions.vehicleId, vehicleId), eq(positions.fixTime, fix.time)));
    expect(row).toMatchObject({ speed: 72, course: 271, ignition: true, valid: true });
    expect(row!.lat).toBeCloseTo(-6.336, 5);
    expect(row!.lon).toBeCloseTo(107.274, 5);
  });

  it('stores a burst of buffered fixes sent in one packet and acks each', async () => {
    const c = await loggedIn(await listen());
    const burst = [50, 49, 48, 47].map((s, k) => ({ fix: fixAt(s + 100), serial: 20 + k }));
    c.send(Buffer.concat(burst.map((b) => gt06Gps(b.fix, b.serial))));
    await c.waitForReplies(1 + burst.length);
    expect(c.replies.slice(1).map((r) => decodeGt06Frame(r))).toMatchObject(
      burst.map((b) => ({ protocol: 0x22, serial: b.serial })),
    );
    for (const b of burst) expect(await storedAt(b.fix.time)).toBe(1);
  });

  it('answers heartbeats and time requests', async () => {
    const c = await loggedIn(await listen());
    c.send(gt06Heartbeat(9, true));
    await c.waitForReplies(2);
    expect(decodeGt06Frame(c.replies[1]!)).toMatchObject({ protocol: 0x13, serial: 9 });
    c.send(gt06Frame(0x8a, [], 10));
    await c.waitForReplies(3);
    const reply = c.replies[2]!;
    expect(reply[3]).toBe(0x8a);
    const year = 2000 + reply[4]!;
    expect(year).toBe(new Date().getUTCFullYear());
  });

  it('a heartbeat turns the ignition off and on at the latest fix (ACC wire), and the tracking follows', async () => {
    const c = await loggedIn(await listen());
    const fix = { ...fixAt(8), speedKmh: 0 };
    c.send(gt06Gps(fix, 30));
    await c.waitForReplies(2);
    expect(t.app.pipeline.liveState(vehicleId)!.ignition).toBe(true);
    c.send(gt06Heartbeat(31, false));
    await c.waitForReplies(3);
    expect(t.app.pipeline.liveState(vehicleId)).toMatchObject({ ignition: false, fixTime: fix.time });
    expect(t.app.pipeline.trackingItem(vehicleId)).toMatchObject({ ignition: false, motion: 'stopped' });
    // The stored fix now carries the ACC state the heartbeat reported; no second row.
    const [row] = await t.db.db
      .select()
      .from(positions)
      .where(and(eq(positions.vehicleId, vehicleId), eq(positions.fixTime, fix.time)));
    expect(row).toMatchObject({ ignition: false });
    expect(await storedAt(fix.time)).toBe(1);
    c.send(gt06Heartbeat(32, true));
    await c.waitForReplies(4);
    expect(t.app.pipeline.liveState(vehicleId)!.ignition).toBe(true);
    // The same status again changes nothing.
    expect(
      await t.app.pipeline.reportStatus(IMEI_B, { ignition: true, alarm: null }, { protocol: 'gt06' }),
    ).toBe(false);
  });

  it('survives garbage, a corrupt frame and an oversized length, and keeps serving the connection', async () => {
    const port = await listen();
    const c = await loggedIn(port);
    c.send(Buffer.from('GET / HTTP/1.1\r\n\r\n'));
    c.send(Buffer.from('78781f12ffffffff0d0a', 'hex'));
    c.send(Buffer.from([0x78, 0x78, 0x05, 0x22, 0x00, 0x01, 0xde, 0xad, 0x0d, 0x0a])); // body-less: no ack
    c.send(Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 37) & 0xff)));
    const fix = fixAt(15);
    c.send(gt06Gps(fix, 11));
    await c.waitForReplies(2);
    expect(decodeGt06Frame(c.replies.at(-1)!)).toMatchObject({ protocol: 0x22, serial: 11 });
    expect(c.closed).toBe(false);
    // Others are unaffected: a new tracker still gets its login ack.
    const other = await client(port);
    other.send(LOGIN_B.frame);
    await other.waitForReplies(1);
  });

  it('does not ack an unregistered IMEI, notes it, and ignores its positions', async () => {
    const noted: string[] = [];
    const real = t.app.pipeline;
    const port = await listen({
      isKnownTracker: (id) => real.isKnownTracker(id),
      noteUnknownTracker: (id, s) => {
        noted.push(id);
        real.noteUnknownTracker(id, s);
      },
      ingest: (p, s) => real.ingest(p, s),
      close: async () => {},
      reportStatus: async () => false,
    });
    const c = await client(port);
    c.send(LOGIN_A.frame);
    c.send(gt06Gps(fixAt(10), 2));
    await silence(300);
    expect(c.replies).toHaveLength(0);
    expect(noted).toEqual(['123456789012345']);
  });

  it('withholds the ack when storing fails, so the device sends the fix again', async () => {
    const real = t.app.pipeline;
    let failing = true;
    const port = await listen({
      isKnownTracker: (id) => real.isKnownTracker(id),
      noteUnknownTracker: () => {},
      ingest: (p, s) => (failing ? Promise.reject(new Error('database down')) : real.ingest(p, s)),
      close: async () => {},
      reportStatus: async () => false,
    });
    const c = await loggedIn(port);
    const fix = fixAt(5);
    c.send(gt06Gps(fix, 12));
    await silence(300);
    expect(c.replies).toHaveLength(1);
    failing = false;
    c.send(gt06Gps(fix, 12)); // the device resends
    await c.waitForReplies(2);
    expect(await storedAt(fix.time)).toBe(1);
  });

  it('closes idle peers and refuses connections beyond the cap', async () => {
    const server = createGt06Server({
      pipeline: t.app.pipeline,
      logger: t.app.log,
      idleTimeoutMs: 200,
      maxConnections: 1,
    });
    servers.push(server);
    const { port } = await server.listen(0, '127.0.0.1');
    const first = await client(port);
    const second = await client(port);
    await silence(100);
    expect(second.closed).toBe(true);
    await silence(300);
    expect(first.closed).toBe(true);
  });
});
