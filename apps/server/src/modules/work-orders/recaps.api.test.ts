import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { driverRecap, monthlyRecap, workOrderMatching, type Anomaly } from '@pantau/contracts';
import { drivers, geofences, geofenceVisits, routes, trips, workOrders } from '../../db/schema/index.js';
import { vehiclesOf } from '../../test/positions.js';
import { call, signIn, startTestApp, UNIT, type TestApp } from '../../test/test-app.js';

/**
 * Matching and recaps over hand-made SPKs, trips and visits in February and March 2025 (WIB), a
 * period the demo data never reaches; every expected figure is worked out by hand in the comments.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
let A: number;
let B: number;
let d1: { id: number; name: string };
let d2: { id: number; name: string };
let route: { id: number; code: string };
let plant: string;
let dealer: string;
const ids: Record<string, number> = {};

/** A WIB wall-clock time in 2025. */
const wib = (day: string, hm: string) => new Date(`2025-${day}T${hm}:00+07:00`);
const hours = (d: Date, h: number) => new Date(d.getTime() + h * 3_600_000);
const anomaly = (kind: Anomaly['kind'], value: number | null = null): Anomaly => ({
  kind,
  value,
  milestone: null,
  at: null,
});

const MARCH = `from=${encodeURIComponent('2025-03-01T00:00:00+07:00')}&to=${encodeURIComponent('2025-04-01T00:00:00+07:00')}`;
const FEB_MAR = `from=${encodeURIComponent('2025-02-01T00:00:00+07:00')}&to=${encodeURIComponent('2025-04-01T00:00:00+07:00')}`;

function get(path: string, user = 'admin', role = 'Administrator', unitId: number = UNIT.sunter) {
  return call(t.url, `/api${path}`, { token: tokens[user]!, role: { unitId, role } });
}

beforeAll(async () => {
  t = await startTestApp({ deps: { telemetry: { tickMs: 0 } } });
  for (const u of ['admin', 'operator', 'guest', 'multi']) tokens[u] = await signIn(t.url, u);
  const db = t.db.db;
  const fleet = await vehiclesOf(t.db, UNIT.sunter);
  [A, B] = [fleet[0]!.vehicleId, fleet[1]!.vehicleId];
  const people = await db
    .select()
    .from(drivers)
    .where(eq(drivers.unitId, UNIT.sunter))
    .orderBy(asc(drivers.driverId));
  [d1, d2] = people.slice(0, 2).map((d) => ({ id: d.driverId, name: d.name })) as [typeof d1, typeof d2];
  const [r] = await db.select().from(routes).where(eq(routes.unitId, UNIT.sunter)).limit(1);
  route = { id: r!.routeId, code: r!.code };
  const site = async (category: 'plant' | 'dealer') =>
    (
      await db
        .select()
        .from(geofences)
        .where(and(eq(geofences.unitId, UNIT.sunter), eq(geofences.category, category)))
        .limit(1)
    )[0]!;
  const [plantSite, dealerSite] = [await site('plant'), await site('dealer')];
  [plant, dealer] = [plantSite.name, dealerSite.name];

  const base = { unitId: UNIT.sunter, kind: 'ccr' as const, routeId: route.id };
  const spk = async (name: string, values: Partial<typeof workOrders.$inferInsert>) => {
    const runAt = values.runAt!;
    const [row] = await db
      .insert(workOrders)
      .values({
        ...base,
        spkNumber: `REKAP-${name}`,
        vehicleId: A,
        plannedEnd: hours(runAt, 10),
        standardLeadMinutes: 120,
        standardCircleMinutes: 480,
        ...values,
        runAt,
        anomalyCount: values.anomalies?.length ?? 0,
      })
      .returning({ id: workOrders.workOrderId });
    ids[name] = row!.id;
  };
  // S1: A, done, out of pool 08:30 → back 17:00; lead 150 (over 30), circle 510 (over 30); 3 anomalies.
  await spk('S1', {
    driverId: d1.id,
    coDriverId: d2.id,
    runAt: wib('03-03', '08:00'),
    status: 'done',
    outPoolAt: wib('03-03', '08:30'),
    enterPoolAt: wib('03-03', '17:00'),
    actualLeadMinutes: 150,
    overLeadMinutes: 30,
    actualCircleMinutes: 510,
    overCircleMinutes: 30,
    anomalies: [anomaly('over_lead_time', 30), anomaly('over_circle_time', 30), anomaly('overspeed', 2)],
  });
  // S2: A, waiting, no milestones: its window is the plan, 08:00 → 18:00.
  await spk('S2', { driverId: d1.id, runAt: wib('03-05', '08:00'), status: 'waiting' });
  // S3: B, DT without a route (no standards), done 07:00 → 15:00; lead 100, circle 480.
  await spk('S3', {
    kind: 'dt',
    routeId: null,
    vehicleId: B,
    driverId: d2.id,
    runAt: wib('03-10', '06:00'),
    plannedEnd: hours(wib('03-10', '06:00'), 24),
    standardLeadMinutes: null,
    standardCircleMinutes: null,
    status: 'done',
    outPoolAt: wib('03-10', '07:00'),
    enterPoolAt: wib('03-10', '15:00'),
    actualLeadMinutes: 100,
    actualCircleMinutes: 480,
  });
  // S4: B, cancelled: counted among the statuses only.
  await spk('S4', { vehicleId: B, driverId: d1.id, runAt: wib('03-20', '08:00'), status: 'cancelled' });
  // S5: A, February, done on time: lead 100, circle 400.
  await spk('S5', {
    driverId: d2.id,
    runAt: wib('02-14', '08:00'),
    status: 'done',
    outPoolAt: wib('02-14', '08:10'),
    enterPoolAt: wib('02-14', '14:50'),
    actualLeadMinutes: 100,
    overLeadMinutes: 0,
    actualCircleMinutes: 400,
    overCircleMinutes: 0,
  });
  // S7: B, DT, no drivers, done 09:00 → 12:00 (circle 180), no trip recorded.
  await spk('S7', {
    kind: 'dt',
    routeId: null,
    vehicleId: B,
    runAt: wib('03-25', '08:00'),
    standardLeadMinutes: null,
    standardCircleMinutes: null,
    status: 'done',
    outPoolAt: wib('03-25', '09:00'),
    enterPoolAt: wib('03-25', '12:00'),
    actualCircleMinutes: 180,
  });
  // A later SPK of A, so S2's milestones are looked for before April only.
  await spk('S6', {
    runAt: wib('04-10', '08:00'),
    status: 'done',
    outPoolAt: wib('04-10', '08:00'),
    enterPoolAt: wib('04-10', '12:00'),
  });

  const trip = (name: string, vehicleId: number, start: Date, end: Date, km: number) => ({
    unitId: UNIT.sunter,
    vehicleId,
    startedAt: start,
    endedAt: end,
    open: false,
    startLat: -6.1,
    startLon: 106.9,
    endLat: -6.2,
    endLon: 107.0,
    distanceM: km * 1000,
    drivingS: Math.round((end.getTime() - start.getTime()) / 1000),
    idleS: 0,
    maxSpeed: 70,
    halts: 0,
    name,
  });
  const made = [
    // In S1's window (08:30–17:00) by their midpoints: 150 + 148 km.
    trip('T1', A, wib('03-03', '08:25'), wib('03-03', '12:00'), 150),
    trip('T2', A, wib('03-03', '13:00'), wib('03-03', '16:58'), 148),
    // Midpoint 17:12, after S1's return; too short for unbilled use.
    trip('T3', A, wib('03-03', '17:05'), wib('03-03', '17:20'), 2),
    // S2's planned window.
    trip('T4', A, wib('03-05', '09:00'), wib('03-05', '11:00'), 80),
    // No SPK, leaves the plant: unbilled.
    trip('T5', A, wib('03-07', '10:00'), wib('03-07', '12:00'), 60),
    // No SPK, touches no work site: not counted.
    trip('T6', A, wib('03-08', '10:00'), wib('03-08', '11:00'), 40),
    // S3's window (07:00–15:00), midpoint 08:25.
    trip('T7', B, wib('03-10', '06:50'), wib('03-10', '10:00'), 100),
    // Only the cancelled S4 covers it; reaches a dealer: unbilled.
    trip('T8', B, wib('03-20', '09:00'), wib('03-20', '12:00'), 90),
  ];
  for (const { name, ...values } of made) {
    const [row] = await db.insert(trips).values(values).returning({ id: trips.tripId });
    ids[name] = row!.id;
  }
  await db.insert(geofenceVisits).values([
    {
      unitId: UNIT.sunter,
      vehicleId: A,
      geofenceId: plantSite.geofenceId,
      enterTime: wib('03-07', '08:00'),
      exitTime: wib('03-07', '10:05'),
      durationS: 7500,
      open: false,
    },
    {
      unitId: UNIT.sunter,
      vehicleId: B,
      geofenceId: dealerSite.geofenceId,
      enterTime: wib('03-20', '11:50'),
      exitTime: wib('03-20', '13:00'),
      durationS: 4200,
      open: false,
    },
  ]);
});
afterAll(() => t?.close());

describe('GET /api/spk/matching', () => {
  it('lists each SPK with the trips in its window and the trips that ran without one', async () => {
    const { status, json } = await get(`/spk/matching?${MARCH}`);
    expect(status).toBe(200);
    const m = workOrderMatching.parse(json);
    // S1, S2, S3, S7 (S4 is cancelled, S5 in February, S6 in April).
    expect(m.count).toBe(4);
    expect(m.results.map((r) => [r.spkNumber, r.trips.map((x) => x.tripId), r.distanceKm])).toEqual([
      ['REKAP-S1', [ids.T1, ids.T2], 298],
      ['REKAP-S2', [ids.T4], 80],
      ['REKAP-S3', [ids.T7], 100],
      ['REKAP-S7', [], 0],
    ]);
    const [s1, s2] = m.results;
    expect(s1).toMatchObject({
      windowStart: wib('03-03', '08:30').toISOString(),
      windowEnd: wib('03-03', '17:00').toISOString(),
      windowFromPool: { start: true, end: true },
      trayekCode: route.code,
    });
    expect(s2).toMatchObject({
      windowStart: wib('03-05', '08:00').toISOString(),
      windowEnd: wib('03-05', '18:00').toISOString(),
      windowFromPool: { start: false, end: false },
    });
    expect(m.totals).toEqual({ spks: 4, withTrips: 3, withoutTrips: 1, trips: 4, distanceKm: 478 });
    expect(m.unbilled.count).toBe(2);
    expect(m.unbilled.distanceKm).toBe(150);
    expect(m.unbilled.results.map((u) => [u.tripId, u.kendaraanId, u.distanceKm, u.sites])).toEqual([
      [ids.T5, A, 60, [plant]],
      [ids.T8, B, 90, [dealer]],
    ]);
  });

  it('filters by vehicle and kind, and pages both lists', async () => {
    const a = workOrderMatching.parse((await get(`/spk/matching?${MARCH}&kendaraanId=${A}`)).json);
    expect(a.results.map((r) => r.spkNumber)).toEqual(['REKAP-S1', 'REKAP-S2']);
    expect(a.unbilled.results.map((u) => u.tripId)).toEqual([ids.T5]);
    const dt = workOrderMatching.parse((await get(`/spk/matching?${MARCH}&kind=dt`)).json);
    expect(dt.results.map((r) => r.spkNumber)).toEqual(['REKAP-S3', 'REKAP-S7']);
    const paged = workOrderMatching.parse(
      (await get(`/spk/matching?${MARCH}&Take=1&Skip=1&unbilledTake=1&unbilledSkip=1`)).json,
    );
    expect(paged.count).toBe(4);
    expect(paged.results.map((r) => r.spkNumber)).toEqual(['REKAP-S2']);
    expect(paged.unbilled).toMatchObject({ count: 2, distanceKm: 150 });
    expect(paged.unbilled.results.map((u) => u.tripId)).toEqual([ids.T8]);
    const report = workOrderMatching.parse((await get(`/reports/spk/matching?${MARCH}`)).json);
    expect(report.results).toHaveLength(4);
  });

  it('refuses a period longer than 31 days or without an offset, naming the field', async () => {
    const long = await get(`/spk/matching?${FEB_MAR}`);
    expect(long.status).toBe(400);
    expect(long.json.errors[0].path).toBe('to');
    const bare = await get('/spk/matching?from=2025-03-01&to=2025-03-31');
    expect(bare.status).toBe(400);
    expect(bare.json.errors.map((e: { path: string }) => e.path)).toContain('from');
  });
});

describe('GET /api/recap/monthly', () => {
  it('S-057 counts each month by status, on time and over, averages and anomalies, and by route', async () => {
    const { status, json } = await get(`/recap/monthly?${FEB_MAR}`);
    expect(status).toBe(200);
    const r = monthlyRecap.parse(json);
    const [feb, mar] = r.months;
    expect(r.months.map((m) => m.month)).toEqual(['2025-02', '2025-03']);
    // February: S5 alone, on time.
    expect(feb).toMatchObject({
      total: 1,
      byStatus: { done: 1, waiting: 0, cancelled: 0 },
      lead: { onTime: 1, over: 0, unknown: 0 },
      circle: { onTime: 1, over: 0, unknown: 0 },
      avgLeadMinutes: 100,
      avgCircleMinutes: 400,
    });
    // March: S1, S2, S3, S4 (cancelled), S7. Lead: S1 over; S2, S3, S7 unknown (no actual or standard).
    expect(mar).toMatchObject({
      total: 5,
      byStatus: { waiting: 1, on_progress: 0, abnormal: 0, done: 3, cancelled: 1 },
      lead: { onTime: 0, over: 1, unknown: 3 },
      circle: { onTime: 0, over: 1, unknown: 3 },
      // (150 + 100) / 2 and (510 + 480 + 180) / 3.
      avgLeadMinutes: 125,
      avgCircleMinutes: 390,
      anomalies: { over_lead_time: 1, over_circle_time: 1, overspeed: 1, overstop: 0, missing_milestone: 0 },
    });
    // (150 + 100 + 100) / 3 = 116.7; (510 + 480 + 180 + 400) / 4 = 392.5.
    expect(r.totals).toMatchObject({ total: 6, avgLeadMinutes: 116.7, avgCircleMinutes: 392.5 });
    expect(r.totals.byStatus.done).toBe(4);
    expect(r.routes.map((x) => [x.trayekCode, x.total])).toEqual([
      [route.code, 4],
      [null, 2],
    ]);
  });

  it('answers every month of the period, the empty ones too, and filters by kind', async () => {
    const r = monthlyRecap.parse(
      (
        await get(
          `/recap/monthly?from=${encodeURIComponent('2025-01-01T00:00:00+07:00')}&to=${encodeURIComponent('2025-04-01T00:00:00+07:00')}&kind=dt`,
        )
      ).json,
    );
    expect(r.months.map((m) => [m.month, m.total])).toEqual([
      ['2025-01', 0],
      ['2025-02', 0],
      ['2025-03', 2],
    ]);
    expect(r.months[0]!.avgLeadMinutes).toBeNull();
  });

  it('refuses more than 12 months, naming to', async () => {
    const res = await get(
      `/recap/monthly?from=${encodeURIComponent('2024-01-01T00:00:00+07:00')}&to=${encodeURIComponent('2025-04-01T00:00:00+07:00')}`,
    );
    expect(res.status).toBe(400);
    expect(res.json.errors[0].path).toBe('to');
  });
});

describe('GET /api/recap/pengemudi', () => {
  it('S-057 sums each driver’s SPKs as driver 1 or 2, sorted and paged, with totals', async () => {
    const { status, json } = await get(`/recap/pengemudi?${MARCH}&sortBy=distanceKm&sortDir=descend`);
    expect(status).toBe(200);
    const r = driverRecap.parse(json);
    expect(r.count).toBe(2);
    // d2: S1 (driver 2), S3 (driver 1): circle 510 + 480 min, trips 298 + 100 km.
    // d1: S1, S2 (driver 1): circle 510 min, trips 298 + 80 km.
    expect(r.results).toEqual([
      expect.objectContaining({
        pengemudiId: d2.id,
        spks: 2,
        asDriver1: 1,
        asDriver2: 1,
        done: 2,
        abnormal: 1,
        over: 1,
        actualHours: 16.5,
        distanceKm: 398,
      }),
      expect.objectContaining({
        pengemudiId: d1.id,
        spks: 2,
        asDriver1: 2,
        asDriver2: 0,
        done: 1,
        abnormal: 1,
        over: 1,
        actualHours: 8.5,
        distanceKm: 378,
      }),
    ]);
    expect(r.totals).toEqual({
      spks: 4,
      asDriver1: 3,
      asDriver2: 1,
      done: 3,
      abnormal: 2,
      over: 2,
      actualHours: 25,
      distanceKm: 776,
    });
    const page = driverRecap.parse(
      (await get(`/recap/pengemudi?${MARCH}&sortBy=distanceKm&sortDir=ascend&Take=1`)).json,
    );
    expect(page.count).toBe(2);
    expect(page.results.map((x) => x.pengemudiId)).toEqual([d1.id]);
    const found = driverRecap.parse(
      (await get(`/recap/pengemudi?${MARCH}&search=${encodeURIComponent(d1.name)}`)).json,
    );
    expect(found.results.map((x) => x.pengemudiId)).toContain(d1.id);
  });
});

describe('who reads matching and recaps', () => {
  const paths = [
    `/spk/matching?${MARCH}`,
    `/reports/spk/matching?${MARCH}`,
    `/recap/monthly?${FEB_MAR}`,
    `/recap/pengemudi?${MARCH}`,
  ];

  it('a User of the unit reads them; a Guest gets 403', async () => {
    for (const path of paths) {
      expect((await get(path, 'operator', 'User')).status, path).toBe(200);
      const guest = await get(path, 'guest', 'Guest');
      expect(guest.status, path).toBe(403);
      expect(guest.json.code).toBe('FORBIDDEN');
    }
  });

  it('the Administrator of another unit sees none of this unit’s SPKs or trips', async () => {
    const m = workOrderMatching.parse(
      (await get(`/spk/matching?${MARCH}`, 'multi', 'Administrator', UNIT.karawang)).json,
    );
    expect(m.count).toBe(0);
    expect(m.unbilled.count).toBe(0);
    const r = monthlyRecap.parse(
      (await get(`/recap/monthly?${FEB_MAR}`, 'multi', 'Administrator', UNIT.karawang)).json,
    );
    expect(r.totals.total).toBe(0);
    const d = driverRecap.parse(
      (await get(`/recap/pengemudi?${MARCH}`, 'multi', 'Administrator', UNIT.karawang)).json,
    );
    expect(d.count).toBe(0);
  });

  it('the SPK list and the matching export as files', async () => {
    for (const [report, query] of [
      ['spk', { from: '2025-03-01T00:00:00+07:00', to: '2025-04-01T00:00:00+07:00' }],
      ['spk_matching', { from: '2025-03-01T00:00:00+07:00', to: '2025-04-01T00:00:00+07:00' }],
    ] as const) {
      const link = await call(t.url, '/api/export/token', {
        token: tokens.admin!,
        role: { unitId: UNIT.sunter, role: 'Administrator' },
        body: { report, format: 'csv', query },
      });
      expect(link.status, report).toBe(201);
      const file = await fetch(t.url + link.json.url);
      expect(file.status).toBe(200);
      const text = await file.text();
      expect(text).toContain('REKAP-S1');
      expect(text).toContain('REKAP-S7');
      if (report === 'spk') expect(text).toContain('REKAP-S4');
      else expect(text).not.toContain('REKAP-S4');
    }
    const guest = await call(t.url, '/api/export/token', {
      token: tokens.guest!,
      role: { unitId: UNIT.sunter, role: 'Guest' },
      body: { report: 'spk', format: 'csv', query: {} },
    });
    expect(guest.status).toBe(403);
  });
});
