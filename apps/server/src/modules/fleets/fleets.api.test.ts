import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { fleetList, fleetRow, fleetVehicleList, unitInfo } from '@pantau/contracts';
import { vehicles } from '../../db/schema/index.js';
import { call, signIn, startTestApp, UNIT, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
let operator: string;
let guest: string;
let multi: string;
let sunterVehicles: { vehicleId: number; plateNumber: string }[];
let karawangVehicles: { vehicleId: number; plateNumber: string }[];
beforeAll(async () => {
  t = await startTestApp();
  [admin, operator, guest, multi] = (await Promise.all(
    ['admin', 'operator', 'guest', 'multi'].map((u) => signIn(t.url, u)),
  )) as [string, string, string, string];
  const ofUnit = (unitId: number) =>
    t.db.db
      .select({ vehicleId: vehicles.vehicleId, plateNumber: vehicles.plateNumber })
      .from(vehicles)
      .where(eq(vehicles.unitId, unitId))
      .orderBy(asc(vehicles.hullNumber));
  sunterVehicles = await ofUnit(UNIT.sunter);
  karawangVehicles = await ofUnit(UNIT.karawang);
});
afterAll(() => t?.close());

const asAdmin = { unitId: UNIT.sunter, role: 'Administrator' };
const byAdmin = (path: string, o: { method?: string; body?: unknown } = {}) =>
  call(t.url, `/api${path}`, { token: admin, role: asAdmin, ...o });

let seq = 0;
async function newFleet(name = `H3 Fleet ${Date.now() % 100000}-${++seq}`) {
  const { status, json } = await byAdmin('/units/fleet', { body: { fleetName: name } });
  expect(status, JSON.stringify(json)).toBe(201);
  return fleetRow.parse(json);
}

describe('GET /api/units/fleet', () => {
  it("lists the unit's fleets with vehicle counts, searchable and paged", async () => {
    const { status, json } = await byAdmin('/units/fleet');
    expect(status).toBe(200);
    const list = fleetList.parse(json);
    expect(list.results.map((f) => f.fleetName)).toEqual(
      expect.arrayContaining(['Rigid 6x2', 'Trailer', 'Dedicated TMMIN']),
    );
    expect(list.results.every((f) => f.unitId === UNIT.sunter)).toBe(true);
    const total = list.results
      .filter((f) => f.fleetName === 'Rigid 6x2' || f.fleetName === 'Trailer')
      .reduce((n, f) => n + f.vehicleCount, 0);
    expect(total).toBe(sunterVehicles.length);
    const found = await byAdmin('/units/fleet?search=tmmin');
    expect(found.json.results.map((f: { fleetName: string }) => f.fleetName)).toEqual(['Dedicated TMMIN']);
    const page = await byAdmin('/units/fleet?Take=1&Skip=1');
    expect(page.json.results).toHaveLength(1);
    expect(page.json.count).toBeGreaterThanOrEqual(3);
  });
});

describe('fleet writes', () => {
  it('creates (201), renames and deletes a fleet; the vehicles stay', async () => {
    const fleet = await newFleet('Pool Cakung');
    expect(fleet).toMatchObject({ fleetName: 'Pool Cakung', unitId: UNIT.sunter, vehicleCount: 0 });
    const ids = sunterVehicles.slice(0, 2).map((v) => v.vehicleId);
    const set = await byAdmin(`/units/fleet/${fleet.fleetId}/vehicles`, {
      method: 'PUT',
      body: { kendaraanIds: ids },
    });
    expect(set.status).toBe(200);
    expect(
      fleetVehicleList
        .parse(set.json)
        .results.map((v) => v.kendaraanId)
        .sort(),
    ).toEqual([...ids].sort());

    const renamed = await byAdmin(`/units/fleet/${fleet.fleetId}`, {
      method: 'PUT',
      body: { fleetName: 'Pool Cakung 2' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ fleetName: 'Pool Cakung 2', vehicleCount: 2 });

    expect((await byAdmin(`/units/fleet/${fleet.fleetId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await byAdmin(`/units/fleet/${fleet.fleetId}/vehicles`)).status).toBe(404);
    const list = await byAdmin('/units/fleet?search=Pool Cakung');
    expect(list.json.count).toBe(0);
    const left = await t.db.db
      .select({ id: vehicles.vehicleId })
      .from(vehicles)
      .where(eq(vehicles.unitId, UNIT.sunter));
    expect(left).toHaveLength(sunterVehicles.length);
  });

  it('names the field: 400 for a bad name, 409 for a name the unit already has (any case)', async () => {
    const short = await byAdmin('/units/fleet', { body: { fleetName: ' x ' } });
    expect(short.status).toBe(400);
    expect(short.json.errors[0].path).toBe('fleetName');
    const missing = await byAdmin('/units/fleet', { body: {} });
    expect(missing.json.errors[0].path).toBe('fleetName');
    const dup = await byAdmin('/units/fleet', { body: { fleetName: 'trailer' } });
    expect(dup.status).toBe(409);
    expect(dup.json.code).toBe('CONFLICT');
    expect(dup.json.errors[0].path).toBe('fleetName');
    // Another unit's fleet of the same name is no conflict.
    const fleet = await newFleet();
    const dupRename = await byAdmin(`/units/fleet/${fleet.fleetId}`, {
      method: 'PUT',
      body: { fleetName: 'Rigid 6x2' },
    });
    expect(dupRename.status).toBe(409);
    expect(dupRename.json.errors[0].path).toBe('fleetName');
    // Renaming to its own name is fine.
    const same = await byAdmin(`/units/fleet/${fleet.fleetId}`, {
      method: 'PUT',
      body: { fleetName: fleet.fleetName },
    });
    expect(same.status).toBe(200);
  });

  it("replaces the fleet's vehicles; ids of another unit are 400 naming kendaraanIds and change nothing", async () => {
    const fleet = await newFleet();
    const mine = sunterVehicles.slice(3, 6).map((v) => v.vehicleId);
    await byAdmin(`/units/fleet/${fleet.fleetId}/vehicles`, { method: 'PUT', body: { kendaraanIds: mine } });
    const foreign = await byAdmin(`/units/fleet/${fleet.fleetId}/vehicles`, {
      method: 'PUT',
      body: { kendaraanIds: [mine[0], karawangVehicles[0]!.vehicleId] },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.json.errors[0].path).toBe('kendaraanIds');
    const bad = await byAdmin(`/units/fleet/${fleet.fleetId}/vehicles`, {
      method: 'PUT',
      body: { kendaraanIds: ['x'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].path).toMatch(/^kendaraanIds/);
    const now = await byAdmin(`/units/fleet/${fleet.fleetId}/vehicles`);
    expect(now.json.results.map((v: { kendaraanId: number }) => v.kendaraanId).sort()).toEqual(
      [...mine].sort(),
    );
    // Replace with one, then none.
    const one = await byAdmin(`/units/fleet/${fleet.fleetId}/vehicles`, {
      method: 'PUT',
      body: { kendaraanIds: [mine[1]] },
    });
    expect(one.json.count).toBe(1);
    const none = await byAdmin(`/units/fleet/${fleet.fleetId}/vehicles`, {
      method: 'PUT',
      body: { kendaraanIds: [] },
    });
    expect(none.json).toEqual({ count: 0, results: [] });
  });

  it('404 for an unknown fleet, 400 for a bad id', async () => {
    expect(
      (await byAdmin('/units/fleet/999999', { method: 'PUT', body: { fleetName: 'Nope' } })).status,
    ).toBe(404);
    expect((await byAdmin('/units/fleet/999999', { method: 'DELETE' })).status).toBe(404);
    const bad = await byAdmin('/units/fleet/abc/vehicles');
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].path).toBe('fleetId');
  });
});

describe('permissions', () => {
  it("a User or a Guest reads the unit's fleets (the reports' filter) and gets 403 from every other fleet and unit-info endpoint", async () => {
    const fleets = fleetList.parse((await byAdmin('/units/fleet')).json);
    const fleetId = fleets.results[0]!.fleetId;
    for (const [token, role] of [
      [operator, 'User'],
      [guest, 'Guest'],
    ] as const) {
      const read = await call(t.url, '/api/units/fleet?Take=1000', {
        token,
        role: { unitId: UNIT.sunter, role },
      });
      expect(read.status, role).toBe(200);
      expect(fleetList.parse(read.json).results).toEqual(fleets.results);
      for (const [method, path, body] of [
        ['POST', '/api/units/fleet', { fleetName: 'Sneaky' }],
        ['PUT', `/api/units/fleet/${fleetId}`, { fleetName: 'Sneaky' }],
        ['DELETE', `/api/units/fleet/${fleetId}`, undefined],
        ['GET', `/api/units/fleet/${fleetId}/vehicles`, undefined],
        ['PUT', `/api/units/fleet/${fleetId}/vehicles`, { kendaraanIds: [] }],
        ['GET', '/api/units/info', undefined],
        ['PUT', '/api/units/info', { unitName: 'Sneaky', timeZone: 'Asia/Jakarta' }],
      ] as const) {
        const res = await call(t.url, path, { token, role: { unitId: UNIT.sunter, role }, method, body });
        expect(res.status, `${role} ${method} ${path}`).toBe(403);
        expect(res.json.code).toBe('FORBIDDEN');
      }
    }
  });

  it("an Administrator of Karawang cannot read or touch Sunter's fleets (404)", async () => {
    const fleet = await newFleet();
    const as = { token: multi, role: { unitId: UNIT.karawang, role: 'Administrator' } };
    const id = fleet.fleetId;
    expect((await call(t.url, `/api/units/fleet/${id}/vehicles`, as)).status).toBe(404);
    expect(
      (await call(t.url, `/api/units/fleet/${id}`, { ...as, method: 'PUT', body: { fleetName: 'Mine' } }))
        .status,
    ).toBe(404);
    expect(
      (
        await call(t.url, `/api/units/fleet/${id}/vehicles`, {
          ...as,
          method: 'PUT',
          body: { kendaraanIds: [] },
        })
      ).status,
    ).toBe(404);
    expect((await call(t.url, `/api/units/fleet/${id}`, { ...as, method: 'DELETE' })).status).toBe(404);
    const theirs = await call(t.url, '/api/units/fleet?Take=100', as);
    expect(theirs.json.results.map((f: { fleetId: number }) => f.fleetId)).not.toContain(id);
    expect(theirs.json.results.every((f: { unitId: number }) => f.unitId === UNIT.karawang)).toBe(true);
    // Sunter vehicles cannot join a Karawang fleet either.
    const karawangFleet = theirs.json.results[0].fleetId;
    const steal = await call(t.url, `/api/units/fleet/${karawangFleet}/vehicles`, {
      ...as,
      method: 'PUT',
      body: { kendaraanIds: [sunterVehicles[0]!.vehicleId] },
    });
    expect(steal.status).toBe(400);
    expect((await byAdmin(`/units/fleet/${id}`, { method: 'DELETE' })).status).toBe(204);
  });
});

describe('/api/units/info', () => {
  it("reads and updates the chosen unit's info; a taken unit name is 409 naming unitName", async () => {
    const { status, json } = await byAdmin('/units/info');
    expect(status).toBe(200);
    const info = unitInfo.parse(json);
    expect(info).toMatchObject({
      unitId: UNIT.sunter,
      unitName: 'CC Jakarta – Sunter',
      timeZone: 'Asia/Jakarta',
    });
    expect(info.vehicleCount).toBe(sunterVehicles.length);
    expect(info.userCount).toBeGreaterThanOrEqual(3);

    const input = {
      unitName: 'CC Jakarta – Sunter',
      address: 'Jl. Yos Sudarso Kav. 30, Sunter, Jakarta Utara',
      phone: '+62 21 6512345',
      timeZone: 'Asia/Jakarta',
    };
    const put = await byAdmin('/units/info', { method: 'PUT', body: input });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject(input);

    const dup = await byAdmin('/units/info', { method: 'PUT', body: { ...input, unitName: 'cc karawang' } });
    expect(dup.status).toBe(409);
    expect(dup.json.errors[0].path).toBe('unitName');
    const bad = await byAdmin('/units/info', {
      method: 'PUT',
      body: { unitName: 'X', timeZone: 'Europe/Paris' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((e: { path: string }) => e.path).sort()).toEqual(['timeZone', 'unitName']);
    const cleared = await byAdmin('/units/info', {
      method: 'PUT',
      body: { ...input, address: '', phone: null },
    });
    expect(cleared.json).toMatchObject({ address: null, phone: null });
  });

  it('takes an Indonesian phone number as people write it and refuses anything else (400 naming phone)', async () => {
    const base = { unitName: 'CC Jakarta – Sunter', timeZone: 'Asia/Jakarta' };
    for (const phone of [
      '+62 21 6512345',
      '62 812 8765 4321',
      '0812-8765-4321',
      '(021) 555-0123',
      '02155501234',
    ]) {
      const ok = await byAdmin('/units/info', { method: 'PUT', body: { ...base, phone } });
      expect(ok.status, phone).toBe(200);
      expect(ok.json.phone, phone).toBe(phone);
    }
    for (const phone of ['abc', '12', '+1 555 0123', '0812-8765-4321-9999', '+62 0812 8765']) {
      const bad = await byAdmin('/units/info', { method: 'PUT', body: { ...base, phone } });
      expect(bad.status, phone).toBe(400);
      expect(bad.json.errors, phone).toEqual([
        { path: 'phone', message: 'Phone must be an Indonesian number, e.g. 0812-8765-4321 or 021-555-0123' },
      ]);
    }
    const kept = await byAdmin('/units/info');
    expect(kept.json.phone).toBe('02155501234');
  });
});

describe('audit', () => {
  it('records fleet create, rename, membership and delete, and unit info changes', async () => {
    const fleet = await newFleet();
    await byAdmin(`/units/fleet/${fleet.fleetId}`, {
      method: 'PUT',
      body: { fleetName: `${fleet.fleetName} B` },
    });
    const [a, b] = sunterVehicles;
    await byAdmin(`/units/fleet/${fleet.fleetId}/vehicles`, {
      method: 'PUT',
      body: { kendaraanIds: [a!.vehicleId, b!.vehicleId] },
    });
    await byAdmin(`/units/fleet/${fleet.fleetId}`, { method: 'DELETE' });
    const { json } = await byAdmin(`/audit?entity=fleet&entityId=${fleet.fleetId}`);
    const rows = [...json.results].reverse();
    expect(rows.map((r: { action: string }) => r.action)).toEqual(['create', 'update', 'update', 'delete']);
    expect(rows[0].changes).toEqual({ fleetName: { from: null, to: fleet.fleetName } });
    expect(rows[1].changes).toEqual({ fleetName: { from: fleet.fleetName, to: `${fleet.fleetName} B` } });
    expect(rows[2].changes.vehicles).toEqual({ from: [], to: [a!.plateNumber, b!.plateNumber].sort() });
    expect(rows[3].changes.fleetName.to).toBeNull();
    expect(rows.every((r: { actor: string }) => r.actor === 'admin')).toBe(true);

    await byAdmin('/units/info', {
      method: 'PUT',
      body: { unitName: 'CC Jakarta – Sunter', phone: '+62 21 9990 1234', timeZone: 'Asia/Jakarta' },
    });
    const unit = await byAdmin(`/audit?entity=unit&entityId=${UNIT.sunter}`);
    expect(unit.json.results[0]).toMatchObject({ action: 'update', entity: 'unit' });
  });

  it('a refused write leaves no audit row', async () => {
    const before = (await byAdmin('/audit?entity=fleet')).json.count;
    await byAdmin('/units/fleet', { body: { fleetName: 'Trailer' } });
    expect((await byAdmin('/audit?entity=fleet')).json.count).toBe(before);
  });
});
