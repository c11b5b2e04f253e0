import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userList, userRow } from '@pantau/contracts';
import { call, signIn, startTestApp, UNIT, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
let operator: string;
let guest: string;
let multi: string;
beforeAll(async () => {
  t = await startTestApp();
  [admin, operator, guest, multi] = (await Promise.all(
    ['admin', 'operator', 'guest', 'multi'].map((u) => signIn(t.url, u)),
  )) as [string, string, string, string];
});
afterAll(() => t?.close());

const asAdmin = { unitId: UNIT.sunter, role: 'Administrator' };
const asMultiAdmin = { unitId: UNIT.karawang, role: 'Administrator' };
const byAdmin = (path: string, o: { method?: string; body?: unknown } = {}) =>
  call(t.url, `/api${path}`, { token: admin, role: asAdmin, ...o });

async function userIdOf(username: string): Promise<number> {
  const { json } = await byAdmin(`/users?search=${username}`);
  const row = json.results.find((r: { username: string }) => r.username === username);
  if (!row) throw new Error(`${username} is not in Sunter`);
  return row.userId;
}

let seq = 0;
/** A new account in Sunter with the given role; returns its id and username. */
async function newUser(role: string) {
  const username = `h3user${Date.now() % 100000}${++seq}`;
  const { status, json } = await byAdmin('/users', {
    body: {
      username,
      email: `${username}@example.test`,
      displayName: `Test ${username}`,
      password: 'secret123',
      role,
    },
  });
  expect(status, JSON.stringify(json)).toBe(201);
  return { userId: json.userId as number, username };
}

describe('GET /api/users', () => {
  it('lists the unit users with role, status and whether the account may be managed', async () => {
    const { status, json } = await byAdmin('/users');
    expect(status).toBe(200);
    const list = userList.parse(json);
    const names = list.results.map((r) => r.username);
    expect(names).toEqual(expect.arrayContaining(['admin', 'operator', 'guest']));
    expect(names).not.toContain('multi');
    const op = list.results.find((r) => r.username === 'operator')!;
    expect(op).toMatchObject({ role: 'User', disabled: false, canManageAccount: true });
    userRow.strict().parse(op);
  });

  it('searches username, name and e-mail, and filters role and disabled', async () => {
    const byName = await byAdmin('/users?search=dimas');
    expect(byName.json.results.map((r: { username: string }) => r.username)).toEqual(['operator']);
    const byMail = await byAdmin('/users?search=GUEST%40pantau');
    expect(byMail.json.results.map((r: { username: string }) => r.username)).toEqual(['guest']);
    const guests = await byAdmin('/users?role=Guest');
    expect(guests.json.results.every((r: { role: string }) => r.role === 'Guest')).toBe(true);
    expect(guests.json.count).toBeGreaterThanOrEqual(1);
    const disabled = await byAdmin('/users?disabled=true&search=operator');
    expect(disabled.json).toEqual({ count: 0, results: [] });
    const bad = await byAdmin('/users?role=Boss');
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].path).toBe('role');
  });

  it('pages 10 at a time by default', async () => {
    const { json } = await byAdmin('/users?Take=1&Skip=1');
    expect(json.results).toHaveLength(1);
    expect(json.count).toBeGreaterThanOrEqual(3);
  });
});

describe('permissions', () => {
  it('a User or a Guest gets 403 from every user endpoint, reads included', async () => {
    const id = await userIdOf('guest');
    for (const [token, role] of [
      [operator, 'User'],
      [guest, 'Guest'],
    ] as const) {
      const as = { token, role: { unitId: UNIT.sunter, role } };
      for (const [method, path, body] of [
        ['GET', '/api/users', undefined],
        ['GET', `/api/users/${id}`, undefined],
        ['POST', '/api/users', { username: 'nobody', role: 'Guest' }],
        ['PUT', `/api/users/${id}`, { role: 'User' }],
        ['DELETE', `/api/users/${id}`, undefined],
        ['POST', `/api/users/${id}/reset-password`, { password: 'whatever123' }],
      ] as const) {
        const res = await call(t.url, path, { ...as, method, body });
        expect(res.status, `${role} ${method} ${path}`).toBe(403);
        expect(res.json.code).toBe('FORBIDDEN');
      }
    }
  });

  it("an Administrator of Karawang cannot read or touch Sunter's users (404)", async () => {
    const id = await userIdOf('operator');
    const as = { token: multi, role: asMultiAdmin };
    expect((await call(t.url, `/api/users/${id}`, as)).status).toBe(404);
    expect(
      (await call(t.url, `/api/users/${id}`, { ...as, method: 'PUT', body: { role: 'Guest' } })).status,
    ).toBe(404);
    expect((await call(t.url, `/api/users/${id}`, { ...as, method: 'DELETE' })).status).toBe(404);
    expect(
      (await call(t.url, `/api/users/${id}/reset-password`, { ...as, body: { password: 'hijacked123' } }))
        .status,
    ).toBe(404);
    const list = await call(t.url, '/api/users', as);
    expect(list.json.results.map((r: { username: string }) => r.username)).toEqual(['multi']);
    // Nothing changed in Sunter.
    expect((await byAdmin(`/users/${id}`)).json.role).toBe('User');
  });
});

describe('POST /api/users', () => {
  it('creates an account with that role in this unit; the new user signs in and holds only that role', async () => {
    const { userId, username } = await newUser('Guest');
    const row = await byAdmin(`/users/${userId}`);
    expect(row.json).toMatchObject({ username, role: 'Guest', disabled: false, lastLogin: null });
    const token = await signIn(t.url, username, 'secret123');
    const me = await call(t.url, '/api/auth/me', { token });
    expect(me.json.groups).toEqual([
      { unitId: UNIT.sunter, unitName: 'CC Jakarta – Sunter', role: 'Guest', timeZone: 'Asia/Jakarta' },
    ]);
  });

  it('three creates of one username at once: one account, the others 409 on the username', async () => {
    const answers = await Promise.all(
      [1, 2, 3].map((i) =>
        byAdmin('/users', {
          body: { username: 'racer', email: `racer${i}@example.test`, password: 'secret123', role: 'User' },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409))
      expect(a.json.errors.map((e: { path: string }) => e.path)).toEqual(['username']);
  });

  it('names the fields at fault: 400 for bad input, 409 for a taken username or e-mail', async () => {
    const bad = await byAdmin('/users', {
      body: { username: 'x', email: 'not-mail', password: 'short', role: 'Boss' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((e: { path: string }) => e.path).sort()).toEqual(
      ['email', 'password', 'role', 'username'].sort(),
    );
    const noMail = await byAdmin('/users', {
      body: { username: 'h3nomail', password: 'secret123', role: 'User' },
    });
    expect(noMail.status).toBe(400);
    expect(noMail.json.errors[0].path).toBe('email');
    const takenName = await byAdmin('/users', {
      body: { username: 'OPERATOR', email: 'fresh1@example.test', password: 'secret123', role: 'User' },
    });
    expect(takenName.status).toBe(409);
    expect(takenName.json.errors.map((e: { path: string }) => e.path)).toEqual(['username']);
    const takenMail = await byAdmin('/users', {
      body: { username: 'h3fresh', email: 'Operator@pantau.example', password: 'secret123', role: 'User' },
    });
    expect(takenMail.status).toBe(409);
    expect(takenMail.json.errors.map((e: { path: string }) => e.path)).toEqual(['email']);
  });

  it('adds an existing user by username or e-mail; unknown → 404, already a member → 409', async () => {
    const added = await byAdmin('/users', { body: { username: 'multi@pantau.example', role: 'Guest' } });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ username: 'multi', role: 'Guest', canManageAccount: false });
    const again = await byAdmin('/users', { body: { username: 'multi', role: 'User' } });
    expect(again.status).toBe(409);
    expect(again.json.errors[0].path).toBe('username');
    const unknown = await byAdmin('/users', { body: { username: 'nobody-here', role: 'User' } });
    expect(unknown.status).toBe(404);
    expect(unknown.json.errors[0].path).toBe('username');

    // multi is also Administrator of Karawang: only their role here may change, not the account.
    const id = added.json.userId as number;
    expect((await byAdmin(`/users/${id}`, { method: 'PUT', body: { role: 'User' } })).json.role).toBe('User');
    const disable = await byAdmin(`/users/${id}`, { method: 'PUT', body: { disabled: true } });
    expect(disable.status).toBe(403);
    expect(disable.json.detail).toMatch(/not Administrator/);
    const rename = await byAdmin(`/users/${id}`, { method: 'PUT', body: { displayName: 'Hijack' } });
    expect(rename.status).toBe(403);
    const reset = await byAdmin(`/users/${id}/reset-password`, { body: { password: 'hijacked123' } });
    expect(reset.status).toBe(403);

    // Removed from Sunter only: the account and its Karawang role stay.
    expect((await byAdmin(`/users/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await byAdmin(`/users/${id}`)).status).toBe(404);
    const me = await call(t.url, '/api/auth/me', { token: await signIn(t.url, 'multi') });
    expect(me.json.groups.map((g: { unitId: number; role: string }) => `${g.role}@${g.unitId}`)).toEqual([
      `Administrator@${UNIT.karawang}`,
      `User@${UNIT.cikarang}`,
    ]);
  });
});

describe('PUT /api/users/:userId', () => {
  it("a role change takes effect on the user's next request", async () => {
    const { userId, username } = await newUser('Guest');
    const token = await signIn(t.url, username, 'secret123');
    const asGuest = { unitId: UNIT.sunter, role: 'Guest' };
    expect((await call(t.url, '/api/users', { token, role: asGuest })).status).toBe(403);

    const res = await byAdmin(`/users/${userId}`, { method: 'PUT', body: { role: 'Administrator' } });
    expect(res.status).toBe(200);
    expect(res.json.role).toBe('Administrator');
    // Same token, next request: the Guest role is gone, Administrator works.
    expect((await call(t.url, '/api/users', { token, role: asGuest })).json.code).toBe('ROLE_REQUIRED');
    expect((await call(t.url, '/api/users', { token, role: asAdmin })).status).toBe(200);
    const me = await call(t.url, '/api/auth/me', { token });
    expect(me.json.groups[0].role).toBe('Administrator');

    // Back to User (there are two Administrators now, so demoting one is fine).
    expect((await byAdmin(`/users/${userId}`, { method: 'PUT', body: { role: 'User' } })).json.role).toBe(
      'User',
    );
  });

  it('updates display name and e-mail; a taken e-mail is 409 naming email', async () => {
    const { userId } = await newUser('User');
    const res = await byAdmin(`/users/${userId}`, {
      method: 'PUT',
      body: { displayName: 'Budi Santoso', email: 'budi.s@example.test' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ displayName: 'Budi Santoso', email: 'budi.s@example.test' });
    const taken = await byAdmin(`/users/${userId}`, {
      method: 'PUT',
      body: { email: 'admin@pantau.example' },
    });
    expect(taken.status).toBe(409);
    expect(taken.json.errors[0].path).toBe('email');
    const bad = await byAdmin(`/users/${userId}`, { method: 'PUT', body: { email: 'nope', role: 'Owner' } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((e: { path: string }) => e.path).sort()).toEqual(['email', 'role']);
  });

  it('a disabled user cannot sign in and their sessions stop; enabling lets them back', async () => {
    const { userId, username } = await newUser('User');
    const token = await signIn(t.url, username, 'secret123');
    const res = await byAdmin(`/users/${userId}`, { method: 'PUT', body: { disabled: true } });
    expect(res.json.disabled).toBe(true);
    const login = await call(t.url, '/api/auth/login', { body: { username, password: 'secret123' } });
    expect(login.status).toBe(403);
    expect(login.json.code).toBe('ACCOUNT_DISABLED');
    expect((await call(t.url, '/api/auth/me', { token })).status).toBe(401);
    const listed = await byAdmin(`/users?disabled=true&search=${username}`);
    expect(listed.json.count).toBe(1);
    await byAdmin(`/users/${userId}`, { method: 'PUT', body: { disabled: false } });
    await signIn(t.url, username, 'secret123');
    const audit = await byAdmin(`/audit?entity=user&entityId=${userId}`);
    expect(audit.json.results.map((r: { action: string }) => r.action)).toEqual([
      'enable',
      'disable',
      'create',
    ]);
  });

  it('an Administrator cannot disable themselves', async () => {
    const id = await userIdOf('admin');
    const res = await byAdmin(`/users/${id}`, { method: 'PUT', body: { disabled: true } });
    expect(res.status).toBe(403);
    expect(res.json.detail).toMatch(/your own account/);
  });

  it('404 for an unknown user, 400 for a bad id', async () => {
    expect((await byAdmin('/users/999999', { method: 'PUT', body: { role: 'User' } })).status).toBe(404);
    const bad = await byAdmin('/users/abc');
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].path).toBe('userId');
  });
});

describe('the last Administrator', () => {
  it('cannot be demoted or removed (409 LAST_ADMINISTRATOR); with a second one both work', async () => {
    const id = await userIdOf('admin');
    const demote = await byAdmin(`/users/${id}`, { method: 'PUT', body: { role: 'User' } });
    expect(demote.status).toBe(409);
    expect(demote.json.code).toBe('LAST_ADMINISTRATOR');
    const remove = await byAdmin(`/users/${id}`, { method: 'DELETE' });
    expect(remove.status).toBe(409);
    expect(remove.json.code).toBe('LAST_ADMINISTRATOR');
    expect((await byAdmin(`/users/${id}`)).json.role).toBe('Administrator');

    // In Karawang, multi is the only Administrator.
    const multiId = (await call(t.url, '/api/users', { token: multi, role: asMultiAdmin })).json.results[0]
      .userId;
    const self = await call(t.url, `/api/users/${multiId}`, {
      token: multi,
      role: asMultiAdmin,
      method: 'PUT',
      body: { role: 'Guest' },
    });
    expect(self.json.code).toBe('LAST_ADMINISTRATOR');

    const second = await newUser('Administrator');
    const removed = await byAdmin(`/users/${second.userId}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
  });
});

describe('POST /api/users/:userId/reset-password', () => {
  it("sets a new password and ends the user's sessions", async () => {
    const { userId, username } = await newUser('User');
    const token = await signIn(t.url, username, 'secret123');
    const short = await byAdmin(`/users/${userId}/reset-password`, { body: { password: 'short' } });
    expect(short.status).toBe(400);
    expect(short.json.errors[0].path).toBe('password');
    const res = await byAdmin(`/users/${userId}/reset-password`, { body: { password: 'brand-new-pass' } });
    expect(res.status).toBe(204);
    expect((await call(t.url, '/api/auth/me', { token })).status).toBe(401);
    const old = await call(t.url, '/api/auth/login', { body: { username, password: 'secret123' } });
    expect(old.status).toBe(401);
    await signIn(t.url, username, 'brand-new-pass');
  });
});

describe('audit', () => {
  it('records create, role change, password reset and removal, never a password', async () => {
    const { userId, username } = await newUser('Guest');
    await byAdmin(`/users/${userId}`, { method: 'PUT', body: { role: 'User' } });
    await byAdmin(`/users/${userId}/reset-password`, { body: { password: 'another-pass1' } });
    await byAdmin(`/users/${userId}`, { method: 'DELETE' });
    const { json } = await byAdmin(`/audit?entity=user&entityId=${userId}`);
    const actions = json.results.map((r: { action: string }) => r.action).reverse();
    expect(actions).toEqual(['create', 'role', 'reset_password', 'remove']);
    for (const r of json.results) {
      expect(r.actor).toBe('admin');
      expect(r.label).toBe(username);
    }
    const [removal, reset, update, create] = json.results;
    expect(update.changes).toEqual({ role: { from: 'Guest', to: 'User' } });
    expect(reset.changes).toEqual({ password: { from: '***', to: '***' } });
    expect(create.changes.role).toEqual({ from: null, to: 'Guest' });
    expect(create.changes.password).toEqual({ from: '***', to: '***' });
    expect(removal.changes).toEqual({ role: { from: 'User', to: null } });
    expect(JSON.stringify(json)).not.toMatch(/secret123|another-pass1|scrypt/);
  });

  it('a refused write leaves no audit row and changes nothing', async () => {
    const id = await userIdOf('admin');
    const before = (await byAdmin(`/audit?entity=user&entityId=${id}`)).json.count;
    await byAdmin(`/users/${id}`, { method: 'PUT', body: { role: 'Guest' } });
    expect((await byAdmin(`/audit?entity=user&entityId=${id}`)).json.count).toBe(before);
  });
});
