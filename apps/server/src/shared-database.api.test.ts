import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { resolveSigningSecret } from './modules/auth/signing-secret.js';
import { fix, vehiclesOf } from './test/positions.js';
import { call, signIn, startTestApp, UNIT, type TestApp } from './test/test-app.js';
import { createTestDatabase } from './test/test-db.js';
import type { Database } from './db/client.js';
import { vehicleState } from './db/schema/index.js';

/** Several instances on one database: what they share through it. */

describe('the signing secret kept in the database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('is the same for instances starting together, and the configured one wins', async () => {
    const carried = 'an-older-secret-from-the-data-dir-0123456789';
    const [a, b] = await Promise.all([
      resolveSigningSecret(database.db, { carried }),
      resolveSigningSecret(database.db),
    ]);
    expect(a).toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(32);
    // Stored once: a later instance with another data-dir secret signs with the stored one.
    expect(await resolveSigningSecret(database.db, { carried: 'x'.repeat(40) })).toBe(a);
    expect(await resolveSigningSecret(database.db, { configured: 'y'.repeat(40) })).toBe('y'.repeat(40));
  });
});

const onPostgres = inject('testDb').kind === 'postgres';
const source = { protocol: 'simulator' as const };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!onPostgres)('two instances on one PostgreSQL (PostgreSQL runs only)', () => {
  let database: Database;
  let a: TestApp;
  let b: TestApp;
  const start = async () =>
    startTestApp({
      db: database,
      // What main.ts does on each instance: neither has PANTAU_JWT_SECRET.
      config: { jwtSecret: await resolveSigningSecret(database.db) },
      deps: { loginLimits: { perUser: 3 }, telemetry: { tickMs: 0 }, singletonRetryMs: 100 },
    });
  beforeAll(async () => {
    database = await createTestDatabase();
    a = await start();
    b = await start();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
  });

  it('a token signed on one is accepted by the other, and one revoked on one is refused by the other', async () => {
    const token = await signIn(a.url, 'admin');
    expect((await call(b.url, '/api/auth/me', { token })).status).toBe(200);
    expect((await call(a.url, '/api/auth/logout', { token, method: 'POST' })).status).toBe(204);
    expect((await call(b.url, '/api/auth/me', { token })).status).toBe(401);
  });

  it('counts failed sign-ins on both against one limit', async () => {
    const bad = { username: 'operator', password: 'wrong-password' };
    expect((await call(a.url, '/api/auth/login', { body: bad })).status).toBe(401);
    expect((await call(b.url, '/api/auth/login', { body: bad })).status).toBe(401);
    expect((await call(a.url, '/api/auth/login', { body: bad })).status).toBe(401);
    const blocked = await call(b.url, '/api/auth/login', {
      body: { username: 'operator', password: 'demo1234' },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.json.code).toBe('RATE_LIMITED');
  });

  it('counts a route limit (20 reset mails per 15 minutes) over both', async () => {
    const ask = (app: TestApp) =>
      call(app.url, '/api/auth/forgot', { body: { username: 'nobody-here' } }).then((r) => r.status);
    for (let i = 0; i < 10; i++) {
      expect(await ask(a)).toBe(202);
      expect(await ask(b)).toBe(202);
    }
    expect(await ask(a)).toBe(429);
  });

  it('moves a vehicle on from the other instance’s state when its tracker moves between them', async () => {
    const [vehicle] = await vehiclesOf(database, UNIT.sunter);
    const { vehicleId, trackerId } = vehicle!;
    const t0 = Date.now() - 3_000;
    // Out 22 m and back, a second apart: 44 m today. From a stale copy the way back adds nothing.
    const there = fix(trackerId, new Date(t0 + 1_000), { lat: -6.3002, lon: 107.1 });
    const back = fix(trackerId, new Date(t0 + 2_000), { lat: -6.3, lon: 107.1 });
    await a.app.pipeline.ingest([fix(trackerId, new Date(t0), { lat: -6.3, lon: 107.1 })], source);
    const start = a.app.pipeline.liveState(vehicleId)!.todayDistanceKm;
    expect((await b.app.pipeline.ingest([there], source)).stored).toBe(1);
    expect((await a.app.pipeline.ingest([back], source)).stored).toBe(1);
    const state = a.app.pipeline.liveState(vehicleId)!;
    expect(state.fixTime).toEqual(back.fixTime);
    expect(state.todayDistanceKm - start).toBeCloseTo(0.0444, 3);
    const [row] = await database.db.select().from(vehicleState).where(eq(vehicleState.vehicleId, vehicleId));
    expect(row!.fixTime).toEqual(back.fixTime);
    expect(row!.todayDistanceKm).toBeCloseTo(state.todayDistanceKm, 6);
    // The instance that did not see the last position takes it in before its tick.
    await b.app.pipeline.tick();
    expect(b.app.pipeline.liveState(vehicleId)!.fixTime).toEqual(back.fixTime);
  });

  it('a vehicle registered through one is known to the other’s pipeline within seconds', async () => {
    const token = await signIn(a.url, 'admin');
    const trackerId = `86${String(Date.now()).slice(-7)}000001`;
    const body = {
      pantauKendaraanId: trackerId,
      nomorPolisi: 'B 7777 IST',
      nomorKendaraan: 'IST-1',
      vehicleClass: 'CC',
    };
    const created = await call(a.url, '/api/kendaraan', {
      token,
      role: { unitId: UNIT.sunter, role: 'Administrator' },
      body,
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(a.app.pipeline.isKnownTracker(trackerId)).toBe(true);
    for (let waited = 0; !b.app.pipeline.isKnownTracker(trackerId) && waited < 10_000; waited += 100)
      await pause(100);
    expect(b.app.pipeline.isKnownTracker(trackerId)).toBe(true);
  });

  it('runs the singletons on one of them, and the other takes over when it closes', async () => {
    let held: TestApp[] = [];
    for (let waited = 0; held.length === 0 && waited < 10_000; waited += 50) {
      await pause(50);
      held = [a, b].filter((x) => x.app.singletons.held);
    }
    expect(held).toHaveLength(1);
    const first = held[0]!;
    const other = first === a ? b : a;
    await first.close();
    for (let waited = 0; !other.app.singletons.held && waited < 10_000; waited += 50) await pause(50);
    expect(other.app.singletons.held).toBe(true);
    // A new instance finds it held.
    const next = await start();
    if (first === a) a = next;
    else b = next;
    await pause(500);
    expect(next.app.singletons.held).toBe(false);
    expect(other.app.singletons.held).toBe(true);
  });
});
