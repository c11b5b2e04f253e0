import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { driverList, driverRow, importResponse, type DriverInputDraft } from '@pantau/contracts';
import { drivers } from '../../db/schema/index.js';
import { call, signIn, startTestApp, UNIT, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
let operator: string;
let guest: string;
let multi: string;
let sunterDriver: { driverId: number; employeeNumber: string };
let karawangEmployeeNumber: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t.url, 'admin');
  operator = await signIn(t.url, 'operator');
  guest = await signIn(t.url, 'guest');
  multi = await signIn(t.url, 'multi');
  const [d] = await t.db.db
    .select()
    .from(drivers)
    .where(and(eq(drivers.unitId, UNIT.sunter), eq(drivers.aktif, true)))
    .orderBy(asc(drivers.driverId))
    .limit(1);
  sunterDriver = { driverId: d!.driverId, employeeNumber: d!.employeeNumber };
  const [k] = await t.db.db.select().from(drivers).where(eq(drivers.unitId, UNIT.karawang)).limit(1);
  karawangEmployeeNumber = k!.employeeNumber;
});
afterAll(() => t?.close());

const asAdmin = { unitId: UNIT.sunter, role: 'Administrator' };
const byAdmin = (path: string, o: { method?: string; body?: unknown } = {}) =>
  call(t.url, `/api${path}`, { token: admin, role: asAdmin, ...o });
const paths = (json: { errors?: { path: string }[] }) => (json.errors ?? []).map((e) => e.path);

let seq = 0;
function newDriver(over: Partial<DriverInputDraft> = {}): DriverInputDraft {
  seq += 1;
  return {
    name: `Supir Uji ${seq}`,
    employeeNumber: `TST-${String(seq).padStart(4, '0')}`,
    phone: '0812 1111 2222',
    simClass: 'SIM B1 Umum',
    simExpiry: '2031-05-01',
    ...over,
  };
}

describe('GET /api/pengemudi', () => {
  it('S-060 S-063 lists the unit drivers, 10 by name by default, with the vehicles each drives', async () => {
    const { status, json } = await byAdmin('/pengemudi');
    expect(status).toBe(200);
    const list = driverList.parse(json);
    expect(list.count).toBe(15);
    expect(list.results).toHaveLength(10);
    list.results.forEach((r) => driverRow.strict().parse(r));
    const names = list.results.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(list.results.every((r) => r.unitId === UNIT.sunter)).toBe(true);
    expect(list.results.some((r) => r.vehicles.length > 0)).toBe(true);
    const all = (await byAdmin('/pengemudi?Take=100')).json.results;
    const one = all.find((r: { pengemudiId: number }) => r.pengemudiId === sunterDriver.driverId);
    const assigned = (await byAdmin('/kendaraan?Take=100')).json.results.filter(
      (v: { pengemudiId: number; coPengemudiId: number }) =>
        v.pengemudiId === sunterDriver.driverId || v.coPengemudiId === sunterDriver.driverId,
    );
    expect(one.vehicles.map((v: { kendaraanId: number }) => v.kendaraanId).sort()).toEqual(
      assigned.map((v: { kendaraanId: number }) => v.kendaraanId).sort(),
    );
  });

  it('searches name, employee number and phone; filters active, SIM class and SIM status; sorts', async () => {
    const all = (await byAdmin('/pengemudi?Take=100')).json.results as {
      pengemudiId: number;
      name: string;
      employeeNumber: string;
      phone: string;
      aktif: boolean;
      simClass: string;
      simExpiry: string | null;
    }[];
    const d = all[3]!;
    for (const q of [d.name.toUpperCase(), d.employeeNumber.toLowerCase(), `0${d.phone.slice(3)}`]) {
      const found = (await byAdmin(`/pengemudi?Take=100&search=${encodeURIComponent(q)}`)).json;
      expect(
        found.results.map((r: { pengemudiId: number }) => r.pengemudiId),
        q,
      ).toContain(d.pengemudiId);
    }
    const inactive = (await byAdmin('/pengemudi?aktif=false')).json;
    expect(inactive.count).toBe(all.filter((r) => !r.aktif).length);
    const b2 = (await byAdmin('/pengemudi?simClass=SIM%20B2%20Umum&Take=100')).json;
    expect(b2.count).toBe(all.filter((r) => r.simClass === 'SIM B2 Umum').length);
    expect(b2.count).toBeGreaterThan(0);
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const expired = (await byAdmin('/pengemudi?documentStatus=expired&Take=100')).json;
    expect(expired.count).toBe(all.filter((r) => r.simExpiry !== null && r.simExpiry < today).length);
    const statuses = await Promise.all(
      ['expired', 'due_soon', 'valid'].map(
        async (s) => (await byAdmin(`/pengemudi?documentStatus=${s}`)).json.count,
      ),
    );
    expect(statuses.reduce((a, b) => a + b, 0)).toBe(15);
    const byNumber = (
      await byAdmin('/pengemudi?sortBy=employeeNumber&sortDir=descend&Take=100')
    ).json.results.map((r: { employeeNumber: string }) => r.employeeNumber);
    expect(byNumber).toEqual([...byNumber].sort().reverse());
    const bad = await byAdmin('/pengemudi?simClass=SIM%20C&sortBy=age');
    expect(bad.status).toBe(400);
    expect(paths(bad.json).sort()).toEqual(['simClass', 'sortBy']);
  });

  it('S-062 GET /api/reports/pengemudi answers every driver without paging', async () => {
    const { status, json } = await byAdmin('/reports/pengemudi');
    expect(status).toBe(200);
    expect(json.count).toBe(15);
    expect(json.results).toHaveLength(15);
  });
});

describe('writes', () => {
  it('creates (201), reads, replaces and audits a driver', async () => {
    const { status, json } = await byAdmin('/pengemudi', { body: newDriver({ employeeNumber: 'NIK-777' }) });
    expect(status, JSON.stringify(json)).toBe(201);
    expect(json).toMatchObject({
      unitId: UNIT.sunter,
      employeeNumber: 'NIK-777',
      phone: '+6281211112222',
      simClass: 'SIM B1 Umum',
      simExpiry: '2031-05-01',
      aktif: true,
      vehicles: [],
    });
    const id = json.pengemudiId;
    expect((await byAdmin(`/pengemudi/${id}`)).json).toEqual(json);
    const put = await byAdmin(`/pengemudi/${id}`, {
      method: 'PUT',
      body: newDriver({
        employeeNumber: 'NIK-777',
        name: 'Budi Santoso',
        simClass: 'SIM B2 Umum',
        phone: null,
      }),
    });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ name: 'Budi Santoso', simClass: 'SIM B2 Umum', phone: null });
    const audit = (await byAdmin(`/audit?entity=driver&entityId=${id}`)).json.results;
    expect(audit.map((a: { action: string }) => a.action)).toEqual(['update', 'create']);
    expect(audit[0].changes.simClass).toEqual({ from: 'SIM B1 Umum', to: 'SIM B2 Umum' });
    expect(audit[0].label).toBe('Budi Santoso');
  });

  it('answers 400 naming each field at fault', async () => {
    for (const [over, field] of [
      [{ name: 'A' }, 'name'],
      [{ name: undefined }, 'name'],
      [{ employeeNumber: 'x' }, 'employeeNumber'],
      [{ employeeNumber: 'has space' }, 'employeeNumber'],
      [{ phone: '021-555' }, 'phone'],
      [{ simClass: 'SIM C' }, 'simClass'],
      [{ simExpiry: '2031-13-01' }, 'simExpiry'],
      [{ aktif: 'ya' }, 'aktif'],
    ] as const) {
      const { status, json } = await byAdmin('/pengemudi', { body: newDriver(over as never) });
      expect(status, field).toBe(400);
      expect(paths(json), field).toContain(field);
    }
  });

  it('answers 409 naming employeeNumber when the unit has it (any case), not when another unit has it', async () => {
    const taken = await byAdmin('/pengemudi', {
      body: newDriver({ employeeNumber: sunterDriver.employeeNumber.toLowerCase() }),
    });
    expect(taken.status).toBe(409);
    expect(taken.json.code).toBe('CONFLICT');
    expect(paths(taken.json)).toEqual(['employeeNumber']);
    const other = await byAdmin('/pengemudi', {
      body: newDriver({ employeeNumber: karawangEmployeeNumber }),
    });
    expect(other.status).toBe(201);
    const edit = await byAdmin(`/pengemudi/${other.json.pengemudiId}`, {
      method: 'PUT',
      body: newDriver({ employeeNumber: sunterDriver.employeeNumber }),
    });
    expect(edit.status).toBe(409);
  });

  it('DELETE deactivates the driver and takes them off their vehicles, each change audited', async () => {
    const before = (await byAdmin(`/pengemudi/${sunterDriver.driverId}`)).json;
    expect(before.vehicles.length).toBeGreaterThan(0);
    const { status, json } = await byAdmin(`/pengemudi/${sunterDriver.driverId}`, { method: 'DELETE' });
    expect(status).toBe(200);
    expect(json).toMatchObject({ aktif: false, vehicles: [] });
    const vehicleId = before.vehicles[0].kendaraanId;
    const vehicle = (await byAdmin(`/kendaraan/${vehicleId}`)).json;
    expect([vehicle.pengemudiId, vehicle.coPengemudiId]).not.toContain(sunterDriver.driverId);
    const vehicleAudit = (await byAdmin(`/audit?entity=vehicle&entityId=${vehicleId}`)).json.results[0];
    expect(vehicleAudit.action).toBe('unassign_driver');
    const driverAudit = (await byAdmin(`/audit?entity=driver&entityId=${sunterDriver.driverId}`)).json
      .results[0];
    expect(driverAudit).toMatchObject({
      action: 'deactivate',
      changes: { aktif: { from: true, to: false } },
    });
    // An inactive driver cannot be given a vehicle again.
    const assign = await byAdmin(`/kendaraan/${vehicleId}`, {
      method: 'PUT',
      body: {
        pantauKendaraanId: vehicle.pantauKendaraanId,
        nomorPolisi: vehicle.nomorPolisi,
        nomorKendaraan: vehicle.nomorKendaraan,
        vehicleClass: vehicle.vehicleClass,
        pengemudiId: sunterDriver.driverId,
      },
    });
    expect(assign.status).toBe(400);
    expect(paths(assign.json)).toEqual(['pengemudiId']);
  });

  it('answers 404 for an unknown driver', async () => {
    expect((await byAdmin('/pengemudi/999999')).status).toBe(404);
    expect((await byAdmin('/pengemudi/999999', { method: 'PUT', body: newDriver() })).status).toBe(404);
    expect((await byAdmin('/pengemudi/999999', { method: 'DELETE' })).status).toBe(404);
  });
});

describe('POST /api/pengemudi/import', () => {
  const count = async () => (await byAdmin('/pengemudi?Take=1')).json.count as number;

  it('dry run stores nothing; commit stores every row reading cells as typed', async () => {
    const before = await count();
    const rows = [
      {
        Name: 'Andi Wijaya',
        'Employee Number': 'IMP-001',
        phone: 81299990000,
        simClass: 'b2 umum',
        simExpiry: '01/02/2031',
        aktif: 'ya',
      },
      { name: 'Sari Dewi', employeeNumber: 'IMP-002', simClass: 'SIM A', simExpiry: 47000, aktif: 'tidak' },
    ];
    const dry = await byAdmin('/pengemudi/import', { body: { rows, dryRun: true } });
    expect(dry.status).toBe(200);
    expect(importResponse.parse(dry.json)).toMatchObject({ total: 2, valid: 2, created: 0 });
    expect(await count()).toBe(before);
    const { status, json } = await byAdmin('/pengemudi/import', { body: { rows } });
    expect(status, JSON.stringify(json)).toBe(201);
    expect(json.created).toBe(2);
    expect(await count()).toBe(before + 2);
    const [andi] = (await byAdmin('/pengemudi?search=IMP-001')).json.results;
    expect(andi).toMatchObject({
      name: 'Andi Wijaya',
      phone: '+6281299990000',
      simClass: 'SIM B2 Umum',
      simExpiry: '2031-02-01',
      aktif: true,
    });
    const [sari] = (await byAdmin('/pengemudi?search=IMP-002')).json.results;
    expect(sari).toMatchObject({ aktif: false, simClass: 'SIM A', simExpiry: '2028-09-04' });
    const audit = (await byAdmin(`/audit?entity=driver&entityId=${andi.pengemudiId}`)).json.results;
    expect(audit[0].action).toBe('import');
  });

  it('with a bad row stores nothing and names rows.<index>.<field>; names duplicates in the file and the unit', async () => {
    const before = await count();
    const rows = [newDriver(), newDriver({ simClass: 'SIM Z' as never }), newDriver()];
    const { status, json } = await byAdmin('/pengemudi/import', { body: { rows } });
    expect(status).toBe(400);
    expect(paths(json)).toEqual(['rows.1.simClass']);
    expect(await count()).toBe(before);

    const dup = newDriver();
    const dry = await byAdmin('/pengemudi/import', {
      body: {
        dryRun: true,
        rows: [
          dup,
          { ...newDriver(), employeeNumber: dup.employeeNumber },
          newDriver({ employeeNumber: 'EMP-1002' }),
        ],
      },
    });
    expect(dry.json.rows.map((r: { errors: { path: string }[] }) => r.errors.map((e) => e.path))).toEqual([
      [],
      ['employeeNumber'],
      ['employeeNumber'],
    ]);
  });
});

describe('permissions', () => {
  it('a User or Guest gets 403 from every driver endpoint, reads included', async () => {
    for (const [token, role] of [
      [operator, 'User'],
      [guest, 'Guest'],
    ] as const) {
      const as = { token, role: { unitId: UNIT.sunter, role } };
      for (const [method, path, body] of [
        ['GET', '/api/pengemudi', undefined],
        ['GET', `/api/pengemudi/${sunterDriver.driverId}`, undefined],
        ['GET', '/api/reports/pengemudi', undefined],
        ['POST', '/api/pengemudi', newDriver()],
        ['PUT', `/api/pengemudi/${sunterDriver.driverId}`, newDriver()],
        ['DELETE', `/api/pengemudi/${sunterDriver.driverId}`, undefined],
        ['POST', '/api/pengemudi/import', { rows: [newDriver()] }],
      ] as const) {
        const { status } = await call(t.url, path, { ...as, method, body });
        expect(status, `${role} ${method} ${path}`).toBe(403);
      }
    }
  });

  it('an Administrator of Karawang neither reads nor writes a Sunter driver (404)', async () => {
    const as = { token: multi, role: { unitId: UNIT.karawang, role: 'Administrator' } };
    const path = `/api/pengemudi/${sunterDriver.driverId}`;
    expect((await call(t.url, path, as)).status).toBe(404);
    expect((await call(t.url, path, { ...as, method: 'PUT', body: newDriver() })).status).toBe(404);
    expect((await call(t.url, path, { ...as, method: 'DELETE' })).status).toBe(404);
    const list = (await call(t.url, '/api/pengemudi?Take=100', as)).json;
    expect(list.count).toBe(14);
    expect(list.results.every((r: { unitId: number }) => r.unitId === UNIT.karawang)).toBe(true);
  });
});
