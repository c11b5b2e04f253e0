import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginUser, problem, userSettingsResponse } from '@pantau/contracts';
import { and, eq } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema/index.js';
import { call, signIn, startTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** A fresh account (no role needed: profile and settings are the user's own). */
async function newUser(name: string, password = 'first-pass-1') {
  const { status } = await call(t.url, '/api/auth/signup', {
    body: { username: name, email: `${name}@example.test`, displayName: `${name} Display`, password },
  });
  expect(status).toBe(201);
  return signIn(t.url, name, password);
}
const auditOf = (entity: string, label: string) =>
  t.db.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.label, label)));

describe('PUT /api/auth/profile', () => {
  it('changes display name and e-mail, answers the user as /auth/me does and audits it', async () => {
    const token = await newUser('prof1');
    const { status, json } = await call(t.url, '/api/auth/profile', {
      method: 'PUT',
      token,
      body: { displayName: '  Budi Santoso ', email: 'budi.santoso@example.test' },
    });
    expect(status).toBe(200);
    const user = loginUser.parse(json);
    expect(user).toMatchObject({
      username: 'prof1',
      displayName: 'Budi Santoso',
      email: 'budi.santoso@example.test',
    });
    const me = await call(t.url, '/api/auth/me', { token });
    expect(me.json).toEqual(json);
    const [entry] = await auditOf('profile', 'prof1');
    expect(entry).toMatchObject({ unitId: null, action: 'update', actorName: 'prof1' });
    expect(entry!.changes).toEqual({
      displayName: { from: 'prof1 Display', to: 'Budi Santoso' },
      email: { from: 'prof1@example.test', to: 'budi.santoso@example.test' },
    });
  });

  it('keeps its own e-mail in another case, refuses one taken by another account with 409 naming email', async () => {
    const token = await newUser('prof2');
    const same = await call(t.url, '/api/auth/profile', {
      method: 'PUT',
      token,
      body: { displayName: 'Prof Two', email: 'PROF2@example.test' },
    });
    expect(same.status).toBe(200);
    const taken = await call(t.url, '/api/auth/profile', {
      method: 'PUT',
      token,
      body: { displayName: 'Prof Two', email: 'Admin@Pantau.Example' },
    });
    expect(taken.status).toBe(409);
    expect(problem.parse(taken.json).code).toBe('CONFLICT');
    expect(taken.json.errors.map((e: { path: string }) => e.path)).toEqual(['email']);
    const [row] = await t.db.db.select().from(users).where(eq(users.username, 'prof2'));
    expect(row!.email).toBe('PROF2@example.test');
  });

  it('answers 400 naming each bad field, and 401 without a token', async () => {
    const token = await newUser('prof3');
    const bad = await call(t.url, '/api/auth/profile', {
      method: 'PUT',
      token,
      body: { displayName: '   ', email: 'not-an-email' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((e: { path: string }) => e.path).sort()).toEqual(['displayName', 'email']);
    const anonymous = await call(t.url, '/api/auth/profile', {
      method: 'PUT',
      body: { displayName: 'X', email: 'x@example.test' },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('PUT /api/auth/password', () => {
  it('refuses a wrong current password with 400 WRONG_PASSWORD naming currentPassword', async () => {
    const token = await newUser('pass1');
    const { status, json } = await call(t.url, '/api/auth/password', {
      method: 'PUT',
      token,
      body: { currentPassword: 'not-it', newPassword: 'second-pass-2' },
    });
    expect(status).toBe(400);
    expect(json.code).toBe('WRONG_PASSWORD');
    expect(json.errors).toEqual([{ path: 'currentPassword', message: expect.any(String) }]);
    await signIn(t.url, 'pass1', 'first-pass-1'); // unchanged
  });

  it('answers 400 naming newPassword when it is too short', async () => {
    const token = await newUser('pass2');
    const { status, json } = await call(t.url, '/api/auth/password', {
      method: 'PUT',
      token,
      body: { currentPassword: 'first-pass-1', newPassword: 'short' },
    });
    expect(status).toBe(400);
    expect(json.errors.map((e: { path: string }) => e.path)).toEqual(['newPassword']);
  });

  it('sets the new password, ends the other sessions and answers a fresh token (cookie too)', async () => {
    const token = await newUser('pass3');
    const other = await signIn(t.url, 'pass3', 'first-pass-1');
    const { status, json, res } = await call(t.url, '/api/auth/password', {
      method: 'PUT',
      token,
      body: { currentPassword: 'first-pass-1', newPassword: 'second-pass-2' },
    });
    expect(status).toBe(200);
    const fresh = json.data.access_token as string;
    expect(res.headers.getSetCookie().find((c) => c.startsWith('token='))).toContain(`token=${fresh}`);
    expect((await call(t.url, '/api/auth/me', { token: fresh })).status).toBe(200);
    expect((await call(t.url, '/api/auth/me', { token })).status).toBe(401);
    expect((await call(t.url, '/api/auth/me', { token: other })).status).toBe(401);
    const old = await call(t.url, '/api/auth/login', {
      body: { username: 'pass3', password: 'first-pass-1' },
    });
    expect(old.status).toBe(401);
    await signIn(t.url, 'pass3', 'second-pass-2');
    const [entry] = await auditOf('profile', 'pass3');
    expect(entry).toMatchObject({ action: 'password', unitId: null });
    expect(JSON.stringify(entry!.changes)).not.toContain('second-pass-2');
  });

  it('stops guessing after five wrong current passwords (429)', async () => {
    const token = await newUser('pass4');
    const attempt = () =>
      call(t.url, '/api/auth/password', {
        method: 'PUT',
        token,
        body: { currentPassword: 'guess-guess', newPassword: 'second-pass-2' },
      });
    for (let i = 0; i < 5; i++) expect((await attempt()).status).toBe(400);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe('RATE_LIMITED');
  });
});

describe('GET/PUT /api/auth/settings', () => {
  it('answers the defaults for a user who never saved any', async () => {
    const token = await newUser('set1');
    const { status, json } = await call(t.url, '/api/auth/settings', { token });
    expect(status).toBe(200);
    expect(json).toEqual({
      language: 'en',
      timeZone: null,
      mapStyle: 'default',
      notificationSound: true,
      savedAt: null,
    });
  });

  it('stores settings that follow the user to a new session, and audits the change', async () => {
    const token = await newUser('set2');
    const saved = await call(t.url, '/api/auth/settings', {
      method: 'PUT',
      token,
      body: { language: 'id', timeZone: 'Asia/Makassar', mapStyle: 'offline', notificationSound: false },
    });
    expect(saved.status).toBe(200);
    const later = await signIn(t.url, 'set2', 'first-pass-1');
    const { json } = await call(t.url, '/api/auth/settings', { token: later });
    expect(userSettingsResponse.parse(json)).toEqual({
      language: 'id',
      timeZone: 'Asia/Makassar',
      mapStyle: 'offline',
      notificationSound: false,
      savedAt: saved.json.savedAt,
    });
    expect(Date.parse(saved.json.savedAt)).toBeGreaterThan(Date.now() - 60_000);
    const [entry] = await auditOf('settings', 'set2');
    expect(entry).toMatchObject({ action: 'update', unitId: null });
    expect(entry!.changes).toMatchObject({ language: { from: 'en', to: 'id' } });
  });

  it('fills missing fields with defaults, and replaces stored values it no longer knows', async () => {
    const token = await newUser('set3');
    const partial = await call(t.url, '/api/auth/settings', {
      method: 'PUT',
      token,
      body: { language: 'id' },
    });
    expect(partial.json).toMatchObject({ language: 'id', timeZone: null, notificationSound: true });
    await t.db.db
      .update(users)
      .set({
        settings: { language: 'id', mapStyle: 'hologram', timeZone: 7, savedAt: '2026-11-01T00:00:00.000Z' },
      })
      .where(eq(users.username, 'set3'));
    const { json } = await call(t.url, '/api/auth/settings', { token });
    expect(json).toEqual({
      language: 'id',
      timeZone: null,
      mapStyle: 'default',
      notificationSound: true,
      savedAt: '2026-11-01T00:00:00.000Z',
    });
  });

  it('answers 400 naming a bad field', async () => {
    const token = await newUser('set4');
    const { status, json } = await call(t.url, '/api/auth/settings', {
      method: 'PUT',
      token,
      body: { language: 'fr', timeZone: 'Europe/Paris' },
    });
    expect(status).toBe(400);
    expect(json.errors.map((e: { path: string }) => e.path).sort()).toEqual(['language', 'timeZone']);
  });
});
