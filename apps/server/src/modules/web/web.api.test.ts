import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponse } from '@pantau/contracts';
import { call, signIn, startTestApp, UNIT, type TestApp } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/test-db.js';

let t: TestApp;
let token: string;
let dist: string;
const BIG_ASSET = `export const fleet = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ id: i })))};`;
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'pantau-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Pantau SPA</title>');
  await writeFile(join(dist, 'signed-out.html'), '<!doctype html><title>Pantau SPA signed out</title>');
  await writeFile(join(dist, 'assets', 'app-abc123.js'), 'console.log("app")');
  // What the build writes beside each file (apps/web/precompress.ts).
  await writeFile(join(dist, 'assets', 'big-def456.js'), BIG_ASSET);
  await writeFile(join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG_ASSET));
  await writeFile(join(dist, 'assets', 'big-def456.js.gz'), gzipSync(BIG_ASSET));
  await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await startTestApp({ config: { webDist: dist } });
  token = await signIn(t.url, 'admin');
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const page = (path: string, cookie?: string, acceptEncoding?: string) =>
  call(t.url, path, {
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
  });
const withRole = (tok: string, unit: number = UNIT.sunter, role = 'Administrator') =>
  `token=${tok}; role_unit=${unit}; role_user=${role}`;

describe('server-side access redirects', () => {
  it('S-003 without a token only /signin, /preview-vehicle and the other signed-out pages are served', async () => {
    for (const path of ['/signin', '/preview-vehicle', '/signup', '/forgot', '/_error']) {
      const r = await page(path);
      expect(r.status, path).toBe(200);
      expect(r.text).toContain('Pantau SPA');
    }
    for (const path of ['/', '/map', '/choose-role', '/management/user-management', '/lockscreen']) {
      const r = await page(path);
      expect(r.status, path).toBe(302);
      expect(r.res.headers.get('location')).toBe('/signin');
    }
    const bad = await page('/map', 'token=not-a-token');
    expect(bad.res.headers.get('location')).toBe('/signin');
  });

  it('S-004 with a token but no (valid) role only /choose-role is served', async () => {
    expect((await page('/choose-role', `token=${token}`)).status).toBe(200);
    for (const path of ['/', '/signin', '/map', '/preview-vehicle']) {
      const r = await page(path, `token=${token}`);
      expect(r.status, path).toBe(302);
      expect(r.res.headers.get('location')).toBe('/choose-role');
    }
    // A role the user does not hold counts as no role.
    const wrong = await page('/', withRole(token, UNIT.karawang));
    expect(wrong.res.headers.get('location')).toBe('/choose-role');
  });

  it('S-005 fully signed in, /signin and /choose-role go to /, everything else is served', async () => {
    for (const path of ['/signin', '/choose-role', '/signup', '/forgot']) {
      const r = await page(path, withRole(token));
      expect(r.status, path).toBe(302);
      expect(r.res.headers.get('location')).toBe('/');
    }
    for (const path of ['/', '/map', '/spk/ccr', '/no/such/page', '/lockscreen']) {
      const r = await page(path, withRole(token));
      expect(r.status, path).toBe(200);
      expect(r.res.headers.get('cache-control')).toBe('no-cache');
      expect(r.res.headers.get('content-security-policy')).toContain("style-src 'self' 'unsafe-inline'");
    }
  });

  it('sends the signed-out pages their own light page, every other page the app', async () => {
    for (const path of ['/signin', '/signup', '/forgot', '/signin/']) {
      const r = await page(path);
      expect(r.status, path).toBe(200);
      expect(r.text, path).toContain('Pantau SPA signed out');
      expect(r.res.headers.get('cache-control')).toBe('no-cache');
    }
    for (const path of ['/preview-vehicle', '/_error'])
      expect((await page(path)).text).not.toContain('signed out');
    expect((await page('/choose-role', `token=${token}`)).text).not.toContain('signed out');
    expect((await page('/map', withRole(token))).text).not.toContain('signed out');
    // Not a page of its own.
    expect((await page('/signed-out.html')).status).toBe(302);
  });

  it('has the browser preload the tracking snapshot with a fleet page, for a signed-in role only', async () => {
    const preload = '</api/tracking?live=1>; rel=preload; as=fetch; crossorigin=use-credentials';
    const guest = withRole(await signIn(t.url, 'guest'), UNIT.sunter, 'Guest');
    for (const path of ['/', '/_app', '/map', '/map/', '/vehicle-summary']) {
      const r = await page(path, guest);
      expect(r.status, path).toBe(200);
      expect(r.res.headers.get('link'), path).toBe(preload);
    }
    // Pages without the live fleet, a page before a role is chosen, and the signed-out pages: none.
    for (const [path, cookie] of [
      ['/management/user-management', withRole(token)],
      ['/spk/ccr', withRole(token)],
      ['/choose-role', `token=${token}`],
      ['/signin', undefined],
      ['/preview-vehicle', undefined],
    ] as const) {
      const r = await page(path, cookie);
      expect(r.status, path).toBe(200);
      expect(r.res.headers.get('link'), path).toBeNull();
    }
    // The preloaded request is what a fleet page asks for, and a signed-in role gets it.
    const snapshot = await call(t.url, '/api/tracking?live=1', { headers: { cookie: guest } });
    expect(snapshot.status).toBe(200);
  });

  it('serves static files to anyone, /assets with a long cache', async () => {
    const asset = await page('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.res.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
    expect((await page('/favicon.svg')).status).toBe(200);
    expect((await page('/../package.json')).status).toBe(302);
  });

  it('answers 503 with a hint when the web app is not built', async () => {
    const bare = await startTestApp({ db: t.db });
    try {
      const r = await call(bare.url, '/signin');
      expect(r.status).toBe(503);
      expect(r.text).toContain('npm run build');
    } finally {
      await bare.close();
    }
  });
});

describe('API basics', () => {
  it('GET /api/health answers the health contract', async () => {
    const { status, json } = await call(t.url, '/api/health');
    expect(status).toBe(200);
    expect(healthResponse.parse(json).database).toBe(t.db.kind);
  });

  it('serves the API documentation at /api/docs, built from the contracts', async () => {
    const ui = await call(t.url, '/api/docs/');
    expect(ui.status).toBe(200);
    expect(ui.text).toMatch(/swagger/i);
    const spec = await call(t.url, '/api/docs/json');
    expect(spec.status).toBe(200);
    expect(Object.keys(spec.json.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/me',
        '/api/kendaraan',
        '/api/logs/notifications',
        '/api/users',
        '/api/units',
      ]),
    );
  });

  it('answers unknown /api paths with a 404 problem for every method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const r = await call(t.url, '/api/no-such-thing', { method });
      expect(r.status, method).toBe(404);
      expect(r.res.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(r.json.code).toBe('NOT_FOUND');
    }
  });

  it('answers malformed JSON 400, a wrong content type 415 and a huge body 413, never 500', async () => {
    const bad = await call(t.url, '/api/auth/login', { body: '{"username": "admin",' });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('VALIDATION');
    const form = await call(t.url, '/api/auth/login', {
      body: 'username=admin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(form.res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    const text = await call(t.url, '/api/auth/login', {
      body: 'username=admin',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(400);
    const huge = await call(t.url, '/api/auth/login', {
      body: { username: 'a'.repeat(2 * 1024 * 1024), password: 'x' },
    });
    expect(huge.status).toBe(413);
    const notObject = await call(t.url, '/api/auth/login', { body: '[1,2,3]' });
    expect(notObject.status).toBe(400);
    const nul = await call(t.url, '/api/auth/login', { body: 'null' });
    expect(nul.status).toBe(400);
  });

  it('never leaks internals in a 500 and logs it with the request id', async () => {
    const db = await createTestDatabase();
    const broken = await startTestApp({ db });
    await db.close(); // every query now fails inside the server
    try {
      const r = await call(broken.url, '/api/auth/login', {
        body: { username: 'admin', password: 'demo1234' },
      });
      expect(r.status).toBe(500);
      expect(r.json.code).toBe('INTERNAL');
      expect(r.text).not.toMatch(/pglite|pool|stack|at .*\.ts/i);
      const logged = broken.logs.find((l) => l.level === 50);
      expect(logged?.reqId).toBeTruthy();
      expect(r.json.detail).toContain(String(logged?.reqId));
    } finally {
      await broken.app.close();
    }
  });
});

describe('compression', () => {
  it('sends the precompressed copy of a file the browser accepts, with Vary, and the plain file otherwise', async () => {
    const raw = await fetch(`${t.url}/assets/big-def456.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(raw.headers.get('content-encoding')).toBeNull();
    expect(await raw.text()).toBe(BIG_ASSET);
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ]) {
      const r = await page('/assets/big-def456.js', undefined, accept);
      expect(r.res.headers.get('content-encoding'), accept).toBe(encoding);
      expect(r.res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(r.res.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
      expect(r.res.headers.get('content-type')).toMatch(/javascript/);
      expect(r.text).toBe(BIG_ASSET);
    }
  });

  it('compresses API answers over 1 kB for clients that accept it, not small ones', async () => {
    const big = await call(t.url, '/api/docs/json', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.status).toBe(200);
    expect(big.res.headers.get('content-encoding')).toBe('br');
    expect(big.res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(big.json.paths['/api/auth/login']).toBeDefined();
    const gzipped = await call(t.url, '/api/docs/json', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.res.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.json).toEqual(big.json);
    const plain = await fetch(`${t.url}/api/docs/json`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(await plain.text())).toEqual(big.json);
    const small = await call(t.url, '/api/health', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.res.headers.get('content-encoding')).toBeNull();
  });
});
