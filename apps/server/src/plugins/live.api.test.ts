import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sql } from 'drizzle-orm';
import { liveMessage, type LiveMessage, type TrackingItem } from '@pantau/contracts';
import { fix, secondsAgo, vehiclesOf } from '../test/positions.js';
import { call, signIn, startTestApp, UNIT, type TestApp } from '../test/test-app.js';

let t: TestApp;
let operator: string;
let fleet: Awaited<ReturnType<typeof vehiclesOf>>;
const source = { protocol: 'simulator' as const };

beforeAll(async () => {
  t = await startTestApp({
    deps: { telemetry: { tickMs: 0, flushMs: 100, snapshotWaitMs: 1500, sessionCheckMs: 500 } },
  });
  operator = await signIn(t.url, 'operator');
  fleet = await vehiclesOf(t.db, UNIT.sunter);
});
afterAll(() => t?.close());

const wsUrl = (query = '') => `${t.url.replace('http', 'ws')}/api/live${query}`;

/** Opens a socket and collects its messages (parsed with the contract). */
function open(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { headers });
  const messages: LiveMessage[] = [];
  socket.on('message', (data) => messages.push(liveMessage.parse(JSON.parse(String(data)))));
  const until = async <T extends LiveMessage['type']>(
    type: T,
    match: (m: Extract<LiveMessage, { type: T }>) => boolean = () => true,
  ) => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = messages.find((m) => m.type === type && match(m as Extract<LiveMessage, { type: T }>));
      if (found) return found as Extract<LiveMessage, { type: T }>;
      if (Date.now() > deadline) throw new Error(`no ${type} message; got ${JSON.stringify(messages)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { socket, messages, until };
}

/** The HTTP status the upgrade was refused with. */
const refusal = (url: string, headers: Record<string, string> = {}) =>
  new Promise<number>((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
    socket.on('open', () => reject(new Error('the socket opened')));
    socket.on('error', () => undefined);
  });

describe('GET /api/live', () => {
  it('refuses an upgrade from a page of another site (403); its own origin and non-browser clients connect', async () => {
    const query = `?unitId=${UNIT.sunter}&role=User`;
    const auth = { authorization: `Bearer ${operator}` };
    expect(await refusal(wsUrl(query), { ...auth, origin: 'https://evil.example' })).toBe(403);
    expect(await refusal(wsUrl(query), { ...auth, origin: 'null' })).toBe(403);
    for (const headers of [{ ...auth, origin: t.url }, auth]) {
      const { socket, until } = open(wsUrl(query), headers);
      await until('hello');
      socket.close();
    }
  });

  it('refuses a socket without a token (401) or without a role the user holds (403)', async () => {
    expect(await refusal(wsUrl(`?unitId=${UNIT.sunter}&role=User`))).toBe(401);
    expect(await refusal(wsUrl(), { authorization: `Bearer ${operator}` })).toBe(403);
    expect(
      await refusal(wsUrl(`?unitId=${UNIT.karawang}&role=User`), { authorization: `Bearer ${operator}` }),
    ).toBe(403);
  });

  it('says hello, then pushes changed vehicles, a fresh over-speed and the summary', async () => {
    const c = open(wsUrl(`?unitId=${UNIT.sunter}&role=User`), { authorization: `Bearer ${operator}` });
    const hello = await c.until('hello');
    expect(hello.data.unitId).toBe(UNIT.sunter);

    const v = fleet[0]!;
    const now = Date.now();
    await t.app.pipeline.ingest(
      [50, 80, 95, 96, 97, 98].map((s, k) => fix(v.trackerId, secondsAgo(60 - k * 10, now), { speedKmh: s })),
      source,
    );
    const positions = await c.until('positions', (m) => m.data.some((i) => i.kendaraanId === v.vehicleId));
    expect(positions.data.find((i) => i.kendaraanId === v.vehicleId)).toMatchObject({
      speed: 98,
      gpsStatus: 'on',
    });
    const note = await c.until('notification');
    expect(note.data).toMatchObject({ event: 'overspeed', vehicle: v.plate });
    const summary = await c.until('summary');
    expect(summary.data.gpsOn.results).toContain(v.vehicleId);
    c.socket.close();
  });

  it('sends nothing of a deactivated vehicle: neither its moves nor its over speed', async () => {
    const c = open(wsUrl(`?unitId=${UNIT.sunter}&role=User`), { authorization: `Bearer ${operator}` });
    await c.until('hello');
    const off = fleet.find((v) => !v.aktif)!;
    const on = fleet.filter((v) => v.aktif).at(-1)!;
    const now = Date.now();
    const speeding = (trackerId: string) =>
      [50, 80, 95, 96, 97, 98].map((s, k) => fix(trackerId, secondsAgo(60 - k * 10, now), { speedKmh: s }));
    await t.app.pipeline.ingest(speeding(off.trackerId), source);
    await t.app.pipeline.ingest(speeding(on.trackerId), source);
    // The vehicle in service's move and over speed arrive; by then the deactivated one's would have too
    // (and nothing of this test is left to reach the next test's socket).
    await c.until('positions', (m) => m.data.some((i) => i.kendaraanId === on.vehicleId));
    await c.until('notification', (m) => m.data.vehicle === on.plate);
    expect(c.messages.some((m) => m.type === 'notification' && m.data.vehicle === off.plate)).toBe(false);
    expect(
      c.messages.some((m) => m.type === 'positions' && m.data.some((i) => i.kendaraanId === off.vehicleId)),
    ).toBe(false);
    c.socket.close();
  });

  it('accepts the browser’s cookies and never sends another unit’s vehicles', async () => {
    const c = open(wsUrl(), { cookie: `token=${operator}; role_unit=${UNIT.sunter}; role_user=User` });
    await c.until('hello');
    const karawang = await vehiclesOf(t.db, UNIT.karawang);
    await t.app.pipeline.ingest([fix(karawang[0]!.trackerId, secondsAgo(3))], source);
    await t.app.pipeline.ingest([fix(fleet[1]!.trackerId, secondsAgo(3))], source);
    const positions = await c.until('positions');
    expect(positions.data.map((i) => i.kendaraanId)).toEqual([fleet[1]!.vehicleId]);
    c.socket.close();
  });
  it('compresses messages with permessage-deflate for clients that offer it, and not for others', async () => {
    const auth = { authorization: `Bearer ${operator}` };
    const deflating = open(wsUrl(`?unitId=${UNIT.sunter}&role=User`), auth);
    const plain = new WebSocket(wsUrl(`?unitId=${UNIT.sunter}&role=User`), {
      headers: auth,
      perMessageDeflate: false,
    });
    const plainMessages: LiveMessage[] = [];
    plain.on('message', (data) => plainMessages.push(liveMessage.parse(JSON.parse(String(data)))));
    const plainOpen = new Promise((resolve) => plain.once('open', resolve));
    await deflating.until('hello');
    await plainOpen;
    expect(deflating.socket.extensions).toContain('permessage-deflate');
    expect(plain.extensions).toBe('');

    // Every vehicle of the unit moves: one positions message well over the 1 KB threshold. The
    // deactivated ones' trackers are still heard, but the live views show the vehicles in service only.
    await t.app.pipeline.ingest(
      fleet.map((v) => fix(v.trackerId, secondsAgo(2))),
      source,
    );
    const inService = fleet.filter((v) => v.aktif);
    expect(inService.length).toBeLessThan(fleet.length);
    const ids = inService.map((v) => v.vehicleId).sort((a, b) => a - b);
    const all = (m: Extract<LiveMessage, { type: 'positions' }>) => m.data.length === inService.length;
    const got = await deflating.until('positions', all);
    expect(got.data.map((i) => i.kendaraanId).sort((a, b) => a - b)).toEqual(ids);
    const deadline = Date.now() + 5000;
    while (!plainMessages.some((m) => m.type === 'positions' && all(m)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    const plainGot = plainMessages.find((m) => m.type === 'positions' && all(m));
    expect(plainGot).toEqual(got);
    deflating.socket.close();
    plain.close();
  });

  it('with changes=1 sends a vehicle whole once, then only the fields that changed; other sockets get whole items', async () => {
    const auth = { authorization: `Bearer ${operator}` };
    const query = `?unitId=${UNIT.sunter}&role=User`;
    const changes = open(wsUrl(`${query}&changes=1`), auth);
    const whole = open(wsUrl(query), auth);
    await changes.until('hello');
    await whole.until('hello');
    const v = fleet[2]!;
    // Newer than the fixes of the tests before (a late fix takes another way).
    const now = Date.now();
    const of = (m: { data: { kendaraanId: number }[] }) => m.data.some((i) => i.kendaraanId === v.vehicleId);

    await t.app.pipeline.ingest(
      [fix(v.trackerId, secondsAgo(0.9, now), { lat: -6.31, speedKmh: 30 })],
      source,
    );
    const first = await changes.until('positions', of);
    expect(first.data.find((i) => i.kendaraanId === v.vehicleId)).toMatchObject({ lat: -6.31, speed: 30 });
    await whole.until('positions', of);

    await t.app.pipeline.ingest(
      [fix(v.trackerId, secondsAgo(0.6, now), { lat: -6.32, speedKmh: 30 })],
      source,
    );
    const moves = await changes.until('moves', of);
    const patch = moves.data.find((i) => i.kendaraanId === v.vehicleId)!;
    expect(patch).toMatchObject({ lat: -6.32, fixTime: secondsAgo(0.6, now).toISOString() });
    // What did not change is not sent again.
    expect(patch).not.toHaveProperty('nomorPolisi');
    expect(patch).not.toHaveProperty('speed');
    expect(changes.messages.filter((m) => m.type === 'positions' && of(m))).toHaveLength(1);
    // A socket without the option gets the whole item every time.
    const second = await whole.until('positions', (m) =>
      m.data.some((i) => i.kendaraanId === v.vehicleId && i.lat === -6.32),
    );
    expect(second.data.find((i) => i.kendaraanId === v.vehicleId)).toMatchObject({
      nomorPolisi: v.plate,
      speed: 30,
    });
    expect(whole.messages.some((m) => m.type === 'moves')).toBe(false);

    // A socket that opens later gets the vehicle whole first, though the others had it already.
    const late = open(wsUrl(`${query}&changes=1`), auth);
    await late.until('hello');
    await t.app.pipeline.ingest(
      [fix(v.trackerId, secondsAgo(0.3, now), { lat: -6.33, speedKmh: 30 })],
      source,
    );
    const lateFirst = await late.until('positions', of);
    expect(lateFirst.data.find((i) => i.kendaraanId === v.vehicleId)).toMatchObject({
      nomorPolisi: v.plate,
      lat: -6.33,
    });
    await changes.until('moves', (m) => m.data.some((i) => i.kendaraanId === v.vehicleId && i.lat === -6.33));
    for (const c of [changes, whole, late]) c.socket.close();
  });

  it('builds a moved vehicle’s item when a flush sends it: once, from its last move, and not for a unit nobody watches', async () => {
    const auth = { authorization: `Bearer ${operator}` };
    const socket = open(wsUrl(`?unitId=${UNIT.sunter}&role=User`), auth);
    await socket.until('hello');
    const v = fleet[3]!;
    const built: string[] = [];
    const moved = (name: string, unitId: number, lat: number) => {
      let item: TrackingItem | undefined;
      const build = () => {
        built.push(name);
        return { ...t.app.pipeline.trackingItem(v.vehicleId)!, lat };
      };
      t.app.liveHub.publish({
        type: 'moved',
        unitId,
        vehicles: [{ kendaraanId: v.vehicleId, item: () => (item ??= build()) }],
      });
    };
    moved('first', UNIT.sunter, -6.401);
    moved('second', UNIT.sunter, -6.402);
    moved('elsewhere', UNIT.sunter + 1000, -6.403);
    const sent = await socket.until('positions', (m) => m.data.some((i) => i.lat === -6.402));
    expect(sent.data.filter((i) => i.kendaraanId === v.vehicleId)).toHaveLength(1);
    // Another flush goes by: nothing was built again, nor for the unit without sockets.
    await new Promise((r) => setTimeout(r, 250));
    expect(built).toEqual(['second']);
    socket.socket.close();
  });

  it('with snapshot=1 sends no vehicle until the socket names its snapshot, then only what changed from it', async () => {
    const auth = { authorization: `Bearer ${operator}` };
    const asUser = { unitId: UNIT.sunter, role: 'User' };
    const query = `?unitId=${UNIT.sunter}&role=User&changes=1`;
    const v = fleet[4]!;
    const now = Date.now();
    const of = (m: { data: { kendaraanId: number }[] }) => m.data.some((i) => i.kendaraanId === v.vehicleId);
    await t.app.pipeline.ingest(
      [fix(v.trackerId, secondsAgo(0.9, now), { lat: -6.301, speedKmh: 40 })],
      source,
    );
    // The app asks for its snapshot before its socket is open.
    const { json } = await call(t.url, '/api/tracking?live=1', { token: operator, role: asUser });
    const snapshot = json as { count: number; results: TrackingItem[]; snapshot?: string };
    expect(snapshot.snapshot).toMatch(/^[0-9a-f-]{36}$/);
    expect(snapshot.results).toHaveLength(snapshot.count);
    expect(snapshot.results.find((i) => i.kendaraanId === v.vehicleId)).toMatchObject({ lat: -6.301 });
    // Without live=1, or for a page, no token.
    expect((await call(t.url, '/api/tracking', { token: operator, role: asUser })).json).not.toHaveProperty(
      'snapshot',
    );
    const paged = await call(t.url, '/api/tracking?live=1&Take=10', { token: operator, role: asUser });
    expect(paged.json).not.toHaveProperty('snapshot');

    // A move between the snapshot and the socket: kept for it.
    await t.app.pipeline.ingest(
      [fix(v.trackerId, secondsAgo(0.6, now), { lat: -6.302, speedKmh: 40 })],
      source,
    );
    const named = open(wsUrl(`${query}&snapshot=1`), auth);
    const unnamed = open(wsUrl(`${query}&snapshot=1`), auth);
    const stranger = open(wsUrl(`${query}&snapshot=1`), auth);
    await Promise.all([named.until('hello'), unnamed.until('hello'), stranger.until('hello')]);
    await new Promise((r) => setTimeout(r, 300));
    const vehiclesIn = (c: ReturnType<typeof open>) =>
      c.messages.filter((m) => (m.type === 'positions' || m.type === 'moves') && of(m));
    expect(vehiclesIn(named)).toEqual([]);

    named.socket.send(JSON.stringify({ type: 'snapshot', token: snapshot.snapshot }));
    stranger.socket.send(JSON.stringify({ type: 'snapshot', token: '00000000-0000-0000-0000-000000000000' }));
    // What changed since the snapshot comes at once, as changes.
    const caughtUp = await named.until('moves', of);
    const patch = caughtUp.data.find((i) => i.kendaraanId === v.vehicleId)!;
    expect(patch).toMatchObject({ lat: -6.302 });
    expect(patch).not.toHaveProperty('nomorPolisi');

    await t.app.pipeline.ingest(
      [fix(v.trackerId, secondsAgo(0.3, now), { lat: -6.303, speedKmh: 41 })],
      source,
    );
    await named.until('moves', (m) => m.data.some((i) => i.kendaraanId === v.vehicleId && i.lat === -6.303));
    expect(named.messages.some((m) => m.type === 'positions' && of(m))).toBe(false);
    // A token this server did not answer: the vehicle comes whole.
    const whole = await stranger.until('positions', of);
    expect(whole.data.find((i) => i.kendaraanId === v.vehicleId)).toMatchObject({
      nomorPolisi: v.plate,
      lat: -6.303,
    });
    // A socket that never names one gets vehicles whole once it stops waiting.
    expect(vehiclesIn(unnamed)).toEqual([]);
    await new Promise((r) => setTimeout(r, 1500));
    await t.app.pipeline.ingest(
      [fix(v.trackerId, secondsAgo(0, now), { lat: -6.304, speedKmh: 42 })],
      source,
    );
    const late = await unnamed.until('positions', of);
    expect(late.data.find((i) => i.kendaraanId === v.vehicleId)).toMatchObject({ nomorPolisi: v.plate });
    // Naming a snapshot after that changes nothing.
    unnamed.socket.send(JSON.stringify({ type: 'snapshot', token: snapshot.snapshot }));
    for (const c of [named, unnamed, stranger]) c.socket.close();
  });
});

describe('a live socket whose session ends while it is open', () => {
  const admin = { unitId: UNIT.sunter, role: 'Administrator' };
  /** A new User of the unit, signed in: their id and token. */
  async function newUser(name: string) {
    const adminToken = await signIn(t.url, 'admin');
    const username = `${name}${Date.now() % 1_000_000}`;
    const made = await call(t.url, '/api/users', {
      token: adminToken,
      role: admin,
      body: { username, email: `${username}@example.test`, password: 'rahasia-123', role: 'User' },
    });
    expect(made.status).toBe(201);
    return {
      userId: made.json.userId as number,
      token: await signIn(t.url, username, 'rahasia-123'),
      adminToken,
    };
  }
  const closed = (socket: WebSocket) =>
    new Promise<{ code: number; reason: string }>((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );

  it('closes with 4401 once its token signs out, and leaves the other sockets open', async () => {
    const { token } = await newUser('live-out');
    const mine = open(wsUrl(`?unitId=${UNIT.sunter}&role=User`), { authorization: `Bearer ${token}` });
    const other = open(wsUrl(`?unitId=${UNIT.sunter}&role=User`), { authorization: `Bearer ${operator}` });
    await Promise.all([mine.until('hello'), other.until('hello')]);
    const end = closed(mine.socket);
    expect((await call(t.url, '/api/auth/logout', { token, method: 'POST' })).status).toBe(204);
    expect(await end).toEqual({ code: 4401, reason: 'Signed out' });
    await new Promise((r) => setTimeout(r, 300));
    expect(other.socket.readyState).toBe(WebSocket.OPEN);
    other.socket.close();
  });

  it('closes with 4403 once an Administrator changes the role it was opened for, and 4401 once the account is disabled', async () => {
    const { userId, token, adminToken } = await newUser('live-role');
    const asUser = open(wsUrl(`?unitId=${UNIT.sunter}&role=User`), { authorization: `Bearer ${token}` });
    await asUser.until('hello');
    const roleGone = closed(asUser.socket);
    const changed = await call(t.url, `/api/users/${userId}`, {
      token: adminToken,
      role: admin,
      method: 'PUT',
      body: { role: 'Guest' },
    });
    expect(changed.status).toBe(200);
    expect((await roleGone).code).toBe(4403);

    const asGuest = open(wsUrl(`?unitId=${UNIT.sunter}&role=Guest`), { authorization: `Bearer ${token}` });
    await asGuest.until('hello');
    const signedOut = closed(asGuest.socket);
    await call(t.url, `/api/users/${userId}`, {
      token: adminToken,
      role: admin,
      method: 'PUT',
      body: { disabled: true },
    });
    expect((await signedOut).code).toBe(4401);
  });

  it('closes within its check interval when the session ends without a request here (another instance)', async () => {
    const { userId, token } = await newUser('live-elsewhere');
    const c = open(wsUrl(`?unitId=${UNIT.sunter}&role=User`), { authorization: `Bearer ${token}` });
    await c.until('hello');
    const end = closed(c.socket);
    await t.db.db.execute(sql`UPDATE users SET token_version = token_version + 1 WHERE user_id = ${userId}`);
    expect((await end).code).toBe(4401);
  });
});
