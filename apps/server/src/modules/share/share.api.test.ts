import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedVehicle, shareLinkCreated, shareLinkList, shareLinkRow } from '@pantau/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { auditLog, shareLinks, vehicles } from '../../db/schema/index.js';
import { call, signIn, startTestApp, UNIT, type TestApp } from '../../test/test-app.js';

let t: TestApp;
/** The app's clock runs this far ahead of the real one (an expiry test moves it). */
let offsetMs = 0;
let admin: string;
let operator: string;
let guest: string;
let multi: string;
let vehicle: { vehicleId: number; plate: string; hull: string; trackerId: string };
let otherUnitVehicle: number;

const asAdmin = { role: { unitId: UNIT.sunter, role: 'Administrator' } };
beforeAll(async () => {
  t = await startTestApp({ deps: { clock: () => new Date(Date.now() + offsetMs) } });
  admin = await signIn(t.url, 'admin');
  operator = await signIn(t.url, 'operator');
  guest = await signIn(t.url, 'guest');
  multi = await signIn(t.url, 'multi');
  const firstOf = async (unitId: number) => {
    const [v] = await t.db.db
      .select({
        vehicleId: vehicles.vehicleId,
        plate: vehicles.plateNumber,
        hull: vehicles.hullNumber,
        trackerId: vehicles.trackerId,
      })
      .from(vehicles)
      .where(eq(vehicles.unitId, unitId))
      .orderBy(asc(vehicles.vehicleId))
      .limit(1);
    return v!;
  };
  vehicle = await firstOf(UNIT.sunter);
  otherUnitVehicle = (await firstOf(UNIT.karawang)).vehicleId;
});
afterAll(() => t?.close());

async function createLink(body: Record<string, unknown> = {}) {
  const res = await call(t.url, '/api/share-links', {
    token: admin,
    ...asAdmin,
    body: { kendaraanId: vehicle.vehicleId, ...body },
  });
  expect(res.status).toBe(201);
  return shareLinkCreated.parse(res.json);
}
const open = (token: string) => call(t.url, `/api/share/${encodeURIComponent(token)}`);

describe('POST /api/share-links', () => {
  it('creates a 24-hour link by default with a 43-character token, stores only its hash, audits it', async () => {
    const before = Date.now();
    const link = await createLink({ note: 'Dealer Bandung' });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url).toBe(`${t.url}/preview-vehicle?token=${link.token}`);
    expect(link).toMatchObject({
      kendaraanId: vehicle.vehicleId,
      nomorPolisi: vehicle.plate,
      note: 'Dealer Bandung',
      createdBy: 'admin',
      status: 'active',
      revokedAt: null,
    });
    const hours = (Date.parse(link.expiresAt) - before) / 3_600_000;
    expect(hours).toBeGreaterThan(23.99);
    expect(hours).toBeLessThan(24.01);
    const [row] = await t.db.db.select().from(shareLinks).where(eq(shareLinks.shareLinkId, link.shareLinkId));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(link.token);
    const [entry] = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'share_link'), eq(auditLog.entityId, String(link.shareLinkId))));
    expect(entry).toMatchObject({ action: 'create', unitId: UNIT.sunter, label: vehicle.plate });
    expect(JSON.stringify(entry)).not.toContain(link.token);
  });

  it('takes the public URL from the configuration when set', async () => {
    const other = await startTestApp({ config: { publicUrl: 'https://pantau.example.co.id/' } });
    try {
      const token = await signIn(other.url, 'admin');
      const { json } = await call(other.url, '/api/share-links', {
        token,
        ...asAdmin,
        body: { kendaraanId: vehicle.vehicleId, expiresInHours: 1 },
      });
      expect(json.url).toBe(`https://pantau.example.co.id/preview-vehicle?token=${json.token}`);
    } finally {
      await other.close();
    }
  });

  it('answers 404 for a vehicle of another unit and 400 naming a bad field', async () => {
    const foreign = await call(t.url, '/api/share-links', {
      token: admin,
      ...asAdmin,
      body: { kendaraanId: otherUnitVehicle },
    });
    expect(foreign.status).toBe(404);
    const bad = await call(t.url, '/api/share-links', {
      token: admin,
      ...asAdmin,
      body: { kendaraanId: vehicle.vehicleId, expiresInHours: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((e: { path: string }) => e.path)).toEqual(['expiresInHours']);
    const missing = await call(t.url, '/api/share-links', { token: admin, ...asAdmin, body: {} });
    expect(missing.json.errors.map((e: { path: string }) => e.path)).toEqual(['kendaraanId']);
  });

  it('is the Administrator’s: User and Guest get 403 on every share-link endpoint, no token 401', async () => {
    const link = await createLink();
    for (const [token, role] of [
      [operator, 'User'],
      [guest, 'Guest'],
    ] as const) {
      const as = { token, role: { unitId: UNIT.sunter, role } };
      const attempts = [
        await call(t.url, '/api/share-links', { ...as, body: { kendaraanId: vehicle.vehicleId } }),
        await call(t.url, `/api/share-links?kendaraanId=${vehicle.vehicleId}`, as),
        await call(t.url, `/api/share-links/${link.shareLinkId}`, { ...as, method: 'DELETE' }),
      ];
      expect(attempts.map((a) => a.status)).toEqual([403, 403, 403]);
    }
    expect((await call(t.url, '/api/share-links')).status).toBe(401);
    expect((await open(link.token)).status).toBe(200);
  });

  it('an Administrator of another unit neither lists nor revokes this unit’s links (404)', async () => {
    const link = await createLink();
    const as = { token: multi, role: { unitId: UNIT.karawang, role: 'Administrator' } };
    expect((await call(t.url, `/api/share-links?kendaraanId=${vehicle.vehicleId}`, as)).status).toBe(404);
    const all = shareLinkList.parse((await call(t.url, '/api/share-links', as)).json);
    expect(all.results.map((r) => r.shareLinkId)).not.toContain(link.shareLinkId);
    expect(
      (await call(t.url, `/api/share-links/${link.shareLinkId}`, { ...as, method: 'DELETE' })).status,
    ).toBe(404);
    expect((await open(link.token)).status).toBe(200);
  });
});

describe('GET /api/share/{token} (no sign-in)', () => {
  it('shows the vehicle and its live state and nothing else', async () => {
    const link = await createLink();
    const { status, json, res } = await open(link.token);
    expect(status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const shared = sharedVehicle.parse(json);
    expect(Object.keys(json as object).sort()).toEqual(Object.keys(sharedVehicle.shape).sort());
    expect(shared).toMatchObject({
      nomorPolisi: vehicle.plate,
      nomorKendaraan: vehicle.hull,
      expiresAt: link.expiresAt,
      destination: null,
      eta: null,
    });
    const text = JSON.stringify(json);
    expect(text).not.toContain(vehicle.trackerId);
    expect(text).not.toMatch(/unitId|driver|phone|pengemudi|\+62/i);
  });

  it('answers 404 SHARE_NOT_FOUND for an unknown or malformed token', async () => {
    for (const token of ['A'.repeat(43), 'short', 'x'.repeat(100)]) {
      const { status, json } = await open(token);
      expect(status).toBe(404);
      expect(json.code).toBe('SHARE_NOT_FOUND');
    }
  });

  it('answers 410 SHARE_EXPIRED once the link has expired', async () => {
    const link = await createLink({ expiresInHours: 1 });
    expect((await open(link.token)).status).toBe(200);
    offsetMs = 61 * 60_000;
    try {
      const { status, json } = await open(link.token);
      expect(status).toBe(410);
      expect(json.code).toBe('SHARE_EXPIRED');
    } finally {
      offsetMs = 0;
    }
    const list = shareLinkList.parse(
      (await call(t.url, `/api/share-links?kendaraanId=${vehicle.vehicleId}`, { token: admin, ...asAdmin }))
        .json,
    );
    expect(list.results.find((r) => r.shareLinkId === link.shareLinkId)?.status).toBe('active');
  });

  it('revoking ends the link at once (410 SHARE_REVOKED), is audited and shows in the list', async () => {
    const link = await createLink();
    const revoked = await call(t.url, `/api/share-links/${link.shareLinkId}`, {
      token: admin,
      ...asAdmin,
      method: 'DELETE',
    });
    expect(revoked.status).toBe(200);
    const row = shareLinkRow.parse(revoked.json);
    expect(row.status).toBe('revoked');
    expect(row.revokedAt).not.toBeNull();
    const { status, json } = await open(link.token);
    expect(status).toBe(410);
    expect(json.code).toBe('SHARE_REVOKED');
    const again = await call(t.url, `/api/share-links/${link.shareLinkId}`, {
      token: admin,
      ...asAdmin,
      method: 'DELETE',
    });
    expect(again.json.revokedAt).toBe(row.revokedAt);
    const list = shareLinkList.parse(
      (await call(t.url, `/api/share-links?kendaraanId=${vehicle.vehicleId}`, { token: admin, ...asAdmin }))
        .json,
    );
    expect(list.results[0]).toMatchObject({ shareLinkId: link.shareLinkId, status: 'revoked' });
    expect(JSON.stringify(list)).not.toContain(link.token);
    const audit = await call(t.url, `/api/audit?entity=share_link&entityId=${link.shareLinkId}`, {
      token: admin,
      ...asAdmin,
    });
    expect(audit.json.results.map((r: { action: string }) => r.action)).toEqual(['revoke', 'create']);
    expect(
      (await call(t.url, '/api/share-links/999999', { token: admin, ...asAdmin, method: 'DELETE' })).status,
    ).toBe(404);
  });

  it('limits each address to 120 answers a minute', async () => {
    const link = await createLink();
    const statuses: number[] = [];
    for (let i = 0; i < 125; i++) statuses.push((await open(link.token)).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(120);
  });
});
