import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vehicleList, vehicleRow } from '@pantau/contracts';
import { call, signIn, startTestApp, UNIT, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let guest: string;
let multi: string;
beforeAll(async () => {
  t = await startTestApp();
  guest = await signIn(t.url, 'guest');
  multi = await signIn(t.url, 'multi');
});
afterAll(() => t?.close());

const asGuest = { unitId: UNIT.sunter, role: 'Guest' };

/** The spec's vehicle report row (§3), in its order, plus Pantau's additions. */
const SPEC_FIELDS = [
  'kendaraanId',
  'unitId',
  'fleet',
  'pantauKendaraanId',
  'registrationNumber',
  'nomorPolisi',
  'nomorKendaraan',
  'merk',
  'merkId',
  'tipe',
  'tipeId',
  'dedicated',
  'pool',
  'erpOdometer',
  'gpsOdometer',
  'tahun',
  'notes',
  'icon',
  'engineHour',
  'odometer',
  'gsmNumber',
  'smsAlert',
  'speedLimit',
  'aktif',
];

describe('GET /api/kendaraan', () => {
  it('S-043 S-063 answers { count, results } with 10 rows by default, in the spec vehicle row shape', async () => {
    const { status, json } = await call(t.url, '/api/kendaraan', { token: guest, role: asGuest });
    expect(status).toBe(200);
    const list = vehicleList.parse(json);
    expect(list.count).toBe(24);
    expect(list.results).toHaveLength(10);
    const row = json.results[0];
    for (const f of SPEC_FIELDS) expect(row, f).toHaveProperty(f);
    expect(Object.keys(row).sort()).toEqual(
      [
        ...SPEC_FIELDS,
        'vehicleClass',
        'capacity',
        'stnkDue',
        'kirDue',
        'pengemudiId',
        'pengemudi',
        'coPengemudiId',
        'coPengemudi',
      ].sort(),
    );
    vehicleRow.strict().parse(row);
    expect(typeof row.aktif).toBe('boolean');
    expect(row.nomorPolisi).toMatch(/^(B|T|D|E|F|A|H|L|W) (8\d{3}|9\d{3}) [A-Z]{1,3}$/);
    expect(row.pantauKendaraanId).toMatch(/^\d{15}$/);
    expect(row.fleet.length).toBeGreaterThan(0);
    expect(row.merk).toBeTruthy();
    expect(row.stnkDue).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('pages with Take and Skip, ordered by nomorKendaraan, only the chosen unit', async () => {
    const all = await call(t.url, '/api/kendaraan?Take=1000', { token: guest, role: asGuest });
    expect(all.json.results).toHaveLength(24);
    const hulls = all.json.results.map((r: { nomorKendaraan: string }) => r.nomorKendaraan);
    expect(hulls).toEqual([...hulls].sort());
    expect(new Set(all.json.results.map((r: { unitId: number }) => r.unitId))).toEqual(
      new Set([UNIT.sunter]),
    );
    const page = await call(t.url, '/api/kendaraan?Take=5&Skip=20', { token: guest, role: asGuest });
    expect(page.json.count).toBe(24);
    expect(page.json.results.map((r: { nomorKendaraan: string }) => r.nomorKendaraan)).toEqual(
      hulls.slice(20, 25),
    );
    const past = await call(t.url, '/api/kendaraan?Skip=500', { token: guest, role: asGuest });
    expect(past.json).toEqual({ count: 24, results: [] });
  });

  it('shows each unit only its own vehicles', async () => {
    const karawang = await call(t.url, '/api/kendaraan?Take=100', {
      token: multi,
      role: { unitId: UNIT.karawang, role: 'Administrator' },
    });
    const cikarang = await call(t.url, '/api/kendaraan?Take=100', {
      token: multi,
      role: { unitId: UNIT.cikarang, role: 'User' },
    });
    expect(karawang.json.count).toBe(20);
    expect(cikarang.json.count).toBe(16);
    expect(cikarang.json.results.every((r: { vehicleClass: string }) => r.vehicleClass === 'TRUCK')).toBe(
      true,
    );
    const ids = new Set(karawang.json.results.map((r: { kendaraanId: number }) => r.kendaraanId));
    expect(cikarang.json.results.some((r: { kendaraanId: number }) => ids.has(r.kendaraanId))).toBe(false);
  });

  it('answers 400 naming Take or Skip for bad paging, never 500', async () => {
    for (const [query, field] of [
      ['Take=0', 'Take'],
      ['Take=1001', 'Take'],
      ['Take=abc', 'Take'],
      ['Skip=-1', 'Skip'],
      ['Take=2.5', 'Take'],
    ]) {
      const { status, json } = await call(t.url, `/api/kendaraan?${query}`, { token: guest, role: asGuest });
      expect(status, query).toBe(400);
      expect(json.code).toBe('VALIDATION');
      expect(json.errors.map((e: { path: string }) => e.path)).toContain(field);
    }
  });
});

describe('GET /api/kendaraan search, filters and sort', () => {
  type Row = {
    kendaraanId: number;
    nomorPolisi: string;
    nomorKendaraan: string;
    pantauKendaraanId: string;
    vehicleClass: string;
    aktif: boolean;
    tahun: number | null;
    stnkDue: string | null;
    kirDue: string | null;
    fleet: { fleetId: number }[];
  };
  const list = async (query: string): Promise<{ count: number; results: Row[] }> => {
    const { status, json } = await call(
      t.url,
      `/api/kendaraan?${query.includes('Take=') ? '' : 'Take=1000&'}${query}`,
      {
        token: guest,
        role: asGuest,
      },
    );
    expect(status, query).toBe(200);
    return json;
  };
  const ids = (rows: Row[]) => rows.map((r) => r.kendaraanId).sort((a, b) => a - b);
  let all: Row[];
  beforeAll(async () => {
    all = (await list('')).results;
  });

  it('searches plate, hull number and tracker id ignoring case and spaces', async () => {
    const v = all[5]!;
    for (const q of [
      v.nomorPolisi.toLowerCase().replaceAll(' ', ''),
      v.nomorPolisi.replace(' ', '  '),
      v.nomorKendaraan.toLowerCase(),
      v.pantauKendaraanId.slice(-9),
    ]) {
      const found = await list(`search=${encodeURIComponent(q)}`);
      expect(
        found.results.map((r) => r.kendaraanId),
        q,
      ).toContain(v.kendaraanId);
      expect(found.count).toBe(found.results.length);
    }
    expect((await list('search=zzzz-no-such')).count).toBe(0);
  });

  it('filters by fleet, class and the active flag', async () => {
    const fleetId = all[0]!.fleet[0]!.fleetId;
    const inFleet = await list(`fleetId=${fleetId}`);
    expect(ids(inFleet.results)).toEqual(ids(all.filter((r) => r.fleet.some((f) => f.fleetId === fleetId))));
    expect(inFleet.count).toBeGreaterThan(0);
    expect((await list('vehicleClass=TRUCK')).count).toBe(0);
    expect((await list('vehicleClass=CC')).count).toBe(24);
    const inactive = await list('aktif=false');
    expect(inactive.count).toBeGreaterThan(0);
    expect(ids(inactive.results)).toEqual(ids(all.filter((r) => !r.aktif)));
    expect((await list('aktif=true')).count).toBe(24 - inactive.count);
    const bad = await call(t.url, '/api/kendaraan?aktif=maybe&documentStatus=old', {
      token: guest,
      role: asGuest,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((e: { path: string }) => e.path).sort()).toEqual(['aktif', 'documentStatus']);
  });

  it('filters by STNK/KIR status: expired, due within 30 days, valid', async () => {
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const dueBy = new Date(Date.parse(`${today}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
    const dates = (r: Row) => [r.stnkDue, r.kirDue].filter((d): d is string => d !== null);
    const expired = all.filter((r) => dates(r).some((d) => d < today));
    const soon = all.filter((r) => !expired.includes(r) && dates(r).some((d) => d <= dueBy));
    const valid = all.filter((r) => !expired.includes(r) && !soon.includes(r));
    expect(ids((await list('documentStatus=expired')).results)).toEqual(ids(expired));
    expect(ids((await list('documentStatus=due_soon')).results)).toEqual(ids(soon));
    expect(ids((await list('documentStatus=valid')).results)).toEqual(ids(valid));
    // The demo data has documents in each state.
    expect(soon.length + expired.length).toBeGreaterThan(0);
    expect(valid.length).toBeGreaterThan(0);
  });

  it('sorts by the chosen column and direction, empty values last', async () => {
    const byPlate = (await list('sortBy=nomorPolisi&sortDir=descend')).results.map((r) => r.nomorPolisi);
    expect(byPlate).toEqual([...byPlate].sort().reverse());
    const byYear = (await list('sortBy=tahun')).results.map((r) => r.tahun ?? Infinity);
    expect(byYear).toEqual([...byYear].sort((a, b) => a - b));
    const page = await list('sortBy=nomorPolisi&sortDir=descend&Take=3&Skip=3');
    expect(page.results.map((r) => r.nomorPolisi)).toEqual(byPlate.slice(3, 6));
    expect(page.count).toBe(24);
  });

  it('S-062 GET /api/reports/kendaraan answers every matching row without paging', async () => {
    const as = { token: guest, role: asGuest };
    const report = await call(t.url, '/api/reports/kendaraan', as);
    expect(report.status).toBe(200);
    expect(report.json.count).toBe(24);
    expect(report.json.results).toHaveLength(24);
    const filtered = await call(t.url, '/api/reports/kendaraan?aktif=false&sortBy=nomorPolisi', as);
    expect(filtered.json.results.every((r: Row) => !r.aktif)).toBe(true);
    const tooMany = await call(t.url, '/api/reports/kendaraan?Take=10001', as);
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.errors[0].path).toBe('Take');
  });
});
