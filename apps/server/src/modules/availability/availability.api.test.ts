import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AVAILABILITY_CATEGORIES,
  availabilityHistory,
  availabilityList,
  availabilitySummary,
  incidentRow,
  maintenanceList,
  maintenanceRow,
  pretripCheckRow,
} from '@pantau/contracts';
import { fix } from '../../test/positions.js';
import { call, signIn, startTestApp, UNIT, type TestApp } from '../../test/test-app.js';

let t: TestApp;
/**
 * The test's clock: now, or 23:40 WIB when now is within a quarter of an hour of midnight, so that the
 * pre-trip checks it records (from ten minutes before) and the minutes it moves on stay in one day.
 */
function awayFromMidnight(ms: number): number {
  const DAY = 86_400_000;
  const QUARTER = 15 * 60_000;
  const sinceMidnight = (ms + 7 * 3_600_000) % DAY;
  if (sinceMidnight < QUARTER) return ms - sinceMidnight - 20 * 60_000;
  if (sinceMidnight > DAY - QUARTER) return ms - sinceMidnight + DAY - 20 * 60_000;
  return ms;
}
let nowMs = awayFromMidnight(Date.now());
const tokens: Record<string, string> = {};
const roles = {
  admin: { unitId: UNIT.sunter, role: 'Administrator' },
  operator: { unitId: UNIT.sunter, role: 'User' },
  guest: { unitId: UNIT.sunter, role: 'Guest' },
  multi: { unitId: UNIT.karawang, role: 'Administrator' },
} as const;
type Who = keyof typeof roles;
const as = (who: Who, path: string, o: { method?: string; body?: unknown } = {}) =>
  call(t.url, `/api${path}`, { token: tokens[who], role: roles[who], ...o });
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.db.db.execute(query)) as unknown as { rows: T[] }).rows;

// A pool of its own in a quiet corner of East Java, and five test vehicles of Sunter parked in it.
const LAT = -7.2;
const LON = 111.6;
let vehicles: number[];
const TRACKERS = ['AV-TEST-1', 'AV-TEST-2', 'AV-TEST-3', 'AV-TEST-4', 'AV-TEST-5'];

beforeAll(async () => {
  t = await startTestApp({ deps: { telemetry: { tickMs: 0 }, clock: () => new Date(nowMs) } });
  for (const u of Object.keys(roles)) tokens[u] = await signIn(t.url, u);
  await t.db.db.execute(sql`
    INSERT INTO geofences (unit_id, code, name, shape, category, center_lon, center_lat, radius_m, geometry,
      min_lon, min_lat, max_lon, max_lat)
    VALUES (${UNIT.sunter}, 'AV-POOL', 'Availability test pool', 'circle', 'pool', ${LON}, ${LAT}, 500,
      ${JSON.stringify({ type: 'Point', coordinates: [LON, LAT] })}::jsonb,
      ${LON - 0.01}, ${LAT - 0.01}, ${LON + 0.01}, ${LAT + 0.01})`);
  vehicles = [];
  for (const [i, tracker] of TRACKERS.entries()) {
    const [v] = await rows<{ vehicle_id: number }>(sql`
      INSERT INTO vehicles (unit_id, tracker_id, plate_number, hull_number, vehicle_class)
      VALUES (${UNIT.sunter}, ${tracker}, ${`B 70${i}0 AV`}, ${`AV-0${i}`}, 'CC') RETURNING vehicle_id`);
    vehicles.push(v!.vehicle_id);
  }
  await t.app.pipeline.refreshVehicles();
  await t.app.pipeline.refreshGeography(UNIT.sunter);
  // Every test vehicle reports from inside the pool, twice (a visit opens on two fixes inside).
  for (const s of [120, 60])
    await t.app.pipeline.ingest(
      TRACKERS.map((tr) => fix(tr, new Date(nowMs - s * 1000), { lat: LAT, lon: LON, speedKmh: 0 })),
      { protocol: 'simulator' },
    );
});
afterAll(() => t?.close());

const mine = async (query = '') => {
  const list = availabilityList.parse((await as('admin', `/kendaraan/availability?Take=1000${query}`)).json);
  return new Map(list.results.filter((r) => vehicles.includes(r.kendaraanId)).map((r) => [r.kendaraanId, r]));
};

describe('S-052 availability', () => {
  it('places each vehicle by what is recorded for it, and counts the unit with the paper counts', async () => {
    const [standBy, trouble, planned, crashed, checking] = vehicles as [
      number,
      number,
      number,
      number,
      number,
    ];
    const opened = new Date(nowMs - 3_600_000).toISOString();
    const created = await as('admin', '/maintenance', {
      method: 'POST',
      body: { kendaraanId: trouble, kind: 'breakdown', openedAt: opened, notes: 'Gearbox' },
    });
    expect(created.status).toBe(201);
    expect(maintenanceRow.parse(created.json)).toMatchObject({
      kind: 'breakdown',
      open: true,
      createdBy: 'admin',
    });
    await as('admin', '/maintenance', {
      method: 'POST',
      body: { kendaraanId: planned, kind: 'kir', openedAt: opened },
    });
    const incident = await as('admin', '/incidents', {
      method: 'POST',
      body: { kendaraanId: crashed, kind: 'accident', openedAt: opened },
    });
    expect(incidentRow.parse(incident.json)).toMatchObject({ kind: 'accident', open: true });
    const check = await as('admin', '/p2h', {
      method: 'POST',
      body: {
        kendaraanId: checking,
        startedAt: new Date(nowMs - 600_000).toISOString(),
        defects: ['Left mirror'],
      },
    });
    expect(pretripCheckRow.parse(check.json)).toMatchObject({ result: 'defects', defects: ['Left mirror'] });
    await t.db.db.execute(sql`UPDATE vehicles SET kir_due = '2000-01-01' WHERE vehicle_id = ${standBy}`);

    let placed = await mine();
    expect([...placed.values()].map((r) => [r.kendaraanId, r.category, r.reason])).toEqual([
      [standBy, 'other', 'kir_expired'],
      [trouble, 'wo_trouble', 'wo_trouble_open'],
      [planned, 'maintenance', 'maintenance_open'],
      [crashed, 'incident', 'incident_open'],
      [checking, 'pre_checking', 'p2h_defects'],
    ]);
    expect(placed.get(standBy)).toMatchObject({ kir: 'expired', stnk: null });
    // A first placement dates from what began it, not from when the server first looked: the breakdown
    // from its opening, a vehicle in the pool from its entry (both placed first when the breakdown was
    // saved); a change seen later (the expired KIR) from when it was seen.
    expect(placed.get(trouble)!.since).toBe(opened);
    expect(placed.get(standBy)!.since).toBe(new Date(nowMs).toISOString());
    const [entered] = await rows<{ enter_time: unknown }>(
      sql`SELECT enter_time FROM geofence_visits WHERE vehicle_id = ${standBy} AND open`,
    );
    const before = availabilityHistory.parse(
      (
        await as(
          'admin',
          `/kendaraan/availability/history?kendaraanId=${standBy}&from=${new Date(nowMs - 86_400_000).toISOString()}&to=${new Date(nowMs + 1000).toISOString()}`,
        )
      ).json,
    );
    expect(before.results.map((h) => [h.category, h.from])).toEqual([
      ['stand_by', new Date(entered!.enter_time as string).toISOString()],
      ['other', new Date(nowMs).toISOString()],
    ]);

    // The papers renewed, the check passed: stand by and … stand by (no SPK waits).
    await t.db.db.execute(sql`UPDATE vehicles SET kir_due = NULL WHERE vehicle_id = ${standBy}`);
    const checkId = pretripCheckRow.parse(check.json).checkId;
    const passed = await as('admin', `/p2h/${checkId}`, {
      method: 'PUT',
      body: {
        kendaraanId: checking,
        startedAt: new Date(nowMs - 600_000).toISOString(),
        passedAt: new Date(nowMs - 60_000).toISOString(),
        defects: [],
      },
    });
    expect(pretripCheckRow.parse(passed.json).result).toBe('passed');
    nowMs += 60_000;
    placed = await mine();
    expect(placed.get(standBy)).toMatchObject({ category: 'stand_by', reason: 'in_pool_no_spk' });
    expect(placed.get(checking)).toMatchObject({ category: 'stand_by' });

    const summary = availabilitySummary.parse((await as('admin', '/availability/summary')).json);
    expect(Object.keys(summary.categories).sort()).toEqual([...AVAILABILITY_CATEGORIES].sort());
    expect(Object.values(summary.categories).reduce((a, b) => a + b, 0)).toBe(summary.total);
    expect(summary.categories.wo_trouble).toBeGreaterThanOrEqual(1);
    expect(summary.categories.incident).toBeGreaterThanOrEqual(1);

    const filtered = availabilityList.parse(
      (await as('admin', '/kendaraan/availability?category=incident')).json,
    );
    expect(filtered.results.every((r) => r.category === 'incident')).toBe(true);
    expect(filtered.results.map((r) => r.kendaraanId)).toContain(crashed);

    // Closing the breakdown puts the vehicle back to stand by; its history keeps both stretches.
    const orders = maintenanceList.parse((await as('operator', `/maintenance?kendaraanId=${trouble}`)).json);
    const order = orders.results[0]!;
    nowMs += 60_000;
    await as('admin', `/maintenance/${order.maintenanceId}`, {
      method: 'PUT',
      body: {
        kendaraanId: trouble,
        kind: 'breakdown',
        openedAt: order.openedAt,
        closedAt: new Date(nowMs).toISOString(),
      },
    });
    expect((await mine()).get(trouble)).toMatchObject({ category: 'stand_by' });
    const history = availabilityHistory.parse(
      (
        await as(
          'admin',
          `/kendaraan/availability/history?kendaraanId=${trouble}&from=${new Date(nowMs - 86_400_000).toISOString()}&to=${new Date(nowMs + 1000).toISOString()}`,
        )
      ).json,
    );
    expect(history.results.map((h) => [h.category, h.to === null])).toEqual([
      ['wo_trouble', false],
      ['stand_by', true],
    ]);
  });

  it('refuses what cannot be, naming the field; only Administrators write; another unit sees nothing', async () => {
    const bad = await as('admin', '/maintenance', {
      method: 'POST',
      body: { kendaraanId: vehicles[0], kind: 'tyres', openedAt: 'yesterday' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((e: { path: string }) => e.path).sort()).toEqual(['kind', 'openedAt']);
    const backwards = await as('admin', '/incidents', {
      method: 'POST',
      body: {
        kendaraanId: vehicles[0],
        kind: 'theft',
        openedAt: '2026-11-20T10:00:00+07:00',
        closedAt: '2026-11-20T09:00:00+07:00',
      },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.json.errors[0].path).toBe('closedAt');
    const elsewhere = await as('multi', '/maintenance', {
      method: 'POST',
      body: { kendaraanId: vehicles[0], kind: 'preventive', openedAt: new Date(nowMs).toISOString() },
    });
    expect(elsewhere.status).toBe(400);
    expect(
      (
        await as('operator', '/p2h', {
          method: 'POST',
          body: { kendaraanId: vehicles[0], startedAt: new Date(nowMs).toISOString() },
        })
      ).status,
    ).toBe(403);
    expect((await as('guest', '/availability/summary')).status).toBe(403);
    expect((await as('operator', '/kendaraan/availability')).status).toBe(403);
    const theirs = availabilityList.parse((await as('multi', '/kendaraan/availability?Take=1000')).json);
    expect(theirs.results.some((r) => vehicles.includes(r.kendaraanId))).toBe(false);
    expect(maintenanceList.parse((await as('multi', '/maintenance?Take=1000')).json).count).toBe(0);
  });
});
