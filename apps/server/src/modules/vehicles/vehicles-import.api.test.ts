import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { importResponse } from '@pantau/contracts';
import { drivers, fleets, vehicles } from '../../db/schema/index.js';
import { call, signIn, startTestApp, UNIT, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
let operator: string;
let fleetName: string;
let employeeNumbers: string[];
let brand: { merk: string; tipe: string };
let existingPlate: string;
let sunterHull: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t.url, 'admin');
  operator = await signIn(t.url, 'operator');
  const db = t.db.db;
  fleetName = (await db.select().from(fleets).where(eq(fleets.unitId, UNIT.sunter)).limit(1))[0]!.fleetName;
  employeeNumbers = (
    await db.select().from(drivers).where(eq(drivers.unitId, UNIT.sunter)).orderBy(asc(drivers.driverId))
  )
    .filter((d) => d.aktif)
    .map((d) => d.employeeNumber);
  const brands = (await byAdmin('/kendaraan/merk')).json.results;
  brand = { merk: brands[0].merk, tipe: brands[0].tipe[0].tipe };
  existingPlate = (await db.select().from(vehicles).where(eq(vehicles.unitId, UNIT.karawang)).limit(1))[0]!
    .plateNumber;
  sunterHull = (await db.select().from(vehicles).where(eq(vehicles.unitId, UNIT.sunter)).limit(1))[0]!
    .hullNumber;
});
afterAll(() => t?.close());

const asAdmin = { unitId: UNIT.sunter, role: 'Administrator' };
function byAdmin(path: string, o: { method?: string; body?: unknown } = {}) {
  return call(t.url, `/api${path}`, { token: admin, role: asAdmin, ...o });
}
const countOfUnit = async () => (await byAdmin('/kendaraan?Take=1')).json.count as number;

let seq = 0;
/** A row as the browser reads it from a sheet: strings and numbers under the spec's column names. */
function sheetRow(over: Record<string, unknown> = {}): Record<string, unknown> {
  seq += 1;
  return {
    pantauKendaraanId: 866000000000000 + seq,
    nomorPolisi: `b ${8800 + seq} imp`,
    nomorKendaraan: `IMP-${seq}`,
    vehicleClass: 'cc',
    ...over,
  };
}

describe('POST /api/kendaraan/import', () => {
  it('a dry run checks every row and stores nothing', async () => {
    const before = await countOfUnit();
    const rows = [sheetRow(), sheetRow({ speedLimit: '500' }), sheetRow()];
    const { status, json } = await byAdmin('/kendaraan/import', { body: { rows, dryRun: true } });
    expect(status).toBe(200);
    expect(importResponse.parse(json)).toEqual({
      total: 3,
      valid: 2,
      created: 0,
      rows: [
        { row: 1, errors: [] },
        { row: 2, errors: [{ path: 'speedLimit', message: expect.stringContaining('between') }] },
        { row: 3, errors: [] },
      ],
    });
    expect(await countOfUnit()).toBe(before);
  });

  it('stores every row in one go, reading cells as typed in a sheet, and the pipeline knows the trackers', async () => {
    const before = await countOfUnit();
    const rows = [
      sheetRow({
        'Nomor Polisi': 'B 8701 IMX',
        nomorPolisi: undefined,
        fleet: `${fleetName.toUpperCase()}; `,
        merk: brand.merk.toLowerCase(),
        tipe: brand.tipe,
        pengemudi: employeeNumbers[0]!.toLowerCase(),
        coPengemudi: employeeNumbers[1],
        speedLimit: '80',
        tahun: '2019',
        smsAlert: 'ya',
        aktif: 'tidak',
        stnkDue: '31/12/2030',
        kirDue: 47848, // Excel's serial for 2030-12-31
        gsmNumber: 81287654321, // a phone cell read as a number loses its 0
        capacity: '',
      }),
      sheetRow({ vehicleClass: 'Truck', erpOdometer: '12,5' }),
    ];
    const { status, json } = await byAdmin('/kendaraan/import', { body: { rows } });
    expect(status, JSON.stringify(json)).toBe(201);
    expect(json).toMatchObject({ total: 2, valid: 2, created: 2 });
    expect(await countOfUnit()).toBe(before + 2);

    const [first] = (await byAdmin('/kendaraan?search=B8701IMX')).json.results;
    expect(first).toMatchObject({
      nomorPolisi: 'B 8701 IMX',
      merk: brand.merk,
      tipe: brand.tipe,
      speedLimit: 80,
      tahun: 2019,
      smsAlert: true,
      aktif: false,
      stnkDue: '2030-12-31',
      kirDue: '2030-12-31',
      gsmNumber: '+6281287654321',
      capacity: null,
      fleet: [{ fleetName }],
    });
    expect(first.pengemudi).toBeTruthy();
    expect(first.coPengemudi).toBeTruthy();
    const [second] = (await byAdmin(`/kendaraan?search=${rows[1]!.nomorKendaraan}`)).json.results;
    expect(second).toMatchObject({ vehicleClass: 'TRUCK', erpOdometer: 12.5 });
    expect(t.app.pipeline.isKnownTracker(String(rows[1]!.pantauKendaraanId))).toBe(true);

    const audit = await byAdmin(`/audit?entity=vehicle&entityId=${first.kendaraanId}`);
    expect(audit.json.results[0]).toMatchObject({ action: 'import', actor: 'admin', label: 'B 8701 IMX' });
  });

  it('with one bad row stores nothing and answers 400 naming the row and field (rows.<index>.<field>)', async () => {
    const before = await countOfUnit();
    const rows = [sheetRow(), sheetRow({ nomorPolisi: '1234' }), sheetRow()];
    const { status, json } = await byAdmin('/kendaraan/import', { body: { rows } });
    expect(status).toBe(400);
    expect(json.code).toBe('VALIDATION');
    expect(json.errors.map((e: { path: string }) => e.path)).toEqual(['rows.1.nomorPolisi']);
    expect(await countOfUnit()).toBe(before);
    expect(t.app.pipeline.isKnownTracker(String(rows[0]!.pantauKendaraanId))).toBe(false);
  });

  it('names unknown fleets, brands, types and drivers, duplicates in the file and values other vehicles hold', async () => {
    const dup = sheetRow();
    const rows = [
      sheetRow({ fleet: 'No Such Fleet' }),
      sheetRow({ merk: 'Nope' }),
      sheetRow({ merk: brand.merk, tipe: 'Nope' }),
      sheetRow({ pengemudi: 'EMP-404' }),
      dup,
      { ...sheetRow(), nomorPolisi: dup.nomorPolisi },
      sheetRow({ nomorPolisi: existingPlate }),
      sheetRow({ nomorKendaraan: sunterHull.toLowerCase() }),
      sheetRow({ pengemudi: employeeNumbers[0], coPengemudi: employeeNumbers[0] }),
      sheetRow({ tahun: 'dua ribu' }),
      { nomorPolisi: 'B 1 X' },
    ];
    const { status, json } = await byAdmin('/kendaraan/import', { body: { rows, dryRun: true } });
    expect(status).toBe(200);
    const paths = json.rows.map((r: { errors: { path: string }[] }) => r.errors.map((e) => e.path));
    expect(paths).toEqual([
      ['fleet'],
      ['merk'],
      ['tipe'],
      ['pengemudi'],
      [],
      ['nomorPolisi'],
      ['nomorPolisi'],
      ['nomorKendaraan'],
      ['coPengemudi'],
      ['tahun'],
      expect.arrayContaining(['pantauKendaraanId', 'nomorKendaraan', 'vehicleClass']),
    ]);
    expect(json.rows[5].errors[0].message).toContain('row 5');
    expect(json.valid).toBe(1);
  });

  it('refuses an empty file and a User (403)', async () => {
    const empty = await byAdmin('/kendaraan/import', { body: { rows: [] } });
    expect(empty.status).toBe(400);
    expect(empty.json.errors[0].path).toBe('rows');
    const asUser = await call(t.url, '/api/kendaraan/import', {
      token: operator,
      role: { unitId: UNIT.sunter, role: 'User' },
      body: { rows: [sheetRow()] },
    });
    expect(asUser.status).toBe(403);
  });
});
