import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userList } from '@pantau/contracts';
import { userGroups } from '../db/schema/index.js';
import { call, signIn, startTestApp, UNIT, type TestApp } from '../test/test-app.js';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['admin', 'operator', 'guest', 'multi']) tokens[u] = await signIn(t.url, u);
});
afterAll(() => t?.close());

describe('roles (GET /api/users is Administrator only)', () => {
  it('gives the Administrator the users of the chosen unit', async () => {
    const { status, json } = await call(t.url, '/api/users', {
      token: tokens.admin,
      role: { unitId: UNIT.sunter, role: 'Administrator' },
    });
    expect(status).toBe(200);
    const list = userList.parse(json);
    expect(list.count).toBe(3);
    expect(list.results.map((u) => [u.username, u.role])).toEqual([
      ['admin', 'Administrator'],
      ['guest', 'Guest'],
      ['operator', 'User'],
    ]);
  });

  it('takes the chosen role from the role cookies as a browser sends them', async () => {
    const { status } = await call(t.url, '/api/users', {
      headers: { cookie: `token=${tokens.admin}; role_unit=${UNIT.sunter}; role_user=Administrator` },
    });
    expect(status).toBe(200);
  });

  it('answers 403 FORBIDDEN to a User and to a Guest', async () => {
    for (const [user, role] of [
      ['operator', 'User'],
      ['guest', 'Guest'],
    ] as const) {
      const { status, json } = await call(t.url, '/api/users', {
        token: tokens[user],
        role: { unitId: UNIT.sunter, role },
      });
      expect(status, user).toBe(403);
      expect(json.code).toBe('FORBIDDEN');
    }
  });

  it('answers 403 ROLE_REQUIRED when the chosen role names a unit or role the user does not hold', async () => {
    // multi is Administrator of unit 2 and User of unit 3, nothing in unit 1.
    for (const role of [
      { unitId: UNIT.sunter, role: 'Administrator' },
      { unitId: UNIT.cikarang, role: 'Administrator' },
    ]) {
      const { status, json } = await call(t.url, '/api/users', { token: tokens.multi, role });
      expect(status).toBe(403);
      expect(json.code).toBe('ROLE_REQUIRED');
    }
    const ok = await call(t.url, '/api/users', {
      token: tokens.multi,
      role: { unitId: UNIT.karawang, role: 'Administrator' },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.results.map((u: { username: string }) => u.username)).toEqual(['multi']);
  });

  it('lets a role unknown to the product read like an Administrator (DESIGN §7)', async () => {
    const [group] = await t.db.db
      .insert(userGroups)
      .values({ userId: 2, unitId: UNIT.karawang, role: 'Supervisor' })
      .returning();
    const token = await signIn(t.url, 'operator');
    const { status } = await call(t.url, '/api/users', {
      token,
      role: { unitId: UNIT.karawang, role: 'Supervisor' },
    });
    expect(status).toBe(200);
    expect(group).toBeDefined();
  });

  it('answers 401 without a token before looking at the query', async () => {
    const { status, json } = await call(t.url, '/api/users?Take=abc');
    expect(status).toBe(401);
    expect(json.code).toBe('UNAUTHENTICATED');
  });
});

describe('unit scoping', () => {
  it('S-004 answers 403 ROLE_REQUIRED on kendaraan when no role is chosen', async () => {
    const { status, json } = await call(t.url, '/api/kendaraan', { token: tokens.admin });
    expect(status).toBe(403);
    expect(json.code).toBe('ROLE_REQUIRED');
  });

  it('nobody reads the notifications of a unit they hold no role in', async () => {
    const { status, json } = await call(t.url, `/api/logs/notifications?unitId=${UNIT.karawang}`, {
      token: tokens.admin,
      role: { unitId: UNIT.sunter, role: 'Administrator' },
    });
    expect(status).toBe(403);
    expect(json.code).toBe('FORBIDDEN');
  });

  it('S-041 a user with roles in two units may read the other unit by unitId', async () => {
    const { status, json } = await call(t.url, `/api/logs/notifications?unitId=${UNIT.cikarang}&Count=1000`, {
      token: tokens.multi,
      role: { unitId: UNIT.karawang, role: 'Administrator' },
    });
    expect(status).toBe(200);
    expect(json.count).toBe(8);
  });

  it('GET /api/units lists only the units the user holds a role in (token only, no role needed)', async () => {
    const { status, json } = await call(t.url, '/api/units', { token: tokens.multi });
    expect(status).toBe(200);
    expect(json).toEqual({
      count: 2,
      results: [
        { unitId: UNIT.karawang, unitName: 'CC Karawang', role: 'Administrator', timeZone: 'Asia/Jakarta' },
        { unitId: UNIT.cikarang, unitName: 'Truck Cikarang', role: 'User', timeZone: 'Asia/Jakarta' },
      ],
    });
    expect((await call(t.url, '/api/units')).status).toBe(401);
  });
});
