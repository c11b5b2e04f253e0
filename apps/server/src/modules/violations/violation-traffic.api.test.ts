import ExcelJS from 'exceljs';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trafficViolationList, violationTraffic } from '@pantau/contracts';
import { drivers, events, fleets, vehicleFleets, vehicles } from '../../db/schema/index.js';
import { placeOf } from '../../places/place-names.js';
import { call, signIn, startTestApp, UNIT, type TestApp } from '../../test/test-app.js';

let t: TestApp;
const tokens: Record<string, string> = {};
const roles = {
  admin: { unitId: UNIT.sunter, role: 'Administrator' },
  operator: { unitId: UNIT.sunter, role: 'User' },
  guest: { unitId: UNIT.sunter, role: 'Guest' },
} as const;
type Who = keyof typeof roles;
const as = (who: Who, path: string, o: { method?: string; body?: unknown } = {}) =>
  call(t.url, `/api${path}`, { token: tokens[who], role: roles[who], ...o });
const fieldsOf = (json: { errors?: { path: string }[] }) => (json.errors ?? []).map((e) => e.path);

// A week of 2020 (Monday to Monday in WIB), long before the demo's own events: these rows are its only ones.
const FROM = '2020-03-02T00:00:00+07:00';
const TO = '2020-03-09T00:00:00+07:00';
const period = (from = FROM, to = TO) => `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

/** Vehicle A (fleet 1), B (fleets 1 and 2), C (no fleet); drivers D1 on A and D2 on B, none on C. */
let A: number, B: number, C: number, karawangVehicle: number;
let D1: { driverId: number; name: string }, D2: { driverId: number; name: string };
let F1: number, F2: number;
let hullB: string;

beforeAll(async () => {
  t = await startTestApp({ deps: { telemetry: { tickMs: 0 } } });
  for (const u of ['admin', 'operator', 'guest']) tokens[u] = await signIn(t.url, u);
  const db = t.db.db;
  const sunter = await db
    .select()
    .from(vehicles)
    .where(eq(vehicles.unitId, UNIT.sunter))
    .orderBy(asc(vehicles.vehicleId))
    .limit(3);
  [A, B, C] = sunter.map((v) => v.vehicleId) as [number, number, number];
  hullB = sunter[1]!.hullNumber;
  karawangVehicle = (await db.select().from(vehicles).where(eq(vehicles.unitId, UNIT.karawang)).limit(1))[0]!
    .vehicleId;
  [D1, D2] = (await db
    .select({ driverId: drivers.driverId, name: drivers.name })
    .from(drivers)
    .where(eq(drivers.unitId, UNIT.sunter))
    .orderBy(asc(drivers.driverId))
    .limit(2)) as [typeof D1, typeof D2];
  [F1, F2] = (
    await db
      .insert(fleets)
      .values([
        { unitId: UNIT.sunter, fleetName: 'Traffic Fleet One' },
        { unitId: UNIT.sunter, fleetName: 'Traffic Fleet Two' },
      ])
      .returning({ id: fleets.fleetId })
  ).map((f) => f.id) as [number, number];
  await db.delete(vehicleFleets).where(inArray(vehicleFleets.vehicleId, [A, B, C]));
  await db.insert(vehicleFleets).values([
    { vehicleId: A, fleetId: F1 },
    { vehicleId: B, fleetId: F1 },
    { vehicleId: B, fleetId: F2 },
  ]);

  const base = { unitId: UNIT.sunter, open: false, location: 'Tol Cikampek KM 47', lat: -6.3, lon: 107.2 };
  const at = (iso: string, minutes: number) => ({
    startedAt: new Date(iso),
    endedAt: new Date(Date.parse(iso) + minutes * 60_000),
    durationS: minutes * 60,
  });
  await db.insert(events).values([
    // D1 on A. 98 in an 80 zone: 18 over → 2 points (Monday 09:00 WIB).
    {
      ...base,
      ...at('2020-03-02T02:00:00Z', 4),
      vehicleId: A,
      driverId: D1.driverId,
      kind: 'overspeed',
      maxValue: 98,
      limitValue: 80,
    },
    // 105 in 80: 25 over → 3 points (Tuesday).
    {
      ...base,
      ...at('2020-03-03T02:00:00Z', 2),
      vehicleId: A,
      driverId: D1.driverId,
      kind: 'overspeed',
      maxValue: 105,
      limitValue: 80,
    },
    // 50 minutes where 30 are allowed: 20 over → 1 point (Monday 13:00 WIB).
    {
      ...base,
      ...at('2020-03-02T06:00:00Z', 50),
      vehicleId: A,
      driverId: D1.driverId,
      kind: 'overstop',
      limitValue: 30,
    },
    // D2 on B. 100 minutes where 30 are allowed: 70 over → 3 points (Wednesday).
    {
      ...base,
      ...at('2020-03-04T01:00:00Z', 100),
      vehicleId: B,
      driverId: D2.driverId,
      kind: 'overstop',
      limitValue: 30,
    },
    // 7.5 km off the route → 2 points (Wednesday).
    {
      ...base,
      ...at('2020-03-04T05:00:00Z', 20),
      vehicleId: B,
      driverId: D2.driverId,
      kind: 'overroute',
      maxValue: 900,
      limitValue: 500,
      attributes: { offRouteKm: 7.5 },
    },
    // 92 in 80: 12 over → 2 points; Sunday in UTC, Monday 01:00 in WIB: in the period, on Monday.
    {
      ...base,
      ...at('2020-03-01T18:00:00Z', 1),
      vehicleId: B,
      driverId: D2.driverId,
      kind: 'overspeed',
      maxValue: 92,
      limitValue: 80,
    },
    // C, no driver. 25 km off → 3 points; one without the distance → 1 point (Friday).
    {
      ...base,
      ...at('2020-03-06T03:00:00Z', 40),
      vehicleId: C,
      kind: 'overroute',
      maxValue: 3000,
      limitValue: 500,
      attributes: { offRouteKm: 25 },
    },
    {
      ...base,
      ...at('2020-03-06T04:00:00Z', 10),
      vehicleId: C,
      kind: 'overroute',
      maxValue: 800,
      limitValue: 500,
    },
    // Not counted: after the period (Monday 00:00 WIB), not a violation, another unit's.
    {
      ...base,
      ...at('2020-03-08T17:00:00Z', 3),
      vehicleId: A,
      driverId: D1.driverId,
      kind: 'overspeed',
      maxValue: 130,
      limitValue: 80,
    },
    { ...base, ...at('2020-03-03T03:00:00Z', 0), vehicleId: A, kind: 'ignition_on' },
    {
      ...base,
      ...at('2020-03-03T03:00:00Z', 1),
      unitId: UNIT.karawang,
      vehicleId: karawangVehicle,
      kind: 'overspeed',
      maxValue: 140,
      limitValue: 80,
    },
  ]);
});
afterAll(() => t?.close());

describe('violation traffic', () => {
  it('S-053 counts the week by kind, per day of the unit’s zone, with empty days', async () => {
    const res = await as('admin', `/violation-traffic?${period()}`);
    expect(res.status).toBe(200);
    const page = violationTraffic.parse(res.json);
    expect(page.timeZone).toBe('Asia/Jakarta');
    expect(page.bucket).toBe('day');
    expect(page.totals).toEqual({ overspeed: 3, overstop: 2, overroute: 3, total: 8, points: 17 });
    expect(page.traffic.map((b) => [b.day, b.overspeed, b.overstop, b.overroute, b.total])).toEqual([
      ['2020-03-02', 2, 1, 0, 3],
      ['2020-03-03', 1, 0, 0, 1],
      ['2020-03-04', 0, 1, 1, 2],
      ['2020-03-05', 0, 0, 0, 0],
      ['2020-03-06', 0, 0, 2, 2],
      ['2020-03-07', 0, 0, 0, 0],
      ['2020-03-08', 0, 0, 0, 0],
    ]);
    expect(page.traffic[0]).toMatchObject({
      from: '2020-03-01T17:00:00.000Z',
      to: '2020-03-02T17:00:00.000Z',
    });
  });

  it('S-053 S-064 cuts a week in one weekly bar, and a half year in months', async () => {
    const weekly = violationTraffic.parse(
      (await as('admin', `/violation-traffic?${period()}&bucket=week`)).json,
    );
    expect(weekly.traffic).toEqual([
      {
        day: '2020-03-02',
        from: '2020-03-01T17:00:00.000Z',
        to: '2020-03-08T17:00:00.000Z',
        overspeed: 3,
        overstop: 2,
        overroute: 3,
        total: 8,
      },
    ]);
    const half = violationTraffic.parse(
      (
        await as(
          'admin',
          `/violation-traffic?${period('2020-01-01T00:00:00+07:00', '2020-07-01T00:00:00+07:00')}`,
        )
      ).json,
    );
    expect(half.bucket).toBe('month');
    expect(half.traffic.map((b) => [b.day, b.total])).toEqual([
      ['2020-01-01', 0],
      ['2020-02-01', 0],
      // The week's eight, and the one of Monday 9 March 00:00 WIB.
      ['2020-03-01', 9],
      ['2020-04-01', 0],
      ['2020-05-01', 0],
      ['2020-06-01', 0],
    ]);
    const month = violationTraffic.parse(
      (
        await as(
          'admin',
          `/violation-traffic?${period('2020-03-01T00:00:00+07:00', '2020-04-01T00:00:00+07:00')}`,
        )
      ).json,
    );
    expect(month.bucket).toBe('day');
    expect(month.traffic).toHaveLength(31);
    expect(month.totals.total).toBe(9);
  });

  it('S-053 counts by fleet (a vehicle in two fleets in each) and by driver', async () => {
    const page = violationTraffic.parse((await as('admin', `/violation-traffic?${period()}`)).json);
    expect(
      page.byFleet.map((f) => [f.fleetId, f.overspeed, f.overstop, f.overroute, f.total, f.points]),
    ).toEqual([
      [F1, 3, 2, 1, 6, 13],
      [F2, 1, 1, 1, 3, 7],
      [null, 0, 0, 2, 2, 4],
    ]);
    expect(page.byFleet[0]!.fleetName).toBe('Traffic Fleet One');
    const byDriver = Object.fromEntries(page.byDriver.map((d) => [String(d.pengemudiId), d]));
    expect(byDriver[D1.driverId]).toMatchObject({
      overspeed: 2,
      overstop: 1,
      overroute: 0,
      total: 3,
      points: 6,
    });
    expect(byDriver[D2.driverId]).toMatchObject({
      overspeed: 1,
      overstop: 1,
      overroute: 1,
      total: 3,
      points: 7,
    });
    expect(byDriver.null).toMatchObject({ name: null, overroute: 2, total: 2, points: 4 });
  });

  it('S-053 ranks the top 10 drivers by severity points and shows the formula', async () => {
    const page = violationTraffic.parse((await as('admin', `/violation-traffic?${period()}`)).json);
    expect(page.topDrivers.map((d) => [d.rank, d.pengemudiId, d.name, d.points])).toEqual([
      [1, D2.driverId, D2.name, 7],
      [2, D1.driverId, D1.name, 6],
    ]);
    expect(page.formula.steps).toEqual({
      overspeed: { unit: 'km/h', steps: [10, 20] },
      overstop: { unit: 'min', steps: [30, 60] },
      overroute: { unit: 'km', steps: [5, 20] },
    });
    expect(page.formula.text).toContain('over speed by km/h over the limit');
  });

  it('filters by fleet (or none) and vehicle', async () => {
    const f2 = violationTraffic.parse(
      (await as('admin', `/violation-traffic?${period()}&fleetId=${F2}`)).json,
    );
    expect(f2.totals).toMatchObject({ total: 3, points: 7 });
    const none = violationTraffic.parse(
      (await as('admin', `/violation-traffic?${period()}&fleetId=none`)).json,
    );
    expect(none.totals).toMatchObject({ overroute: 2, total: 2 });
    const a = violationTraffic.parse(
      (await as('admin', `/violation-traffic?${period()}&kendaraanId=${A}`)).json,
    );
    expect(a.totals).toMatchObject({ total: 3, points: 6 });
  });

  it('S-053 lists the violations behind a bar, newest first, paged, each with its playback period', async () => {
    const res = await as('admin', `/violation-traffic/violations?${period()}&kind=overroute`);
    expect(res.status).toBe(200);
    const list = trafficViolationList.parse(res.json);
    expect(list.count).toBe(3);
    expect(list.results.map((r) => [r.kendaraanId, r.measure, r.points])).toEqual([
      [C, 0, 1],
      [C, 25, 3],
      [B, 7.5, 2],
    ]);
    const wednesday = trafficViolationList.parse(
      (
        await as(
          'admin',
          `/violation-traffic/violations?${period('2020-03-04T00:00:00+07:00', '2020-03-05T00:00:00+07:00')}&kind=overstop`,
        )
      ).json,
    );
    expect(wednesday.results).toHaveLength(1);
    expect(wednesday.results[0]).toMatchObject({
      kind: 'overstop',
      kendaraanId: B,
      nomorKendaraan: hullB,
      pengemudiId: D2.driverId,
      driver: D2.name,
      start: '2020-03-04T01:00:00.000Z',
      end: '2020-03-04T02:40:00.000Z',
      duration: 6000,
      measure: 70,
      points: 3,
      location: 'Tol Cikampek KM 47',
      place: placeOf(-6.3, 107.2, 0),
      position: [107.2, -6.3],
      playback: { kendaraanId: B, from: '2020-03-04T00:55:00.000Z', to: '2020-03-04T02:45:00.000Z' },
    });
    const d1 = trafficViolationList.parse(
      (
        await as(
          'admin',
          `/violation-traffic/violations?${period()}&pengemudiId=${D1.driverId}&kind=overspeed&Take=1&Skip=1`,
        )
      ).json,
    );
    expect(d1.count).toBe(2);
    expect(d1.results.map((r) => r.measure)).toEqual([18]);
    const noDriver = trafficViolationList.parse(
      (await as('admin', `/violation-traffic/violations?${period()}&pengemudiId=none&fleetId=none`)).json,
    );
    expect(noDriver.count).toBe(2);
  });

  it('S-053 refuses a request without a period with exactly "Period Time Cannot Null"', async () => {
    for (const path of ['/violation-traffic', '/violation-traffic/violations']) {
      const none = await as('admin', path);
      expect(none.status, path).toBe(400);
      expect(none.json.detail).toBe('Period Time Cannot Null');
      expect(none.json.errors).toEqual([
        { path: 'from', message: 'Period Time Cannot Null' },
        { path: 'to', message: 'Period Time Cannot Null' },
      ]);
      const noEnd = await as('admin', `${path}?from=${encodeURIComponent(FROM)}&to=`);
      expect(noEnd.status).toBe(400);
      expect(noEnd.json.errors).toEqual([{ path: 'to', message: 'Period Time Cannot Null' }]);
    }
  });

  it('answers 400 naming the field for a bad period or filter, 404 for another unit’s rows', async () => {
    const backwards = await as('admin', `/violation-traffic?${period(TO, FROM)}`);
    expect(backwards.status).toBe(400);
    expect(fieldsOf(backwards.json)).toContain('to');
    const tooLong = await as(
      'admin',
      `/violation-traffic?${period('2019-01-01T00:00:00Z', '2020-03-01T00:00:00Z')}`,
    );
    expect(tooLong.status).toBe(400);
    expect(fieldsOf(tooLong.json)).toContain('to');
    const badDate = await as('admin', `/violation-traffic?from=yesterday&to=${encodeURIComponent(TO)}`);
    expect(badDate.status).toBe(400);
    expect(fieldsOf(badDate.json)).toEqual(['from']);
    for (const q of [
      'violations?fleetId=abc',
      'violations?kind=speeding',
      'violations?pengemudiId=-1',
      'violations?Take=0',
      '?bucket=year',
      '?kendaraanId=x',
    ]) {
      const [path, filter] = q.split('?') as [string, string];
      const bad = await as('admin', `/violation-traffic${path && '/'}${path}?${period()}&${filter}`);
      expect(bad.status, q).toBe(400);
      expect(fieldsOf(bad.json).join(), q).toContain(filter.split('=')[0]);
    }
    expect((await as('admin', `/violation-traffic?${period()}&kendaraanId=${karawangVehicle}`)).status).toBe(
      404,
    );
  });

  it('is read by the Administrator’s menu only: a User and a Guest are refused', async () => {
    expect((await as('operator', `/violation-traffic?${period()}`)).status).toBe(403);
    expect((await as('guest', `/violation-traffic/violations?${period()}`)).status).toBe(403);
  });

  it('exports the violations of the period with their points as .xlsx, in Indonesian', async () => {
    const body = {
      report: 'violation_traffic',
      format: 'xlsx',
      query: { from: FROM, to: TO },
      language: 'id',
    };
    expect((await as('operator', '/export/token', { body })).status).toBe(403);
    const issued = await as('admin', '/export/token', { body });
    expect(issued.status).toBe(201);
    const res = await fetch(t.url + issued.json.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('violation-traffic_2020-03-02_2020-03-08.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0]!;
    const header = sheet.getRow(1).values as unknown[];
    expect(header).toEqual(expect.arrayContaining(['Pelanggaran', 'Pengemudi', 'Poin']));
    expect(sheet.rowCount).toBe(10); // heading, eight violations, totals
    expect(sheet.getRow(10).getCell(header.indexOf('Poin')).value).toBe(17);
    const empty = await as('admin', '/export/token', { body: { ...body, query: {} } });
    expect(empty.status).toBe(400);
    expect(empty.json.errors).toEqual(
      expect.arrayContaining([{ path: 'query.from', message: 'Period Time Cannot Null' }]),
    );
  });
});
