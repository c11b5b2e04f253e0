import { readFileSync } from 'node:fs';
import { and, count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeGt06Frame, gt06Ack, gt06ExtendedAck } from '@pantau/protocols';
import { positions, unknownTrackers, vehicles } from '../db/schema/index.js';
import { gt06Frame, gt06Gps, gt06Heartbeat, gt06Login, Gt06TestClient } from '../test/gt06-client.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { createGt06Server, type Gt06Server } from './gt06-server.js';
import type { Pipeline } from './types.js';

/** Frames captured from devices (shared fixture table): name → hex and expected ack. */
const fixtures = new Map(
  readFileSync(
    new URL('../../../../packages/protocols/src/test-support/gt06-frames.tsv', import.meta.url),
    'utf8',
  )
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

/**
 * Fix-carrying variants as devices in the field send them (hex as published in Traccar's
 * `Gt06ProtocolDecoderTest.java` unless noted), with the fix time and the answer they expect.
 */
const fixVariants: { name: string; hex: string; fixTime: string; answer: 'ack' | 'extended' | string }[] = [
  {
    name: '0x32 extended (AZ735)',
    hex: '7979004A321106170C1B180CC900A875580B7AB4F00010350901FE0A007C0009112424007C000912240081004EFE2100C500100F1200000000000000000000000000000000000000000000BC7C900D0A',
    fixTime: '2017-06-23T12:27:24Z',
    answer: 'extended',
  },
  {
    name: '0x34 (X1)',
    hex: '78783C340000000011061809130C0903107D2408488A5800144C00000000000001940B00B1000047FF000000000500018F42210000000100050003010B69450D0A',
    fixTime: '2017-06-24T09:19:12Z',
    answer: 'ack',
  },
  {
    name: '0x70 extended (modular)',
    hex: '797900A87000000001020035000100003300125D62BF3A0800E804B5994308814A87001D5D00340006115D62BF29000011000A012E02620000000000000001000803537601000129800002000803102608593397620003000A8901260852293397626600180002017D002B000116002C00045D6278EA0009000108000A00010B002800010B002E00040000F0C1002A00010000290004000000BE0030000A000100B4000A00B402D00006C5490D0A',
    fixTime: '2019-08-25T17:02:50Z',
    answer: 'ack',
  },
  {
    name: '0x95 (JC100 alarm with a fix)',
    hex: '78788B95140A060E2208055D4A800209D9C014C59100004556454E545F3335333337363131303032333139365F30303030303030305F323032305F31305F30365F31365F33345F30385F33322E6D70342C4556454E545F3335333337363131303032333139365F30303030303030305F323032305F31305F30365F31365F33345F30385F33312E6D70340000DA360D0A',
    fixTime: '2020-10-06T14:34:08Z',
    answer: 'ack',
  },
  {
    name: '0xA4 (GK310 multi-fence)',
    hex: '78782EA4110C0C02281BF6026C18720C38D22800149C1181CC00010000260E000000000615F8012C05041102FF001058FD0D0A',
    fixTime: '2017-12-12T02:40:27Z',
    answer: 'ack',
  },
  {
    name: '0x16 with a zero-length cell block and zero padding',
    hex: '78784A1614051C150204EC02777E560C2A2A2A5314AF000000000000040000000000000000000000000000000000000000000000000000000000000000000000000000007E061B0982004B24C00D0A',
    fixTime: '2020-05-28T21:02:04Z',
    answer: 'ack',
  },
  {
    name: '0x37 (GPS+LBS with modules)',
    hex: '7878353714080D05000AC500A886EB0B7522F000100001FE0A05EA004F1B000001002E0400002328003B0217C0003C0401020001002C468A0D0A',
    fixTime: '2020-08-13T05:00:10Z',
    answer: 'ack',
  },
  {
    name: '0x1E (GPS+LBS extend)',
    hex: '7878471E0E03110B0511C501C664FD074DB73F0218A602E003433A002FED40433A0056E14E433A0056104E433A0056FD53433A002EED55433A007E4B57433A002EE25AFF00020120F6720D0A',
    fixTime: '2014-03-17T11:05:17Z',
    answer: 'ack',
  },
  {
    name: '0x2A address request (answered with an empty address)',
    hex: '78782E2A0F0C1D071139CA027AC8000C4658000014D83132353230313335333231373730373900000000000001002A6ECE0D0A',
    fixTime: '2015-12-29T07:17:57Z',
    answer: '79790015970B000000004E4126264E4126263023230000E61E0D0A',
  },
  {
    name: '0x22 SeeWorld, 4-byte cell id (built from the reference layout)',
    hex: '78782F22180511030405C900AA49C00B75CE382A105A01FE0A1234000123450100000001E24000000E100A281770000747E80D0A',
    fixTime: '2024-05-17T03:04:05Z',
    answer: 'ack',
  },
];

describe('GT06 variants over TCP', () => {
  /** The app's pipeline, noting for each store how many replies the client had when it completed. */
  function recording(getClient: () => Gt06TestClient | undefined) {
    const real = t.app.pipeline;
    const repliesAtStore: number[] = [];
    const pipeline: Pipeline = {
      isKnownTracker: (id) => real.isKnownTracker(id),
      noteUnknownTracker: (id, s) => real.noteUnknownTracker(id, s),
      reportStatus: (id, st, s) => real.reportStatus(id, st, s),
      close: async () => {},
      ingest: async (p, s) => {
        const result = await real.ingest(p, s);
        repliesAtStore.push(getClient()?.replies.length ?? -1);
        return result;
      },
    };
    return { pipeline, repliesAtStore };
  }

  it('stores the fix of every variant first, then acks it with the answer the device expects', async () => {
    const connection: { client?: Gt06TestClient } = {};
    const { pipeline, repliesAtStore } = recording(() => connection.client);
    const c = (connection.client = await loggedIn(await listen(pipeline)));
    for (const [i, v] of fixVariants.entries()) {
      const frame = Buffer.from(v.hex, 'hex');
      c.send(frame);
      await c.waitForReplies(2 + i);
      expect(await storedAt(new Date(v.fixTime)), v.name).toBe(1);
      // The store completed while the client still had only the replies before this frame's ack.
      expect(repliesAtStore[i], v.name).toBe(1 + i);
      const message = decodeGt06Frame(frame);
      if (message.kind === 'malformed') throw new Error(v.name);
      const expected =
        v.answer === 'ack'
          ? gt06Ack(message.protocol, message.serial)
          : v.answer === 'extended'
            ? gt06ExtendedAck(message.protocol, message.serial)
            : Buffer.from(v.answer, 'hex');
      expect(c.replies[1 + i]!.toString('hex'), v.name).toBe(Buffer.from(expected).toString('hex'));
    }
  });

  it('never acks a frame of an unknown kind (nothing stored), and answers what follows', async () => {
    const c = await loggedIn(await listen());
    c.send(Buffer.from('78780D1F000000000000000200B196A20D0A', 'hex')); // 0x1F: unknown short frame
    c.send(Buffer.from('79790008EE0B02E3048614200D0A', 'hex')); // unknown extended number
    c.send(gt06Frame(0x42, [0x01, 0x02, 0x03], 44)); // another unknown number, well framed
    c.send(gt06Heartbeat(45, true));
    await c.waitForReplies(2);
    await silence(200);
    expect(c.replies).toHaveLength(2);
    expect(decodeGt06Frame(c.replies[1]!)).toMatchObject({ protocol: 0x13, serial: 45 });
  });

  it('answers a WiFi report (length byte 0) with its own time, and stores nothing for it', async () => {
    const c = await loggedIn(await listen());
    c.send(Buffer.from('787800171710231108290200CC080C4E2FA5640C4E2FA5640D0A', 'hex'));
    await c.waitForReplies(2);
    expect(c.replies[1]!.toString('hex').toUpperCase()).toBe('787800171710231108290D0A');
  });

  it('stores the fix of a frame whose length byte does not match, then acks it', async () => {
    const c = await loggedIn(await listen());
    const fix = fixAt(25);
    const frame = gt06Gps(fix, 51);
    frame[2] = frame[2]! - 3; // a length byte 3 short of the frame
    c.send(frame);
    await c.waitForReplies(2);
    expect(await storedAt(fix.time)).toBe(1);
    expect(decodeGt06Frame(c.replies[1]!)).toMatchObject({ protocol: 0x22, serial: 51 });
  });

  /** 78 78 0D 01 <IMEI in BCD> 34 0D 0A: a login whose length byte claims 3 bytes more than sent. */
  const shortLogin = Buffer.concat([
    Buffer.from('78780D01', 'hex'),
    Buffer.from(`0${IMEI_B}`, 'hex'),
    Buffer.from('340D0A', 'hex'),
  ]);

  it('answers a login cut short at once, and does not stall the bytes that follow', async () => {
    const alone = await client(await listen());
    alone.send(shortLogin);
    await alone.waitForReplies(1);
    expect(decodeGt06Frame(alone.replies[0]!)).toMatchObject({ kind: 'unknown', protocol: 0x01 });

    const c = await client(await listen());
    const fix = fixAt(35);
    // The login arrives in two pieces, the second together with a fix.
    c.send(shortLogin.subarray(0, 6));
    await silence(50);
    c.send(Buffer.concat([shortLogin.subarray(6), gt06Gps(fix, 52)]));
    await c.waitForReplies(2);
    expect(decodeGt06Frame(c.replies[0]!)).toMatchObject({ protocol: 0x01 });
    expect(decodeGt06Frame(c.replies[1]!)).toMatchObject({ protocol: 0x22, serial: 52 });
    expect(await storedAt(fix.time)).toBe(1);
  });

  it('answers a frame whose length byte claims more than was sent once the device goes quiet', async () => {
    const server = createGt06Server({ pipeline: t.app.pipeline, logger: t.app.log, quietFlushMs: 100 });
    servers.push(server);
    const c = await loggedIn((await server.listen(0, '127.0.0.1')).port);
    const fix = fixAt(45);
    const frame = gt06Gps(fix, 53);
    frame[2] = frame[2]! + 8; // claims 8 bytes more than it has
    c.send(frame);
    await c.waitForReplies(2);
    expect(await storedAt(fix.time)).toBe(1);
    expect(decodeGt06Frame(c.replies[1]!)).toMatchObject({ protocol: 0x22, serial: 53 });
  });

  it('survives random bytes and misframed frames between real ones (fuzz), acking every stored fix', async () => {
    const port = await listen();
    let secondsAgo = 3_000;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.uint8Array({ maxLength: 200 }), fc.constant(null)), { maxLength: 6 }),
        async (pieces) => {
          const c = await loggedIn(port);
          const fix = fixAt((secondsAgo += 1));
          const junk = pieces.map((p) =>
            p === null ? Buffer.from('78781F12FFFFFFFF0D0A', 'hex') : Buffer.from(p),
          );
          // Junk can leave a frame start waiting for its terminator: the real frame ends it, or the next.
          c.send(Buffer.concat([...junk, Buffer.from('0D0A', 'hex'), gt06Gps(fix, 60), gt06Heartbeat(61)]));
          await c.waitForReplies(3, 10_000);
          expect(decodeGt06Frame(c.replies[1]!)).toMatchObject({ protocol: 0x22, serial: 60 });
          expect(await storedAt(fix.time)).toBe(1);
          expect(c.closed).toBe(false);
          c.close();
        },
      ),
      { numRuns: 25 },
    );
    const after = await loggedIn(port);
    expect(after.replies).toHaveLength(1);
  });
});

describe('a flood of unregistered IMEIs', () => {
  it('grows neither the unregistered list nor the log without bound (5,000 random ids)', async () => {
    const rowsOf = async () => (await t.db.db.select({ n: count() }).from(unknownTrackers))[0]!.n;
    const before = await rowsOf();
    const logsBefore = t.logs.length;
    const c = await client(await listen());
    const imeis = Array.from({ length: 5_000 }, (_, k) => String(860_000_000_000_000 + k * 7_919));
    c.send(Buffer.concat(imeis.map((imei, k) => gt06Login(imei, k))));
    // Then a registered tracker on the same connection: its login ack and stored fix follow the flood.
    const fix = fixAt(55);
    c.send(Buffer.concat([LOGIN_B.frame, gt06Gps(fix, 70)]));
    await c.waitForReplies(2, 20_000);
    expect(c.replies).toHaveLength(2);
    expect(await storedAt(fix.time)).toBe(1);
    // The batch that stored the fix recorded the unregistered ids first.
    const added = (await rowsOf()) - before;
    expect(added).toBeGreaterThan(0);
    expect(added).toBeLessThanOrEqual(200);
    const lines = t.logs.slice(logsBefore).filter((l) => String(l.msg).includes('unregistered'));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThanOrEqual(6);
  });
});
