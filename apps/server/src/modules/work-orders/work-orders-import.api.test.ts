import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { workOrderImportResponse, workOrderList } from '@pantau/contracts';
import { auditLog, drivers, routes, vehicles } from '../../db/schema/index.js';
import { call, signIn, startTestApp, UNIT, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
let operator: string;
let plates: string[];
let people: { id: number; name: string; nik: string }[];
let routeCode: string;

const asAdmin = { unitId: UNIT.sunter, role: 'Administrator' };
const byAdmin = (path: string, body?: unknown) =>
  call(t.url, `/api${path}`, { token: admin, role: asAdmin, ...(body === undefined ? {} : { body }) });
const imported = async () =>
  workOrderList.parse((await byAdmin('/spk?search=IMP-&Take=100&sortBy=spkNumber')).json).results;

/** A spreadsheet's date-time serial of a WIB wall-clock time (days since 1899-12-30). */
const serialOf = (y: number, m: number, d: number, h: number, min: number) =>
  (Date.UTC(y, m - 1, d) - Date.UTC(1899, 11, 30)) / 86_400_000 + (h * 60 + min) / 1440;

beforeAll(async () => {
  t = await startTestApp({ deps: { telemetry: { tickMs: 0 } } });
  admin = await signIn(t.url, 'admin');
  operator = await signIn(t.url, 'operator');
  const db = t.db.db;
  const fleet = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.unitId, UNIT.sunter), eq(vehicles.aktif, true)))
    .orderBy(asc(vehicles.vehicleId))
    .limit(3);
  plates = fleet.map((v) => v.plateNumber);
  const ids = fleet.map((v) => v.vehicleId);
  await db.update(vehicles).set({ kirDue: null, stnkDue: null }).where(inArray(vehicles.vehicleId, ids));
  // The second truck's KIR falls due ten days after its run date (a warning); the third's expired before.
  await db.update(vehicles).set({ kirDue: '2027-05-20' }).where(eq(vehicles.vehicleId, ids[1]!));
  await db.update(vehicles).set({ kirDue: '2027-01-01' }).where(eq(vehicles.vehicleId, ids[2]!));
  const found = await db
    .select()
    .from(drivers)
    .where(and(eq(drivers.unitId, UNIT.sunter), eq(drivers.aktif, true)))
    .orderBy(asc(drivers.driverId))
    .limit(2);
  await db
    .update(drivers)
    .set({ licenceExpiry: null })
    .where(
      inArray(
        drivers.driverId,
        found.map((d) => d.driverId),
      ),
    );
  people = found.map((d) => ({ id: d.driverId, name: d.name, nik: d.employeeNumber }));
  routeCode = (
    await db
      .select()
      .from(routes)
      .where(and(eq(routes.unitId, UNIT.sunter), eq(routes.aktif, true)))
      .limit(1)
  )[0]!.code;
});
afterAll(() => t?.close());

/** The file as the browser reads it: the columns under the spec's names, cells as typed. */
const file = (): Record<string, unknown>[] => [
  // 1: good; the plate typed without its spaces, in lower case; the driver by employee number.
  {
    kind: 'CCR',
    spkNumber: 'IMP-1',
    'Nomor Polisi': plates[0]!.replace(/\s/g, '').toLowerCase(),
    pengemudi: people[0]!.nik,
    trayek: routeCode,
    runDate: '2027-05-03 08:00',
    loadCount: '6',
    kosongan: 'tidak',
  },
  // 2: a plate the unit does not have.
  { kind: 'ccr', spkNumber: 'IMP-2', nomorPolisi: 'B 0000 XX', runDate: '2027-05-03' },
  // 3: the same truck two hours into row 1's trip (day first, as Indonesians write); driver 2 by name.
  {
    kind: 'ccr',
    spkNumber: 'IMP-3',
    nomorPolisi: plates[0],
    pengemudi: people[1]!.name,
    trayek: routeCode,
    runDate: '03/05/2027 10:00',
  },
  // 4: the truck's KIR expired before the run date.
  { kind: 'dt', spkNumber: 'IMP-4', nomorPolisi: plates[2], runDate: '2027-05-04' },
  // 5: good, a spreadsheet date-time; its KIR is due soon (a warning).
  { kind: 'dt', spkNumber: 'IMP-5', nomorPolisi: plates[1], runDate: serialOf(2027, 5, 10, 6, 30) },
];

describe('POST /api/spk/import', () => {
  it('a dry run names every bad row and field, and stores nothing', async () => {
    const { status, json } = await byAdmin('/spk/import', { rows: file(), dryRun: true });
    expect(status).toBe(200);
    const r = workOrderImportResponse.parse(json);
    expect(r).toMatchObject({ total: 5, valid: 2, created: 0 });
    const errorsOf = (row: number) => r.rows[row - 1]!.errors;
    expect(errorsOf(1)).toEqual([]);
    expect(errorsOf(2)).toEqual([
      { path: 'nomorPolisi', message: 'No vehicle with plate B 0000 XX in this unit' },
    ]);
    expect(errorsOf(3)).toEqual([
      { path: 'nomorPolisi', message: 'The vehicle runs SPK IMP-1 (row 1) in this period' },
    ]);
    expect(errorsOf(4)).toHaveLength(1);
    expect(errorsOf(4)[0]).toMatchObject({ path: 'nomorPolisi' });
    expect(errorsOf(4)[0]!.message).toContain('KIR');
    expect(errorsOf(4)[0]!.message).toContain('expired');
    expect(errorsOf(5)).toEqual([]);
    expect(r.warnings).toEqual([
      { row: 5, path: 'nomorPolisi', message: `The KIR of ${plates[1]} is due on 2027-05-20` },
    ]);
    expect(await imported()).toEqual([]);
  });

  it('stores nothing while any row is at fault (400 naming rows.<index>.<column>)', async () => {
    const { status, json } = await byAdmin('/spk/import', { rows: file() });
    expect(status).toBe(400);
    const paths = (json.errors as { path: string }[]).map((e) => e.path);
    expect(paths).toEqual(['rows.1.nomorPolisi', 'rows.2.nomorPolisi', 'rows.3.nomorPolisi']);
    expect(await imported()).toEqual([]);
  });

  it('the fixed file imports every row, audited, as a create would store it', async () => {
    const rows = file();
    rows[1]!.nomorPolisi = plates[1];
    rows[1]!.runDate = '2027-05-20';
    rows[2]!.runDate = '10/05/2027 10:00';
    rows.splice(3, 1);
    const { status, json } = await byAdmin('/spk/import', { rows });
    expect(status).toBe(201);
    expect(workOrderImportResponse.parse(json)).toMatchObject({ total: 4, valid: 4, created: 4 });
    const stored = await imported();
    expect(
      stored.map((s) => [s.spkNumber, s.kind, s.nomorPolisi, s.pengemudiId, s.trayekCode, s.runDate]),
    ).toEqual([
      ['IMP-1', 'ccr', plates[0], people[0]!.id, routeCode, '2027-05-03T01:00:00.000Z'],
      ['IMP-2', 'ccr', plates[1], null, null, '2027-05-19T17:00:00.000Z'],
      ['IMP-3', 'ccr', plates[0], people[1]!.id, routeCode, '2027-05-10T03:00:00.000Z'],
      ['IMP-5', 'dt', plates[1], null, null, '2027-05-09T23:30:00.000Z'],
    ]);
    expect(stored[0]).toMatchObject({ loadCount: 6, kosongan: false, status: 'waiting' });
    const audit = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'work_order'), eq(auditLog.action, 'import')));
    expect(audit.map((a) => a.label).sort()).toEqual(['IMP-1', 'IMP-2', 'IMP-3', 'IMP-5']);
  });

  it('a number used before or twice in the file, and an SPK of the unit in the same period, are refused', async () => {
    const { json } = await byAdmin('/spk/import', {
      dryRun: true,
      rows: [
        { kind: 'ccr', spkNumber: 'imp-1', nomorPolisi: plates[0], runDate: '2027-08-01' },
        { kind: 'ccr', spkNumber: 'IMP-9', nomorPolisi: plates[0], runDate: '2027-05-03T09:00:00+07:00' },
        { kind: 'ccr', spkNumber: 'IMP-10', nomorPolisi: plates[0], runDate: '2027-09-01' },
        { kind: 'ccr', spkNumber: 'imp-10', nomorPolisi: plates[0], runDate: '2027-10-01' },
        { kind: 'xx', nomorPolisi: plates[0], pengemudi: 'Nobody Known', runDate: 'tomorrow' },
      ],
    });
    const r = workOrderImportResponse.parse(json);
    expect(r.rows[0]!.errors.map((e) => e.path)).toEqual(['spkNumber']);
    expect(r.rows[1]!.errors).toEqual([
      { path: 'nomorPolisi', message: 'The vehicle runs SPK IMP-1 in this period' },
    ]);
    expect(r.rows[2]!.errors).toEqual([]);
    expect(r.rows[3]!.errors).toEqual([{ path: 'spkNumber', message: 'SPK number is the same as in row 3' }]);
    expect(r.rows[4]!.errors.map((e) => e.path).sort()).toEqual(['kind', 'pengemudi', 'spkNumber']);
  });

  it('reads a date-time without an offset as the unit’s wall clock, and refuses one it cannot read', async () => {
    const { json } = await byAdmin('/spk/import', {
      dryRun: true,
      rows: [
        { kind: 'ccr', spkNumber: 'IMP-20', nomorPolisi: plates[0], runDate: '2027-13-45 08:00' },
        { kind: 'ccr', spkNumber: 'IMP-21', nomorPolisi: plates[0], runDate: '2027-11-01 25:00' },
      ],
    });
    const r = workOrderImportResponse.parse(json);
    expect(r.rows.map((x) => x.errors.map((e) => e.path))).toEqual([['runDate'], ['runDate']]);
  });

  it('only an Administrator imports', async () => {
    const res = await call(t.url, '/api/spk/import', {
      token: operator,
      role: { unitId: UNIT.sunter, role: 'User' },
      body: { rows: file(), dryRun: true },
    });
    expect(res.status).toBe(403);
    const empty = await byAdmin('/spk/import', { rows: [] });
    expect(empty.status).toBe(400);
    expect(empty.json.errors[0].path).toBe('rows');
  });
});
