import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { brandOptions, vehicleRow, type VehicleInputDraft } from '@pantau/contracts';
import { drivers, fleets, vehicles } from '../../db/schema/index.js';
import { conflictFieldOf } from './vehicle-checks.js';
import { call, signIn, startTestApp, UNIT, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
let operator: string;
let guest: string;
let multi: string;
/** Facts of the demo data the tests build on. */
let sunterFleets: number[];
let karawangFleet: number;
let activeDrivers: number[];
let inactiveDriver: number;
let karawangDriver: number;
let karawangPlate: string;
let sunterVehicle: { vehicleId: number; plate: string; trackerId: string; hull: string };

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t.url, 'admin');
  operator = await signIn(t.url, 'operator');
  guest = await signIn(t.url, 'guest');
  multi = await signIn(t.url, 'multi');
  const db = t.db.db;
  const fleetRows = await db.select().from(fleets).orderBy(asc(fleets.fleetId));
  sunterFleets = fleetRows.filter((f) => f.unitId === UNIT.sunter).map((f) => f.fleetId);
  karawangFleet = fleetRows.find((f) => f.unitId === UNIT.karawang)!.fleetId;
  const driverRows = await db.select().from(drivers).orderBy(asc(drivers.driverId));
  activeDrivers = driverRows.filter((d) => d.unitId === UNIT.sunter && d.aktif).map((d) => d.driverId);
  inactiveDriver = driverRows.find((d) => d.unitId === UNIT.sunter && !d.aktif)!.driverId;
  karawangDriver = driverRows.find((d) => d.unitId === UNIT.karawang)!.driverId;
  const [kv] = await db.select().from(vehicles).where(eq(vehicles.unitId, UNIT.karawang)).limit(1);
  karawangPlate = kv!.plateNumber;
  const [sv] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.unitId, UNIT.sunter), eq(vehicles.aktif, true)))
    .orderBy(asc(vehicles.vehicleId))
    .limit(1);
  sunterVehicle = {
    vehicleId: sv!.vehicleId,
    plate: sv!.plateNumber,
    trackerId: sv!.trackerId,
    hull: sv!.hullNumber,
  };
});
afterAll(() => t?.close());

const asAdmin = { unitId: UNIT.sunter, role: 'Administrator' };
const byAdmin = (path: string, o: { method?: string; body?: unknown } = {}) =>
  call(t.url, `/api${path}`, { token: admin, role: asAdmin, ...o });

let seq = 0;
/** A valid new vehicle with unique plate, tracker id and hull number. */
function newVehicle(over: Partial<VehicleInputDraft> = {}): VehicleInputDraft {
  seq += 1;
  return {
    pantauKendaraanId: `86${String(Date.now()).slice(-7)}${String(seq).padStart(6, '0')}`,
    nomorPolisi: `B ${7000 + seq} TST`,
    nomorKendaraan: `T-${String(seq).padStart(3, '0')}`,
    vehicleClass: 'CC',
    ...over,
  };
}
const paths = (json: { errors?: { path: string }[] }) => (json.errors ?? []).map((e) => e.path);

describe('POST /api/kendaraan', () => {
  it('S-043 registers a vehicle in the spec field names, normalised, and the live pipeline knows its tracker', async () => {
    const { json: brands } = await byAdmin('/kendaraan/merk');
    const brand = brandOptions.parse(brands).results.find((b) => b.tipe.length > 0)!;
    const body = newVehicle({
      nomorPolisi: 'b9471xyz',
      registrationNumber: 'REG-1',
      merkId: brand.merkId,
      tipeId: brand.tipe[0]!.tipeId,
      capacity: 8,
      dedicated: 'PT Uji',
      pool: 'Sunter',
      tahun: 2020,
      gsmNumber: '0812-8765-4321',
      smsAlert: true,
      speedLimit: 70,
      stnkDue: '2030-01-31',
      kirDue: '2030-06-30',
      fleetIds: [sunterFleets[0]!, sunterFleets[1]!],
      pengemudiId: activeDrivers[0]!,
      coPengemudiId: activeDrivers[1]!,
    });
    expect(t.app.pipeline.isKnownTracker(body.pantauKendaraanId)).toBe(false);
    const { status, json } = await byAdmin('/kendaraan', { body });
    expect(status, JSON.stringify(json)).toBe(201);
    const row = vehicleRow.strict().parse(json);
    expect(row).toMatchObject({
      unitId: UNIT.sunter,
      nomorPolisi: 'B 9471 XYZ',
      gsmNumber: '+6281287654321',
      merk: brand.merk,
      tipe: brand.tipe[0]!.tipe,
      speedLimit: 70,
      aktif: true,
      pengemudiId: activeDrivers[0],
      coPengemudiId: activeDrivers[1],
      stnkDue: '2030-01-31',
    });
    expect(row.pengemudi).toBeTruthy();
    expect(row.fleet.map((f) => f.fleetId).sort()).toEqual([sunterFleets[0], sunterFleets[1]].sort());
    expect(t.app.pipeline.isKnownTracker(body.pantauKendaraanId)).toBe(true);

    const read = await byAdmin(`/kendaraan/${row.kendaraanId}`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual(json);
    const audit = await byAdmin(`/audit?entity=vehicle&entityId=${row.kendaraanId}`);
    expect(audit.json.results).toHaveLength(1);
    expect(audit.json.results[0]).toMatchObject({ action: 'create', actor: 'admin', label: 'B 9471 XYZ' });
    expect(audit.json.results[0].changes.nomorPolisi).toEqual({ from: null, to: 'B 9471 XYZ' });
  });

  it('answers 400 naming each field at fault', async () => {
    for (const [over, field] of [
      [{ nomorPolisi: '12345' }, 'nomorPolisi'],
      [{ nomorPolisi: undefined }, 'nomorPolisi'],
      [{ speedLimit: 150 }, 'speedLimit'],
      [{ speedLimit: 10 }, 'speedLimit'],
      [{ tahun: 1970 }, 'tahun'],
      [{ tahun: new Date().getUTCFullYear() + 2 }, 'tahun'],
      [{ gsmNumber: '12345' }, 'gsmNumber'],
      [{ gsmNumber: '+6591234567' }, 'gsmNumber'],
      [{ pantauKendaraanId: 'ab!' }, 'pantauKendaraanId'],
      [{ nomorKendaraan: '' }, 'nomorKendaraan'],
      [{ vehicleClass: 'BUS' }, 'vehicleClass'],
      [{ stnkDue: '31/01/2030' }, 'stnkDue'],
      [{ capacity: 50 }, 'capacity'],
    ] as const) {
      const { status, json } = await byAdmin('/kendaraan', { body: newVehicle(over as never) });
      expect(status, field).toBe(400);
      expect(json.code).toBe('VALIDATION');
      expect(paths(json), field).toContain(field);
    }
  });

  it('refuses an out-of-range number with a message naming the range, and stores nothing', async () => {
    for (const [over, field, message] of [
      [{ tahun: 1850 }, 'tahun', /^Year must be between 1980 and \d{4}$/],
      [{ speedLimit: -5 }, 'speedLimit', /^Speed limit must be between 20 and 120 km\/h$/],
      [{ capacity: 99 }, 'capacity', /^Capacity must be between 0 and 20 cars$/],
      [{ capacity: -1 }, 'capacity', /^Capacity must be between 0 and 20 cars$/],
    ] as const) {
      const body = newVehicle(over as never);
      const { status, json } = await byAdmin('/kendaraan', { body });
      expect(status, field).toBe(400);
      const issue = (json.errors as { path: string; message: string }[]).find((e) => e.path === field);
      expect(issue?.message, field).toMatch(message);
      const found = await byAdmin(`/kendaraan?search=${encodeURIComponent(body.pantauKendaraanId)}`, {
        method: 'GET',
      });
      expect(found.json.count, field).toBe(0);
    }
  });

  it('answers 400 for fleets, brand types and drivers the unit does not have', async () => {
    const { json: brands } = await byAdmin('/kendaraan/merk');
    const [a, b] = brandOptions.parse(brands).results.filter((x) => x.tipe.length > 0);
    for (const [over, field] of [
      [{ fleetIds: [karawangFleet] }, 'fleetIds'],
      [{ merkId: 99999 }, 'merkId'],
      [{ merkId: a!.merkId, tipeId: b!.tipe[0]!.tipeId }, 'tipeId'],
      [{ tipeId: a!.tipe[0]!.tipeId }, 'tipeId'],
      [{ pengemudiId: inactiveDriver }, 'pengemudiId'],
      [{ pengemudiId: karawangDriver }, 'pengemudiId'],
      [{ coPengemudiId: 99999 }, 'coPengemudiId'],
      [{ pengemudiId: activeDrivers[0], coPengemudiId: activeDrivers[0] }, 'coPengemudiId'],
    ] as const) {
      const { status, json } = await byAdmin('/kendaraan', { body: newVehicle(over as never) });
      expect(status, field).toBe(400);
      expect(paths(json), field).toEqual([field]);
    }
  });

  it('answers 409 naming the field for a taken plate (any unit), tracker id (any unit) or hull number (same unit)', async () => {
    for (const [over, field] of [
      [{ nomorPolisi: karawangPlate.toLowerCase().replaceAll(' ', '') }, 'nomorPolisi'],
      [{ nomorPolisi: sunterVehicle.plate }, 'nomorPolisi'],
      [{ pantauKendaraanId: sunterVehicle.trackerId }, 'pantauKendaraanId'],
      [{ nomorKendaraan: sunterVehicle.hull.toLowerCase() }, 'nomorKendaraan'],
    ] as const) {
      const { status, json } = await byAdmin('/kendaraan', { body: newVehicle(over) });
      expect(status, field).toBe(409);
      expect(json.code).toBe('CONFLICT');
      expect(paths(json), field).toEqual([field]);
    }
    // A hull number is unique within its unit only: Karawang's hull numbers are free in Sunter.
    const [kv] = await t.db.db.select().from(vehicles).where(eq(vehicles.unitId, UNIT.karawang)).limit(1);
    const { status } = await byAdmin('/kendaraan', { body: newVehicle({ nomorKendaraan: kv!.hullNumber }) });
    expect(status).toBe(201);
  });

  it('two writes racing for one plate: one is stored, the other answers 409, never 500', async () => {
    const plate = 'B 7999 RCE';
    const answers = await Promise.all(
      [newVehicle({ nomorPolisi: plate }), newVehicle({ nomorPolisi: plate })].map((body) =>
        byAdmin('/kendaraan', { body }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(paths(answers.find((a) => a.status === 409)!.json)).toEqual(['nomorPolisi']);
  });
});

describe('unique violations from the database', () => {
  it('are read back to the field they guard (what a racing write answers with)', async () => {
    const [v] = await t.db.db.select().from(vehicles).where(eq(vehicles.unitId, UNIT.cikarang)).limit(1);
    const copy = { ...v!, vehicleId: undefined, createdAt: undefined, driverId: null, coDriverId: null };
    const attempt = (over: Partial<typeof vehicles.$inferInsert>) =>
      t.db.db
        .insert(vehicles)
        .values({
          ...copy,
          trackerId: `R${seq++}`,
          plateNumber: `Z ${seq} RR`,
          hullNumber: `R-${seq}`,
          ...over,
        })
        .then(
          () => 'stored',
          (err: unknown) => conflictFieldOf(err),
        );
    expect(await attempt({ plateNumber: v!.plateNumber })).toBe('nomorPolisi');
    expect(await attempt({ trackerId: v!.trackerId })).toBe('pantauKendaraanId');
    expect(await attempt({ hullNumber: v!.hullNumber })).toBe('nomorKendaraan');
  });
});

describe('PUT and DELETE /api/kendaraan/{kendaraanId}', () => {
  it('replaces every field, keeps its own plate, and audits what changed', async () => {
    const created = await byAdmin('/kendaraan', { body: newVehicle({ speedLimit: 60, notes: 'lama' }) });
    const id = created.json.kendaraanId;
    const body = {
      ...newVehicle(),
      pantauKendaraanId: created.json.pantauKendaraanId,
      nomorPolisi: created.json.nomorPolisi,
      nomorKendaraan: created.json.nomorKendaraan,
      speedLimit: 90,
      fleetIds: [sunterFleets[2]!],
    };
    const { status, json } = await byAdmin(`/kendaraan/${id}`, { method: 'PUT', body });
    expect(status, JSON.stringify(json)).toBe(200);
    expect(json).toMatchObject({ speedLimit: 90, notes: null, kendaraanId: id });
    expect(json.fleet.map((f: { fleetId: number }) => f.fleetId)).toEqual([sunterFleets[2]]);
    const audit = await byAdmin(`/audit?entity=vehicle&entityId=${id}`);
    expect(audit.json.results[0].action).toBe('update');
    expect(audit.json.results[0].changes.speedLimit).toEqual({ from: 60, to: 90 });
    expect(audit.json.results[0].changes.notes).toEqual({ from: 'lama', to: null });
    expect(audit.json.results[0].changes.nomorPolisi).toBeUndefined();

    const taken = await byAdmin(`/kendaraan/${id}`, {
      method: 'PUT',
      body: { ...body, nomorPolisi: sunterVehicle.plate },
    });
    expect(taken.status).toBe(409);
    expect(paths(taken.json)).toEqual(['nomorPolisi']);
    const bad = await byAdmin(`/kendaraan/${id}`, { method: 'PUT', body: { ...body, speedLimit: 500 } });
    expect(bad.status).toBe(400);
    expect(paths(bad.json)).toEqual(['speedLimit']);
  });

  it('DELETE deactivates: the vehicle stays listed and readable with aktif false, audited', async () => {
    const created = await byAdmin('/kendaraan', { body: newVehicle() });
    const id = created.json.kendaraanId;
    const { status, json } = await byAdmin(`/kendaraan/${id}`, { method: 'DELETE' });
    expect(status).toBe(200);
    expect(json).toMatchObject({ kendaraanId: id, aktif: false });
    expect((await byAdmin(`/kendaraan/${id}`)).json.aktif).toBe(false);
    const inactive = await byAdmin(`/kendaraan?aktif=false&Take=100`);
    expect(inactive.json.results.map((r: { kendaraanId: number }) => r.kendaraanId)).toContain(id);
    const audit = await byAdmin(`/audit?entity=vehicle&entityId=${id}`);
    expect(audit.json.results[0]).toMatchObject({ action: 'deactivate' });
    expect(audit.json.results[0].changes.aktif).toEqual({ from: true, to: false });
    // Again: nothing more to do, nothing more audited.
    expect((await byAdmin(`/kendaraan/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await byAdmin(`/audit?entity=vehicle&entityId=${id}`)).json.count).toBe(2);
  });

  it('answers 404 for an unknown vehicle and 400 for an id that is not a number', async () => {
    expect((await byAdmin('/kendaraan/999999')).status).toBe(404);
    expect((await byAdmin('/kendaraan/999999', { method: 'PUT', body: newVehicle() })).status).toBe(404);
    expect((await byAdmin('/kendaraan/999999', { method: 'DELETE' })).status).toBe(404);
    const bad = await byAdmin('/kendaraan/abc');
    expect(bad.status).toBe(400);
    expect(paths(bad.json)).toEqual(['kendaraanId']);
  });
});

describe('GET /api/kendaraan/merk', () => {
  it('lists brands with their types, for every role', async () => {
    const { status, json } = await call(t.url, '/api/kendaraan/merk', {
      token: guest,
      role: { unitId: UNIT.sunter, role: 'Guest' },
    });
    expect(status).toBe(200);
    const list = brandOptions.parse(json);
    expect(list.count).toBeGreaterThan(1);
    expect(list.results.every((b) => b.tipe.length > 0)).toBe(true);
  });
});

describe('permissions', () => {
  it('a User or Guest reads vehicles but gets 403 on every write', async () => {
    for (const [token, role] of [
      [operator, 'User'],
      [guest, 'Guest'],
    ] as const) {
      const as = { token, role: { unitId: UNIT.sunter, role } };
      expect((await call(t.url, '/api/kendaraan', as)).status).toBe(200);
      expect((await call(t.url, `/api/kendaraan/${sunterVehicle.vehicleId}`, as)).status).toBe(200);
      expect((await call(t.url, '/api/reports/kendaraan', as)).status).toBe(200);
      for (const [method, path, body] of [
        ['POST', '/api/kendaraan', newVehicle()],
        ['PUT', `/api/kendaraan/${sunterVehicle.vehicleId}`, newVehicle()],
        ['DELETE', `/api/kendaraan/${sunterVehicle.vehicleId}`, undefined],
        ['POST', '/api/kendaraan/import', { rows: [{ nomorPolisi: 'B 1 A' }], dryRun: true }],
      ] as const) {
        const { status, json } = await call(t.url, path, { ...as, method, body });
        expect(status, `${role} ${method} ${path}`).toBe(403);
        expect(json.code).toBe('FORBIDDEN');
      }
    }
    expect((await byAdmin(`/kendaraan/${sunterVehicle.vehicleId}`)).json.aktif).toBe(true);
  });

  it('an Administrator of Karawang neither reads nor writes a Sunter vehicle (404)', async () => {
    const as = { token: multi, role: { unitId: UNIT.karawang, role: 'Administrator' } };
    const path = `/api/kendaraan/${sunterVehicle.vehicleId}`;
    expect((await call(t.url, path, as)).status).toBe(404);
    expect((await call(t.url, path, { ...as, method: 'PUT', body: newVehicle() })).status).toBe(404);
    expect((await call(t.url, path, { ...as, method: 'DELETE' })).status).toBe(404);
    expect((await byAdmin(`/kendaraan/${sunterVehicle.vehicleId}`)).json.aktif).toBe(true);
    // …and cannot put a vehicle of theirs into a Sunter fleet.
    const { status, json } = await call(t.url, '/api/kendaraan', {
      ...as,
      body: newVehicle({ fleetIds: [sunterFleets[0]!] }),
    });
    expect(status).toBe(400);
    expect(paths(json)).toEqual(['fleetIds']);
  });
});
