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
