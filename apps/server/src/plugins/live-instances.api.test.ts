import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { liveMessage, type LiveMessage } from '@pantau/contracts';
import type { Database } from '../db/client.js';
import { fix, secondsAgo, vehiclesOf } from '../test/positions.js';
import { createTestDatabase } from '../test/test-db.js';
import { signIn, startTestApp, UNIT, type TestApp } from '../test/test-app.js';
import { LISTENER_NAME, LIVE_CHANNEL } from './live-bus.js';
import { decodeLiveEvents } from './live-codec.js';
import type { LiveEvent } from './live-events.js';

// Two instances on one PostgreSQL database share live updates through LISTEN/NOTIFY; on PGlite there
// is one process and nothing to share.
const onPostgres = Boolean(process.env.PANTAU_TEST_DATABASE_URL);
const source = { protocol: 'simulator' as const };

let database: Database;
let a: TestApp;
let b: TestApp;
let operator: string;
let fleet: Awaited<ReturnType<typeof vehiclesOf>>;

/** A socket of Sunter's operator on `app`, collecting its messages and how it closed. */
function open(app: TestApp) {
  const socket = new WebSocket(`${app.url.replace('http', 'ws')}/api/live?unitId=${UNIT.sunter}&role=User`, {
    headers: { authorization: `Bearer ${operator}` },
  });
  const messages: LiveMessage[] = [];
  let closedWith: number | null = null;
  socket.on('message', (data) => messages.push(liveMessage.parse(JSON.parse(String(data)))));
  socket.on('close', (code) => (closedWith = code));
  const hello = new Promise<void>((resolve) => socket.once('message', () => resolve()));
  /** Every item of `vehicleId` pushed so far. */
  const itemsOf = (vehicleId: number) =>
    messages.flatMap((m) =>
      m.type === 'positions' ? m.data.filter((i) => i.kendaraanId === vehicleId) : [],
    );
  return { socket, messages, hello, itemsOf, closedWith: () => closedWith };
}

describe.skipIf(!onPostgres)(
  'live updates across two instances on one PostgreSQL (PostgreSQL runs only)',
  () => {
    beforeAll(async () => {
      database = await createTestDatabase();
      const deps = { telemetry: { tickMs: 0, flushMs: 100 } };
      a = await startTestApp({ db: database, deps });
      b = await startTestApp({ db: database, deps });
      operator = await signIn(a.url, 'operator');
      fleet = await vehiclesOf(database, UNIT.sunter);
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await database?.close();
    });

    it('a socket on either instance gets every vehicle’s change and notification once, whichever instance stored it', async () => {
      const onA = open(a);
      const onB = open(b);
      await Promise.all([onA.hello, onB.hello]);
      const [v1, v2] = [fleet[0]!, fleet[1]!];
      const now = Date.now();
      await a.app.pipeline.ingest([fix(v1.trackerId, secondsAgo(70, now), { speedKmh: 61 })], source);
      await b.app.pipeline.ingest([fix(v2.trackerId, secondsAgo(70, now), { speedKmh: 62 })], source);
      for (const c of [onA, onB])
        await expect
          .poll(() => [
            c.itemsOf(v1.vehicleId).map((i) => i.speed),
            c.itemsOf(v2.vehicleId).map((i) => i.speed),
          ])
          .toEqual([[61], [62]]);

      // An over-speed found by B's pipeline is a notification on both.
      await b.app.pipeline.ingest(
        [95, 96, 97, 98, 99].map((s, k) => fix(v2.trackerId, secondsAgo(60 - k * 10, now), { speedKmh: s })),
        source,
      );
      const notes = (c: ReturnType<typeof open>) =>
        c.messages.flatMap((m) =>
          m.type === 'notification' && m.data.vehicle === v2.plate ? [m.data.event] : [],
        );
      for (const c of [onA, onB]) await expect.poll(() => notes(c)).toEqual(['overspeed']);
      // Each change once: no item came twice (an instance never hears its own messages back).
      await new Promise((r) => setTimeout(r, 600));
      for (const c of [onA, onB]) {
        expect(c.itemsOf(v1.vehicleId)).toHaveLength(1);
        expect(c.itemsOf(v2.vehicleId).map((i) => i.speed)).toEqual([62, 99]);
        expect(notes(c)).toEqual(['overspeed']);
      }
      onA.socket.close();
      onB.socket.close();
    });

    it('a change of dashboard group stored by one instance sends the summary on the other', async () => {
      const onB = open(b);
      await onB.hello;
      const v = fleet[3]!;
      const summaries = () => onB.messages.filter((m) => m.type === 'summary').length;
      await a.app.pipeline.ingest(
        [fix(v.trackerId, secondsAgo(40), { ignition: true, speedKmh: 30 })],
        source,
      );
      await expect.poll(() => onB.itemsOf(v.vehicleId).length).toBe(1);
      await new Promise((r) => setTimeout(r, 300));
      const before = summaries();
      // Ignition off: the vehicle leaves the "ignition on" group.
      await a.app.pipeline.ingest(
        [fix(v.trackerId, secondsAgo(30), { ignition: false, speedKmh: 0 })],
        source,
      );
      await expect.poll(summaries).toBeGreaterThan(before);
      onB.socket.close();
    });

    it('when the listening connections are cut, sockets are closed for their clients to resynchronise, and updates flow again', async () => {
      const onA = open(a);
      const onB = open(b);
      await Promise.all([onA.hello, onB.hello]);
      await database.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${LISTENER_NAME} AND datname = current_database()`,
      );
      await expect
        .poll(() => [onA.closedWith(), onB.closedWith()], { timeout: 10_000 })
        .toEqual([1012, 1012]);

      const again = [open(a), open(b)];
      await Promise.all(again.map((c) => c.hello));
      const v3 = fleet[2]!;
      await a.app.pipeline.ingest([fix(v3.trackerId, secondsAgo(5), { speedKmh: 33 })], source);
      for (const c of again)
        await expect.poll(() => c.itemsOf(v3.vehicleId).map((i) => i.speed)).toEqual([33]);
      for (const c of again) c.socket.close();
    });
  },
);

describe.skipIf(!onPostgres)('an instance alone on its PostgreSQL (PostgreSQL runs only)', () => {
  let db: Database;
  let alone: TestApp;
  beforeAll(async () => {
    db = await createTestDatabase();
    alone = await startTestApp({ db, deps: { telemetry: { tickMs: 0, flushMs: 100 } } });
  });
  afterAll(async () => {
    await alone?.close();
    await db?.close();
  });

  it('sends no positions to the channel until another instance listens, and its notifications always', async () => {
    const [v1, v2] = await vehiclesOf(db, UNIT.sunter);
    // A connection that hears the channel without being an instance; later it names itself as one.
    const observer = db.newClient!();
    const heard: LiveEvent[] = [];
    observer.on('notification', (m) => {
      if (m.channel === LIVE_CHANNEL && m.payload) heard.push(...(decodeLiveEvents(m.payload)?.events ?? []));
    });
    await observer.connect();
    try {
      await observer.query(`LISTEN ${LIVE_CHANNEL}`);
      const now = Date.now();
      await alone.app.pipeline.ingest(
        [95, 96, 97, 98, 99].map((s, k) => fix(v1!.trackerId, secondsAgo(60 - k * 10, now), { speedKmh: s })),
        source,
      );
      await expect.poll(() => heard.filter((e) => e.type === 'notification').length).toBe(1);
      await new Promise((r) => setTimeout(r, 400));
      expect(heard.filter((e) => e.type === 'positions')).toEqual([]);

      await observer.query(`SET application_name = '${LISTENER_NAME}'`);
      await alone.app.pipeline.ingest([fix(v2!.trackerId, secondsAgo(5), { speedKmh: 44 })], source);
      await expect
        .poll(() =>
          heard.flatMap((e) => (e.type === 'positions' ? e.items.map((i) => [i.kendaraanId, i.speed]) : [])),
        )
        .toEqual([[v2!.vehicleId, 44]]);
    } finally {
      await observer.end();
    }
  });
});
