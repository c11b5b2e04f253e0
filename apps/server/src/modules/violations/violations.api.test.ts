import ExcelJS from 'exceljs';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overspeedList, overstopList } from '@pantau/contracts';
import { events, geofences, geofenceVisits, vehicles } from '../../db/schema/index.js';
import { placeOf, placeWords } from '../../places/place-names.js';
import { call, signIn, startTestApp, UNIT, type TestApp } from '../../test/test-app.js';

let t: TestApp;
const tokens: Record<string, string> = {};
let vehicleId: number;
let otherVehicle: number;
let karawangVehicle: number;
let hull: string;

const roles = {
  admin: { unitId: UNIT.sunter, role: 'Administrator' },
  operator: { unitId: UNIT.sunter, role: 'User' },
  guest: { unitId: UNIT.sunter, role: 'Guest' },
} as const;
type Who = keyof typeof roles;
const as = (who: Who, path: string, o: { method?: string; body?: unknown } = {}) =>
  call(t.url, `/api${path}`, { token: tokens[who], role: roles[who], ...o });
const fieldsOf = (json: { errors?: { path: string }[] }) => (json.errors ?? []).map((e) => e.path);

// A week in 2020, long before the demo's own events: these rows are the only ones in it.
const FROM = '2020-03-01T00:00:00+07:00';
const TO = '2020-03-08T00:00:00+07:00';
const period = `from=${encodeURIComponent(FROM)}&to=${encodeURIComponent(TO)}`;

beforeAll(async () => {
  t = await startTestApp({ deps: { telemetry: { tickMs: 0 } } });
  for (const u of ['admin', 'operator', 'guest']) tokens[u] = await signIn(t.url, u);
  const db = t.db.db;
  const ofUnit = async (unitId: number) =>
    db.select().from(vehicles).where(eq(vehicles.unitId, unitId)).orderBy(asc(vehicles.vehicleId)).limit(2);
  const [a, b] = await ofUnit(UNIT.sunter);
  vehicleId = a!.vehicleId;
  hull = a!.hullNumber;
  otherVehicle = b!.vehicleId;
  karawangVehicle = (await ofUnit(UNIT.karawang))[0]!.vehicleId;
  const [restArea] = await db
    .select()
    .from(geofences)
    .where(eq(geofences.unitId, UNIT.sunter))
    .orderBy(asc(geofences.geofenceId))
    .limit(1);
  await db
    .update(geofences)
    .set({ category: 'rest_area' })
    .where(eq(geofences.geofenceId, restArea!.geofenceId));
  await db.insert(geofenceVisits).values({
    unitId: UNIT.sunter,
    vehicleId: otherVehicle,
    geofenceId: restArea!.geofenceId,
    enterTime: new Date('2020-03-03T01:00:00Z'),
    exitTime: new Date('2020-03-03T03:30:00Z'),
    durationS: 9000,
    open: false,
  });
  const base = { unitId: UNIT.sunter, open: false, location: 'Tol Cikampek KM 47' };
  await db.insert(events).values([
    // Over speed: 98 in a 80 zone for 4 minutes.
    {
      ...base,
      vehicleId,
      kind: 'overspeed',
      startedAt: new Date('2020-03-02T02:00:00Z'),
      endedAt: new Date('2020-03-02T02:04:00Z'),
      durationS: 240,
      maxValue: 98,
      limitValue: 80,
      lat: -6.3,
      lon: 107.2,
    },
    {
      ...base,
      vehicleId: otherVehicle,
      kind: 'overspeed',
      startedAt: new Date('2020-03-04T05:00:00Z'),
      endedAt: new Date('2020-03-04T05:01:00Z'),
      durationS: 60,
      maxValue: 112.4,
      limitValue: 80,
      lat: -6.31,
      lon: 107.21,
    },
    // Outside the period: ignored.
    {
      ...base,
      vehicleId,
      kind: 'overspeed',
      startedAt: new Date('2020-03-09T02:00:00Z'),
      endedAt: new Date('2020-03-09T02:04:00Z'),
      durationS: 240,
      maxValue: 130,
      limitValue: 80,
    },
    // Over stop: 50 minutes where 30 are allowed, and 100 minutes at the rest area (allowed 60).
    {
      ...base,
      vehicleId,
      kind: 'overstop',
      startedAt: new Date('2020-03-02T06:00:00Z'),
      endedAt: new Date('2020-03-02T06:50:00Z'),
      durationS: 3000,
      limitValue: 30,
      lat: -6.4,
      lon: 107.4,
    },
    {
      ...base,
      vehicleId: otherVehicle,
      kind: 'overstop',
      startedAt: new Date('2020-03-03T01:10:00Z'),
      endedAt: new Date('2020-03-03T02:50:00Z'),
      durationS: 6000,
      limitValue: 60,
      lat: -6.4,
      lon: 107.4,
    },
    // Another unit's: never seen from Sunter.
    {
      ...base,
      unitId: UNIT.karawang,
      vehicleId: karawangVehicle,
      kind: 'overspeed',
      startedAt: new Date('2020-03-02T02:00:00Z'),
      durationS: 60,
      maxValue: 140,
      limitValue: 80,
    },
  ]);
});
afterAll(async () => {
  await t?.db.db.delete(events).where(inArray(events.vehicleId, [vehicleId, otherVehicle, karawangVehicle]));
  await t?.close();
});

describe('over speed and over stop reports', () => {
  it('S-056 lists over-speeds of the period with over, location and duration, newest first, with totals', async () => {
    const res = await as('operator', `/overspeed?${period}`);
    expect(res.status).toBe(200);
    const list = overspeedList.parse(res.json);
    expect(list.count).toBe(2);
    expect(list.results.map((r) => r.max)).toEqual([112.4, 98]);
    const row = list.results[1]!;
    expect(row).toMatchObject({
      kendaraanId: vehicleId,
      nomorKendaraan: hull,
      over: 18,
      limit: 80,
      duration: 240,
    });
    expect(row.location).toBe('Tol Cikampek KM 47');
    // Where, for the page to word in the user's language: the place of its position at its top speed.
    expect(row.place).toEqual(placeOf(-6.3, 107.2, 98));
    expect(list.totals).toEqual({ count: 2, duration: 300, max: 112.4 });
  });

  it('S-056 lists over-stops with the over-stop time, location and why it counts', async () => {
    const list = overstopList.parse(
      (await as('operator', `/overstop?${period}&sortBy=start&sortDir=ascend`)).json,
    );
    expect(list.results).toHaveLength(2);
    const [outside, restArea] = list.results;
    expect(outside).toMatchObject({
      kendaraanId: vehicleId,
      allowance: 30,
      overstop: 1200,
      reason: 'outside_work_site',
    });
    expect(restArea).toMatchObject({
      kendaraanId: otherVehicle,
      allowance: 60,
      overstop: 2400,
      reason: 'rest_area',
    });
    expect(restArea!.geofence).not.toBeNull();
    expect(restArea!.location).toBe(restArea!.geofence);
    expect(restArea!.place).toEqual({ kind: 'at', name: restArea!.geofence, distanceKm: null, km: null });
    expect(list.totals).toMatchObject({ count: 2, duration: 9000, max: null });
  });

  it('filters by vehicles, sorts, and pages with Take and Skip', async () => {
    const one = overspeedList.parse(
      (await as('operator', `/overspeed?${period}&kendaraanId=${vehicleId}`)).json,
    );
    expect(one.results.map((r) => r.kendaraanId)).toEqual([vehicleId]);
    const both = overspeedList.parse(
      (
        await as(
          'operator',
          `/overspeed?${period}&kendaraanId=${vehicleId},${otherVehicle}&sortBy=duration&sortDir=ascend&Take=1&Skip=1`,
        )
      ).json,
    );
    expect(both.count).toBe(2);
    expect(both.results.map((r) => r.duration)).toEqual([240]);
    const all = overspeedList.parse((await as('operator', `/reports/overspeed?${period}`)).json);
    expect(all.results).toHaveLength(2);
  });

  it('answers 400 naming the field for a bad period', async () => {
    const backwards = await as(
      'operator',
      `/overspeed?from=${encodeURIComponent(TO)}&to=${encodeURIComponent(FROM)}`,
    );
    expect(backwards.status).toBe(400);
    expect(fieldsOf(backwards.json)).toContain('to');
    const tooLong = await as('operator', `/overstop?from=2020-01-01T00:00:00Z&to=2020-03-01T00:00:00Z`);
    expect(tooLong.status).toBe(400);
    expect(fieldsOf(tooLong.json)).toContain('to');
    const badDate = await as('operator', `/overspeed?from=yesterday&to=2020-03-01T00:00:00Z`);
    expect(badDate.status).toBe(400);
    expect(fieldsOf(badDate.json)).toContain('from');
    const missing = await as('operator', `/overspeed`);
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing.json)).toEqual(expect.arrayContaining(['from', 'to']));
  });

  it('S-064 answers 400 naming the field for a bad period on every report, its list and its export rows', async () => {
    const reports = ['overspeed', 'overstop', 'overroute', 'loggeopoint', 'detail_activity'];
    const bad: [string, string][] = [
      [`from=${encodeURIComponent(TO)}&to=${encodeURIComponent(FROM)}`, 'to'],
      ['from=2020-01-01T00:00:00Z&to=2020-03-01T00:00:00Z', 'to'],
      ['from=yesterday&to=2020-03-01T00:00:00Z', 'from'],
      ['from=2020-02-30T00:00:00Z&to=2020-03-01T00:00:00Z', 'from'],
    ];
    for (const report of reports)
      for (const path of [`/${report}`, `/reports/${report}`])
        for (const [query, field] of bad) {
          const res = await as('admin', `${path}?${query}`);
          expect(res.status, `${path}?${query}`).toBe(400);
          expect(fieldsOf(res.json), `${path}?${query}`).toContain(field);
        }
  });

  it('refuses Guests, and answers 404 for another unit’s vehicle', async () => {
    for (const path of ['/overspeed', '/reports/overstop', '/overroute', '/reports/loggeopoint'])
      expect((await as('guest', `${path}?${period}`)).status, path).toBe(403);
    const foreign = await as('admin', `/overspeed?${period}&kendaraanId=${karawangVehicle}`);
    expect(foreign.status).toBe(404);
  });
});

describe('report export', () => {
  const exportOf = async (who: Who, body: unknown) => as(who, '/export/token', { body });

  it('S-059 exports over speed as .xlsx through a single-use link, with a totals row', async () => {
    const issued = await exportOf('operator', {
      report: 'overspeed',
      format: 'xlsx',
      query: { from: FROM, to: TO },
      language: 'id',
    });
    expect(issued.status).toBe(201);
    const url = issued.json.url as string;
    const res = await fetch(t.url + url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('over-speed_2020-03-01_2020-03-07.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0]!;
    const header = sheet.getRow(1).values as unknown[];
    expect(header).toContain('Nomor lambung');
    expect(header).toContain('Kelebihan (km/jam)');
    expect(sheet.rowCount).toBe(4); // heading, two rows, totals
    const hullColumn = header.indexOf('Nomor lambung');
    expect(sheet.getRow(3).getCell(hullColumn).value).toBe(hull);
    expect(String(sheet.getRow(4).getCell(1).value)).toBe('Jumlah (2)');
    // Start in the unit's time zone (WIB): 02:00 UTC is 09:00.
    const start = sheet.getRow(3).getCell(header.indexOf('Mulai')).value as Date;
    expect(start.toISOString()).toBe('2020-03-02T09:00:00.000Z');
    // The place in Indonesian ("dekat …, 5,5 km"), not the English text stored with the event.
    const where = sheet.getRow(3).getCell(header.indexOf('Lokasi')).value;
    expect(where).toBe(placeWords(placeOf(-6.3, 107.2, 98), 'id'));
    expect(String(where)).toMatch(/^(di|dekat) /);

    const again = await fetch(t.url + url);
    expect(again.status).toBe(410);
  });

  it('S-059 exports over stop as CSV in English', async () => {
    const issued = await exportOf('admin', {
      report: 'overstop',
      format: 'csv',
      query: { from: FROM, to: TO, sortBy: 'start', sortDir: 'ascend' },
    });
    const res = await fetch(t.url + issued.json.url);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Hull number,Plate');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('Stopped outside any work site');
    expect(lines[1]).toContain('2020-03-02 13:00:00');
    expect(lines[1]).toContain('0:50:00');
    expect(lines[3]).toMatch(/^Total \(2\)/);
  });

  it('exports detail activity for an Administrator, not for a User whose menu lacks it', async () => {
    const body = { report: 'detail_activity', format: 'csv', query: { from: FROM, to: TO } };
    expect((await exportOf('operator', body)).status).toBe(403);
    const issued = await exportOf('admin', body);
    expect(issued.status).toBe(201);
    const res = await fetch(t.url + issued.json.url);
    expect(res.status).toBe(200);
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Day,Hull number,Plate,Distance (km)');
    expect(lines.at(-1)).toMatch(/^Total \(\d+\)/);
  });

  it('exports the geofence visits and over-route reports too', async () => {
    for (const report of ['loggeopoint', 'overroute']) {
      const issued = await exportOf('operator', { report, format: 'csv', query: { from: FROM, to: TO } });
      expect(issued.status, report).toBe(201);
      const res = await fetch(t.url + issued.json.url);
      expect(res.status).toBe(200);
    }
  });

  it('refuses a role without the report, a bad query (400 naming query.<field>) and a forged link', async () => {
    expect((await exportOf('guest', { report: 'overspeed', query: { from: FROM, to: TO } })).status).toBe(
      403,
    );
    const bad = await exportOf('operator', { report: 'overspeed', query: { from: TO, to: FROM } });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.json)).toContain('query.to');
    const noReport = await exportOf('operator', { report: 'nothing', query: {} });
    expect(noReport.status).toBe(400);
    expect(fieldsOf(noReport.json)).toContain('report');
    expect((await fetch(`${t.url}/api/export?token=not-a-token`)).status).toBe(410);
    const issued = await exportOf('operator', { report: 'overspeed', query: { from: FROM, to: TO } });
    const forged = issued.json.token.slice(0, -3) + (issued.json.token.endsWith('AAA') ? 'BBB' : 'AAA');
    expect((await fetch(`${t.url}/api/export?token=${forged}`)).status).toBe(410);
  });
});
