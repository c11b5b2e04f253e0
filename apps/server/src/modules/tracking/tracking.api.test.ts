import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSummary, gpsLogList, trackingList } from '@pantau/contracts';
import { fix, secondsAgo, vehiclesOf } from '../../test/positions.js';
import { call, signIn, startTestApp, UNIT, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let operator: string;
let admin: string;
let fleet: Awaited<ReturnType<typeof vehiclesOf>>;
const asUser = { unitId: UNIT.sunter, role: 'User' };
const asAdmin = { unitId: UNIT.sunter, role: 'Administrator' };
const source = { protocol: 'osmand' as const };

beforeAll(async () => {
  t = await startTestApp({ deps: { telemetry: { tickMs: 0 } } });
  operator = await signIn(t.url, 'operator');
  admin = await signIn(t.url, 'admin');
  fleet = await vehiclesOf(t.db, UNIT.sunter);
});
afterAll(() => t?.close());

describe('GET /api/tracking', () => {
  it('answers every vehicle in service of the chosen unit; one that never reported has no position', async () => {
    const { status, json } = await call(t.url, '/api/tracking', { token: operator, role: asUser });
    expect(status).toBe(200);
    const list = trackingList.parse(json);
    const inService = fleet.filter((v) => v.aktif);
    expect(inService.length).toBeLessThan(fleet.length); // the seed deactivates some
    expect(list.count).toBe(inService.length);
    expect(list.results).toHaveLength(inService.length);
    expect(new Set(list.results.map((r) => r.kendaraanId))).toEqual(
      new Set(inService.map((v) => v.vehicleId)),
    );
    expect(list.results[0]).toMatchObject({
      lat: null,
      lon: null,
      motion: 'nodata',
      gpsStatus: 'off',
    });
    // Every seeded vehicle has an assigned driver, carried on its tracking item.
    expect(list.results[0]!.driver).toEqual({ pengemudiId: expect.any(Number), name: expect.any(String) });
  });

  it('shows the latest fix after an ingest, with status, location and paging', async () => {
    const v = fleet[0]!;
    await t.app.pipeline.ingest(
      [fix(v.trackerId, secondsAgo(20), { lat: -6.161, lon: 106.931, speedKmh: 0, ignition: false })],
      source,
    );
    const { json } = await call(t.url, '/api/tracking', { token: operator, role: asUser });
    const item = trackingList.parse(json).results.find((r) => r.kendaraanId === v.vehicleId)!;
    expect(item).toMatchObject({
      nomorPolisi: v.plate,
      lat: -6.161,
      lon: 106.931,
      gpsStatus: 'on',
      motion: 'stopped',
      ignition: false,
      location: 'at Pool Sunter/Cakung',
      place: { kind: 'at', name: 'Pool Sunter/Cakung', distanceKm: null, km: null },
    });
    const inService = fleet.filter((f) => f.aktif).length;
    const page = await call(t.url, `/api/tracking?Take=5&Skip=${inService - 4}`, {
      token: operator,
      role: asUser,
    });
    expect(page.json.count).toBe(inService);
    expect(page.json.results).toHaveLength(4);
    const bad = await call(t.url, '/api/tracking?Take=0', { token: operator, role: asUser });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((e: { path: string }) => e.path)).toContain('Take');
  });

  it("names every vehicle's place: at a site only inside it, on the toll road when passing, else near a town", async () => {
    const [passing, parked, away] = [fleet[6]!, fleet[7]!, fleet[8]!];
    await t.app.pipeline.ingest(
      [
        // Doing 68 km/h through Rest Area KM 101: on the Cipali, not at the rest area.
        fix(passing.trackerId, secondsAgo(15), { lat: -6.5, lon: 107.73, speedKmh: 68, ignition: true }),
        fix(parked.trackerId, secondsAgo(15), { lat: -6.5, lon: 107.73, speedKmh: 0, ignition: false }),
        fix(away.trackerId, secondsAgo(15), { lat: -6.6, lon: 107.2, speedKmh: 40, ignition: true }),
      ],
      source,
    );
    const { json } = await call(t.url, '/api/tracking', { token: operator, role: asUser });
    const byId = new Map(trackingList.parse(json).results.map((r) => [r.kendaraanId, r]));
    expect(byId.get(passing.vehicleId)).toMatchObject({
      location: 'Tol Cipali KM ~101',
      place: { kind: 'road', name: 'Tol Cipali', km: 101 },
    });
    expect(byId.get(parked.vehicleId)).toMatchObject({
      location: 'at Rest Area KM 101 Tol Cipali',
      place: { kind: 'at', name: 'Rest Area KM 101 Tol Cipali' },
    });
    expect(byId.get(away.vehicleId)).toMatchObject({
      location: 'near Purwakarta, 27 km',
      place: { kind: 'near', name: 'Purwakarta', distanceKm: 27 },
    });
    // Every vehicle with a position has a place; only those without one have none.
    for (const item of byId.values()) expect(item.place === null).toBe(item.lat === null);
  });

  it('is scoped to the unit and needs a token', async () => {
    const multi = await signIn(t.url, 'multi');
    const karawang = await call(t.url, '/api/tracking', {
      token: multi,
      role: { unitId: UNIT.karawang, role: 'Administrator' },
    });
    const karawangInService = (await vehiclesOf(t.db, UNIT.karawang)).filter((v) => v.aktif);
    expect(karawang.json.count).toBe(karawangInService.length);
    const mine = new Set(fleet.map((v) => v.vehicleId));
    expect(karawang.json.results.some((r: { kendaraanId: number }) => mine.has(r.kendaraanId))).toBe(false);
    expect((await call(t.url, '/api/tracking')).status).toBe(401);
  });
});

describe('GET /api/logs/gps', () => {
  it('answers a vehicle’s positions of the period in fix-time order', async () => {
    const v = fleet[1]!;
    const now = Date.now();
    // Sent newest first, answered oldest first.
    await t.app.pipeline.ingest(
      [3, 2, 1].map((k) => fix(v.trackerId, secondsAgo(k * 60, now), { speedKmh: k * 10 })),
      source,
    );
    const from = new Date(now - 3600_000).toISOString();
    const to = new Date(now).toISOString();
    const { status, json } = await call(
      t.url,
      `/api/logs/gps?kendaraanId=${v.vehicleId}&from=${from}&to=${to}`,
      { token: operator, role: asUser },
    );
    expect(status).toBe(200);
    const list = gpsLogList.parse(json);
    expect(list.count).toBe(3);
    expect(list.results.map((r) => r.speed)).toEqual([30, 20, 10]);
    // ISO 8601 in UTC to the millisecond, as sent.
    expect(list.results.map((r) => r.fixTime)).toEqual(
      [3, 2, 1].map((k) => secondsAgo(k * 60, now).toISOString()),
    );
  });

  it('answers each field as stored (nulls, fractions, a speed stored as real) and pages with Take and Skip', async () => {
    const v = fleet[2]!;
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const at = (k: number) => new Date(Math.floor(now / 1000) * 1000 - k * 60_000 + 123);
    await t.app.pipeline.ingest(
      [
        fix(v.trackerId, at(3), {
          lat: -6.123456789012,
          lon: 106.98765432101,
          speedKmh: 12.3,
          course: 271.5,
        }),
        fix(v.trackerId, at(2), { course: null, altitude: null, satellites: null, ignition: null }),
        fix(v.trackerId, at(1), { speedKmh: 0.1, altitude: -3.25, ignition: false }),
      ],
      source,
    );
    const base = `/api/logs/gps?kendaraanId=${v.vehicleId}&from=${iso(now - 3600_000)}&to=${iso(now)}`;
    const first = await call(t.url, base, { token: operator, role: asUser });
    expect(first.status).toBe(200);
    expect(first.res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(gpsLogList.parse(first.json).results).toEqual([
      {
        fixTime: at(3).toISOString(),
        lat: -6.123456789012,
        lon: 106.98765432101,
        speed: 12.3,
        course: 271.5,
        ignition: true,
        altitude: 20,
        satellites: 9,
        valid: true,
      },
      {
        fixTime: at(2).toISOString(),
        lat: -6.3,
        lon: 107.1,
        speed: 40,
        course: null,
        ignition: null,
        altitude: null,
        satellites: null,
        valid: true,
      },
      {
        fixTime: at(1).toISOString(),
        lat: -6.3,
        lon: 107.1,
        speed: 0.1,
        course: 90,
        ignition: false,
        altitude: -3.25,
        satellites: 9,
        valid: true,
      },
    ]);
    const paged = await call(t.url, `${base}&Take=1&Skip=1`, { token: operator, role: asUser });
    expect(gpsLogList.parse(paged.json)).toEqual({
      count: 3,
      results: [expect.objectContaining({ fixTime: at(2).toISOString() })],
    });
    const past = await call(t.url, `${base}&Skip=3`, { token: operator, role: asUser });
    expect(gpsLogList.parse(past.json)).toEqual({ count: 3, results: [] });
  });

  it('answers 400 naming the field, and 404 for a vehicle of another unit', async () => {
    const v = fleet[1]!;
    const day = 86_400_000;
    const iso = (ms: number) => new Date(ms).toISOString();
    const now = Date.now();
    for (const [query, field] of [
      [`from=${iso(now - day)}&to=${iso(now)}`, 'kendaraanId'],
      [`kendaraanId=${v.vehicleId}&from=yesterday&to=${iso(now)}`, 'from'],
      [`kendaraanId=${v.vehicleId}&from=${iso(now)}&to=${iso(now - day)}`, 'to'],
      [`kendaraanId=${v.vehicleId}&from=${iso(now)}&to=${iso(now)}`, 'to'],
      [`kendaraanId=${v.vehicleId}&from=${iso(now - 32 * day)}&to=${iso(now)}`, 'to'],
    ]) {
      const { status, json } = await call(t.url, `/api/logs/gps?${query}`, { token: operator, role: asUser });
      expect(status, query).toBe(400);
      expect(
        json.errors.map((e: { path: string }) => e.path),
        query,
      ).toContain(field);
    }
    const ok31 = await call(
      t.url,
      `/api/logs/gps?kendaraanId=${v.vehicleId}&from=${iso(now - 31 * day)}&to=${iso(now)}`,
      { token: operator, role: asUser },
    );
    expect(ok31.status).toBe(200);
    const karawang = await vehiclesOf(t.db, UNIT.karawang);
    const other = await call(
      t.url,
      `/api/logs/gps?kendaraanId=${karawang[0]!.vehicleId}&from=${iso(now - day)}&to=${iso(now)}`,
      { token: operator, role: asUser },
    );
    expect(other.status).toBe(404);
  });
});

describe('GET /api/dashboard/summary', () => {
  it('answers the nine groups; ignition and GPS follow the live state', async () => {
    const v = fleet[2]!;
    await t.app.pipeline.ingest([fix(v.trackerId, secondsAgo(5), { ignition: true, speedKmh: 30 })], source);
    const { status, json } = await call(t.url, '/api/dashboard/summary', { token: operator, role: asUser });
    expect(status).toBe(200);
    const s = dashboardSummary.parse(json);
    const inService = fleet.filter((f) => f.aktif).length;
    expect(s.allStates.count).toBe(inService);
    expect(s.gpsOn.results).toContain(v.vehicleId);
    expect(s.ignitionOn.results).toContain(v.vehicleId);
    expect(s.gpsOn.count + s.gpsOff.count).toBe(inService);
    expect(s.ignitionOn.count + s.ignitionOff.count).toBe(inService);
    expect(s.orderKosongan.count).toBe(inService);
    expect([s.orderWaiting.count, s.orderOnProgress.count, s.orderAbnormal.count]).toEqual([0, 0, 0]);
    const guest = await signIn(t.url, 'guest');
    const asGuest = await call(t.url, '/api/dashboard/summary', {
      token: guest,
      roleCookies: { unitId: UNIT.sunter, role: 'Guest' },
    });
    expect(asGuest.json).toEqual(json);
  });
});

describe('GET /api/trackers/unregistered', () => {
  it('lists trackers that reported but are not registered, for Administrators only', async () => {
    await t.app.pipeline.ingest([fix('865850000000017', secondsAgo(5))], {
      protocol: 'gt06',
      remoteAddress: '192.0.2.7',
    });
    await t.app.pipeline.ingest([fix(fleet[3]!.trackerId, secondsAgo(5))], source);
    const { status, json } = await call(t.url, '/api/trackers/unregistered', { token: admin, role: asAdmin });
    expect(status).toBe(200);
    expect(json.count).toBe(1);
    expect(json.results[0]).toMatchObject({
      trackerId: '865850000000017',
      protocol: 'gt06',
      remoteAddress: '192.0.2.7',
      messages: 1,
    });
    const user = await call(t.url, '/api/trackers/unregistered', { token: operator, role: asUser });
    expect(user.status).toBe(403);
  });
});

describe('GET /api/logs/notifications', () => {
  it('serves events the pipeline raised, newest first, with the plate and what happened where', async () => {
    const v = fleet[4]!;
    const now = Date.now();
    await t.app.pipeline.ingest(
      [50, 80, 95, 96, 97, 98].map((s, k) => fix(v.trackerId, secondsAgo(60 - k * 10, now), { speedKmh: s })),
      source,
    );
    const { json } = await call(t.url, '/api/logs/notifications?Count=1', { token: operator, role: asUser });
    expect(json.count).toBe(13);
    expect(json.results[0]).toMatchObject({
      event: 'overspeed',
      vehicle: v.plate,
      kendaraanId: v.vehicleId,
      kind: 'overspeed',
      speedLimit: v.speedLimit,
      alarm: null,
      place: { kind: expect.any(String), name: expect.any(String) },
    });
    expect(json.results[0].speed).toBeGreaterThan(v.speedLimit!);
  });
});

describe('a deactivated vehicle', () => {
  it('leaves the live views at once: tracking and the dashboard count the vehicles in service', async () => {
    const v = fleet.filter((f) => f.aktif).at(-1)!;
    const before = dashboardSummary.parse(
      (await call(t.url, '/api/dashboard/summary', { token: operator, role: asUser })).json,
    );
    const off = await call(t.url, `/api/kendaraan/${v.vehicleId}`, {
      token: admin,
      role: asAdmin,
      method: 'DELETE',
    });
    expect(off.status).toBe(200);
    await t.app.pipeline.ingest([fix(v.trackerId, secondsAgo(1))], source);
    const list = trackingList.parse(
      (await call(t.url, '/api/tracking', { token: operator, role: asUser })).json,
    );
    expect(list.results.map((r) => r.kendaraanId)).not.toContain(v.vehicleId);
    const after = dashboardSummary.parse(
      (await call(t.url, '/api/dashboard/summary', { token: operator, role: asUser })).json,
    );
    expect(after.allStates.count).toBe(before.allStates.count - 1);
    // Its history stays: the fix its tracker sent is stored.
    const to = new Date(Date.now() + 60_000).toISOString();
    const from = new Date(Date.now() - 600_000).toISOString();
    const log = await call(t.url, `/api/logs/gps?kendaraanId=${v.vehicleId}&from=${from}&to=${to}`, {
      token: operator,
      role: asUser,
    });
    expect(gpsLogList.parse(log.json).results.length).toBeGreaterThan(0);
  });
});
