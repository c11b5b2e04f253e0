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

describe.skipIf(!onPostgres)(
  'how an instance writes vehicle states, alone or not (PostgreSQL runs only)',
  () => {
    let database: Database;
    const apps: TestApp[] = [];
    const start = async () => {
      const app = await startTestApp({
        db: database,
        config: { jwtSecret: await resolveSigningSecret(database.db) },
        deps: { telemetry: { tickMs: 0 }, singletonRetryMs: 100 },
      });
      apps.push(app);
      return app;
    };
    const rowOf = async (vehicleId: number) =>
      (await database.db.select().from(vehicleState).where(eq(vehicleState.vehicleId, vehicleId)))[0];
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      await database?.close();
    });

    it('alone writes behind; a second instance starts from the states the first held, both then write in each batch; the last one left writes behind again', async () => {
      const [v1, v2] = await vehiclesOf(database, UNIT.sunter);
      const a = await start();
      const at = (s: number) => new Date(Date.now() - s * 1000);
      await a.app.pipeline.ingest([fix(v1!.trackerId, at(30), { lat: -6.4101, lon: 107.1 })], source);
      // Alone: held in memory, written behind.
      expect(a.app.pipeline.liveState(v1!.vehicleId)!.lat).toBe(-6.4101);
      expect((await rowOf(v1!.vehicleId))?.lat).not.toBe(-6.4101);

      // The newcomer waits until the first has written what it holds, and starts from it.
      const b = await start();
      expect((await rowOf(v1!.vehicleId))?.lat).toBe(-6.4101);
      expect(b.app.pipeline.liveState(v1!.vehicleId)!.lat).toBe(-6.4101);
      expect(a.logs.some((l) => String(l.msg).startsWith('another instance joined'))).toBe(true);

      // Shared: each batch writes its states, and the other instance moves on from them.
      await a.app.pipeline.ingest([fix(v2!.trackerId, at(20), { lat: -6.4202, lon: 107.1 })], source);
      expect((await rowOf(v2!.vehicleId))?.lat).toBe(-6.4202);
      await b.app.pipeline.ingest([fix(v1!.trackerId, at(10), { lat: -6.4303, lon: 107.1 })], source);
      expect((await rowOf(v1!.vehicleId))?.lat).toBe(-6.4303);
      await a.app.pipeline.ingest([fix(v1!.trackerId, at(5), { lat: -6.4404, lon: 107.1 })], source);
      const moved = await rowOf(v1!.vehicleId);
      expect(moved?.lat).toBe(-6.4404);
      expect(a.app.pipeline.liveState(v1!.vehicleId)!.fixTime).toEqual(moved!.fixTime);

      // The last one left writes behind again, from the states the other wrote.
      await b.close();
      await expect
        .poll(() => a.logs.some((l) => String(l.msg).startsWith('this instance is the only one left')), {
          timeout: 15_000,
        })
        .toBe(true);
      await a.app.pipeline.ingest([fix(v2!.trackerId, at(1), { lat: -6.4505, lon: 107.1 })], source);
      expect((await rowOf(v2!.vehicleId))?.lat).toBe(-6.4202);
      await a.app.pipeline.flushStates();
      expect((await rowOf(v2!.vehicleId))?.lat).toBe(-6.4505);
    });
  },
);
