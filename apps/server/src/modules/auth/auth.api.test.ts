import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginUser, problem } from '@pantau/contracts';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { users } from '../../db/schema/index.js';
import { call, signIn, startTestApp, UNIT, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('POST /api/auth/login', () => {
  it('S-026 S-019 answers data.access_token and sets the HttpOnly token cookie (path /)', async () => {
    const { status, json, res } = await call(t.url, '/api/auth/login', {
      body: { username: 'admin', password: 'demo1234' },
    });
    expect(status).toBe(200);
    expect(typeof json.data.access_token).toBe('string');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('token='))!;
    expect(cookie).toContain(`token=${json.data.access_token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('accepts the e-mail address instead of the username, in any case', async () => {
    const { status } = await call(t.url, '/api/auth/login', {
      body: { username: 'OPERATOR@Pantau.Example', password: 'demo1234' },
    });
    expect(status).toBe(200);
  });

  it('S-028 answers 401 INVALID_CREDENTIALS with the same message for a wrong password and an unknown user', async () => {
    const wrong = await call(t.url, '/api/auth/login', {
      body: { username: 'guest', password: 'nope-nope' },
    });
    const unknown = await call(t.url, '/api/auth/login', {
      body: { username: 'nobody', password: 'nope-nope' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(problem.parse(wrong.json).code).toBe('INVALID_CREDENTIALS');
    expect(unknown.status).toBe(401);
    expect(unknown.json.detail).toBe(wrong.json.detail);
    await signIn(t.url, 'guest'); // clears guest's failures
  });

  it('answers 400 naming the field when the username is missing', async () => {
    const { status, json } = await call(t.url, '/api/auth/login', { body: { password: 'x' } });
    expect(status).toBe(400);
    expect(json.code).toBe('VALIDATION');
    expect(json.errors.map((e: { path: string }) => e.path)).toContain('username');
  });

  it('answers 403 ACCOUNT_DISABLED for a disabled account', async () => {
    await t.db.db.update(users).set({ disabled: true }).where(eq(users.username, 'multi'));
    const { status, json } = await call(t.url, '/api/auth/login', {
      body: { username: 'multi', password: 'demo1234' },
    });
    await t.db.db.update(users).set({ disabled: false }).where(eq(users.username, 'multi'));
    expect(status).toBe(403);
    expect(json.code).toBe('ACCOUNT_DISABLED');
  });
});

describe('GET /api/auth/me', () => {
  it('S-042 answers the login user with groups ordered by unit, defaultRole and lastLogin', async () => {
    const token = await signIn(t.url, 'multi');
    const { status, json } = await call(t.url, '/api/auth/me', { token });
    expect(status).toBe(200);
    const me = loginUser.strict().parse(json);
    expect(Object.keys(json).sort()).toEqual(
      ['userId', 'username', 'displayName', 'email', 'groups', 'defaultRole', 'lastLogin'].sort(),
    );
    expect(me.username).toBe('multi');
    expect(me.groups).toEqual([
      { unitId: UNIT.karawang, unitName: 'CC Karawang', role: 'Administrator', timeZone: 'Asia/Jakarta' },
      { unitId: UNIT.cikarang, unitName: 'Truck Cikarang', role: 'User', timeZone: 'Asia/Jakarta' },
    ]);
    expect(me.defaultRole).toBe('Administrator');
    expect(Date.now() - Date.parse(me.lastLogin!)).toBeLessThan(60_000);
  });

  it('S-029 takes the token from the cookie as well as from Authorization: Bearer', async () => {
    const token = await signIn(t.url, 'admin');
    const { status, json } = await call(t.url, '/api/auth/me', { headers: { cookie: `token=${token}` } });
    expect(status).toBe(200);
    expect(json.username).toBe('admin');
  });

  it('S-028 answers 401 UNAUTHENTICATED without a token, with a bad one and with a tampered one', async () => {
    const token = await signIn(t.url, 'admin');
    for (const bad of [undefined, 'garbage', `${token.slice(0, -3)}abc`]) {
      const { status, json } = await call(t.url, '/api/auth/me', { token: bad });
      expect(status).toBe(401);
      expect(json.code).toBe('UNAUTHENTICATED');
    }
  });
});

describe('POST /api/auth/logout', () => {
  it('S-025 answers 204 and clears the token, display_name and role cookies', async () => {
    const { status, res } = await call(t.url, '/api/auth/logout', { method: 'POST' });
    expect(status).toBe(204);
    const cookies = res.headers.getSetCookie();
    for (const name of ['token', 'display_name', 'role_user', 'role_unit', 'role_fleet']) {
      const c = cookies.find((x) => x.startsWith(`${name}=`));
      expect(c, name).toBeDefined();
      expect(c).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
      expect(c).toMatch(/Path=\//);
    }
  });

  it('accepts a bodiless POST that still says application/json', async () => {
    const { status } = await call(t.url, '/api/auth/logout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(status).toBe(204);
  });

  it('ends the session on the server: the token stops working at once, on every instance', async () => {
    const token = await signIn(t.url, 'operator');
    const other = await signIn(t.url, 'operator');
    // A second instance over the same database, as behind a load balancer.
    const second = await startTestApp({ db: t.db });
    try {
      expect((await call(second.url, '/api/auth/me', { token })).status).toBe(200);
      expect((await call(t.url, '/api/auth/logout', { method: 'POST', token })).status).toBe(204);
      for (const url of [t.url, second.url]) {
        const after = await call(url, '/api/auth/me', { token });
        expect(after.status).toBe(401);
        expect(after.json.code).toBe('UNAUTHENTICATED');
        expect((await call(url, '/api/auth/me', { headers: { cookie: `token=${token}` } })).status).toBe(401);
      }
      // Signing out one browser leaves the user's other sessions alone.
      expect((await call(second.url, '/api/auth/me', { token: other })).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe('token claims', () => {
  const secret = new TextEncoder().encode('test-secret-test-secret-test-secret-0123456789');
  const forge = async (claims: { exp?: boolean; jti?: boolean }) => {
    const [admin] = await t.db.db.select().from(users).where(eq(users.username, 'admin'));
    const now = Math.floor(Date.now() / 1000);
    let jwt = new SignJWT({ tv: admin!.tokenVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(admin!.userId))
      .setIssuedAt(now);
    if (claims.exp) jwt = jwt.setExpirationTime(now + 3600);
    if (claims.jti) jwt = jwt.setJti('forged-but-signed');
    return jwt.sign(secret);
  };

  it('refuses a correctly signed token without an expiry or without an id (401)', async () => {
    expect((await call(t.url, '/api/auth/me', { token: await forge({ exp: true, jti: true }) })).status).toBe(
      200,
    );
    for (const token of [await forge({ jti: true }), await forge({ exp: true })]) {
      const r = await call(t.url, '/api/auth/me', { token });
      expect(r.status).toBe(401);
      expect(r.json.code).toBe('UNAUTHENTICATED');
    }
  });
});

describe('behind a TLS proxy (PANTAU_TRUST_PROXY)', () => {
  it('marks the token cookie Secure when the proxy says https, and only a trusted proxy is believed', async () => {
    const proxied = await startTestApp({ db: t.db, config: { trustProxy: '127.0.0.1' } });
    try {
      const login = (url: string) =>
        call(url, '/api/auth/login', {
          body: { username: 'admin', password: 'demo1234' },
          headers: { 'x-forwarded-proto': 'https' },
        });
      const cookieOf = (r: Awaited<ReturnType<typeof login>>) =>
        r.res.headers.getSetCookie().find((c) => c.startsWith('token='))!;
      expect(cookieOf(await login(proxied.url))).toMatch(/;\s*Secure/i);
      // The default: no proxy is trusted, so the header proves nothing.
      expect(cookieOf(await login(t.url))).not.toMatch(/Secure/i);
    } finally {
      await proxied.close();
    }
  });
});

describe('POST /api/auth/signup', () => {
  const user = {
    username: 'budi.ops',
    email: 'budi@pantau.example',
    displayName: 'Budi Ops',
    password: 'rahasia123',
  };

  it('creates an account (201) that signs in with no role', async () => {
    const { status, json } = await call(t.url, '/api/auth/signup', { body: user });
    expect(status).toBe(201);
    expect(json.data.userId).toBeGreaterThan(0);
    const token = await signIn(t.url, 'budi.ops', 'rahasia123');
    const me = await call(t.url, '/api/auth/me', { token });
    expect(me.json.groups).toEqual([]);
    expect(me.json.defaultRole).toBeNull();
    expect(me.json.lastLogin).not.toBeNull();
  });

  it('answers 409 CONFLICT naming username and e-mail when they are taken (any case)', async () => {
    const dupName = await call(t.url, '/api/auth/signup', {
      body: { ...user, username: 'BUDI.OPS', email: 'other@pantau.example' },
    });
    expect(dupName.status).toBe(409);
    expect(dupName.json.code).toBe('CONFLICT');
    expect(dupName.json.errors.map((e: { path: string }) => e.path)).toEqual(['username']);
    const dupMail = await call(t.url, '/api/auth/signup', {
      body: { ...user, username: 'budi2', email: 'Budi@Pantau.example' },
    });
    expect(dupMail.status).toBe(409);
    expect(dupMail.json.errors.map((e: { path: string }) => e.path)).toEqual(['email']);
  });

  it('answers 400 naming email for a bad e-mail address and password for a short one', async () => {
    const { status, json } = await call(t.url, '/api/auth/signup', {
      body: { ...user, username: 'x.y.z', email: 'not-an-email', password: 'short' },
    });
    expect(status).toBe(400);
    expect(json.code).toBe('VALIDATION');
    expect(json.errors.map((e: { path: string }) => e.path).sort()).toEqual(['email', 'password']);
  });
});

describe('POST /api/auth/unlock', () => {
  it('gives a fresh token and cookie for the right password', async () => {
    const token = await signIn(t.url, 'operator');
    const { status, json, res } = await call(t.url, '/api/auth/unlock', {
      token,
      body: { password: 'demo1234' },
    });
    expect(status).toBe(200);
    expect(typeof json.data.access_token).toBe('string');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('token='))).toBe(true);
  });

  it('answers 401 INVALID_CREDENTIALS for a wrong password and 401 UNAUTHENTICATED without a token', async () => {
    const token = await signIn(t.url, 'operator');
    const wrong = await call(t.url, '/api/auth/unlock', { token, body: { password: 'wrong-one' } });
    expect(wrong.status).toBe(401);
    expect(wrong.json.code).toBe('INVALID_CREDENTIALS');
    const none = await call(t.url, '/api/auth/unlock', { body: { password: 'demo1234' } });
    expect(none.status).toBe(401);
    expect(none.json.code).toBe('UNAUTHENTICATED');
    await signIn(t.url, 'operator');
  });
});

describe('failed sign-in limits', () => {
  it('answers 429 RATE_LIMITED with Retry-After after 5 failures for one username, even with the right password', async () => {
    for (let i = 0; i < 5; i++) {
      const { status } = await call(t.url, '/api/auth/login', {
        body: { username: 'guest', password: `bad-${i}` },
      });
      expect(status).toBe(401);
    }
    const blocked = await call(t.url, '/api/auth/login', {
      body: { username: 'guest', password: 'demo1234' },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.json.code).toBe('RATE_LIMITED');
    expect(Number(blocked.res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Typing the e-mail instead of the username counts against the same account.
    const viaMail = await call(t.url, '/api/auth/login', {
      body: { username: 'guest@pantau.example', password: 'demo1234' },
    });
    expect(viaMail.status).toBe(429);
  });

  it('lets another username from the same address sign in', async () => {
    expect(await signIn(t.url, 'admin')).toBeTruthy();
  });

  it('caps failures per address over all usernames, and a success clears only that username', async () => {
    // Its own database: the failures counted above are in the shared one (they count on every instance).
    const small = await startTestApp({ deps: { loginLimits: { perUser: 3, perIp: 5 } } });
    try {
      for (let i = 0; i < 2; i++)
        await call(small.url, '/api/auth/login', { body: { username: 'admin', password: 'bad' } });
      await signIn(small.url, 'admin'); // clears admin's 2 failures; the address keeps them
      for (let i = 0; i < 3; i++)
        await call(small.url, '/api/auth/login', { body: { username: `ghost${i}`, password: 'bad' } });
      const capped = await call(small.url, '/api/auth/login', {
        body: { username: 'operator', password: 'demo1234' },
      });
      expect(capped.status).toBe(429);
      expect(capped.json.code).toBe('RATE_LIMITED');
    } finally {
      await small.close();
    }
  });

  it('advances the window with the injected clock', async () => {
    let now = Date.now();
    const clocked = await startTestApp({
      deps: { clock: () => new Date(now), loginLimits: { perUser: 2, windowMs: 60_000 } },
    });
    try {
      for (let i = 0; i < 2; i++)
        await call(clocked.url, '/api/auth/login', { body: { username: 'operator', password: 'bad' } });
      expect(
        (await call(clocked.url, '/api/auth/login', { body: { username: 'operator', password: 'demo1234' } }))
          .status,
      ).toBe(429);
      now += 61_000;
      expect(
        (await call(clocked.url, '/api/auth/login', { body: { username: 'operator', password: 'demo1234' } }))
          .status,
      ).toBe(200);
    } finally {
      await clocked.close();
    }
  });
});
