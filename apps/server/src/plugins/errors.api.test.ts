import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestApp, UNIT, type TestApp } from '../test/test-app.js';

let t: TestApp;
let admin: { token: string; role: { unitId: number; role: string } };
beforeAll(async () => {
  t = await startTestApp({ deps: { telemetry: { tickMs: 0 } } });
  admin = { token: await signIn(t.url, 'admin'), role: { unitId: UNIT.sunter, role: 'Administrator' } };
});
afterAll(() => t?.close());

/** The answer is a 400 problem naming `field`. */
function expectFieldError(r: Awaited<ReturnType<typeof call>>, field: string) {
  expect(r.status, r.text).toBe(400);
  expect(r.res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(r.json.code).toBe('VALIDATION');
  expect(r.json.errors.map((e: { path: string }) => e.path)).toContain(field);
}

describe('input the database cannot hold answers 400 naming the field', () => {
  it('a NUL character in a body field, a query parameter, a path segment or a key', async () => {
    expectFieldError(
      await call(t.url, '/api/units/fleet', { ...admin, body: { fleetName: 'Armada\u0000' } }),
      'fleetName',
    );
    expectFieldError(await call(t.url, '/api/kendaraan?search=B%00', admin), 'search');
    expectFieldError(
      await call(t.url, '/api/auth/login', { body: { username: 'admin\u0000', password: 'x' } }),
      'username',
    );
    expectFieldError(await call(t.url, '/api/share/abc%00def', {}), 'token');
    expectFieldError(
      await call(t.url, '/api/units/fleet', { ...admin, body: { fleetName: 'Armada', 'extra\u0000': 1 } }),
      'extra\u0000',
    );
  });

  it('an id of 2^31 or more in the path, the query or the body', async () => {
    expectFieldError(await call(t.url, '/api/kendaraan/2147483648', admin), 'kendaraanId');
    expectFieldError(await call(t.url, '/api/users/9223372036854775808', admin), 'userId');
    expectFieldError(await call(t.url, '/api/kendaraan?fleetId=2147483648', admin), 'fleetId');
    expectFieldError(await call(t.url, '/api/logs/notifications?unitId=2147483648', admin), 'unitId');
    const fleets = (await call(t.url, '/api/units/fleet', admin)).json.results;
    expectFieldError(
      await call(t.url, `/api/units/fleet/${fleets[0].fleetId}/vehicles`, {
        ...admin,
        method: 'PUT',
        body: { kendaraanIds: [2147483648] },
      }),
      'kendaraanIds.0',
    );
    expectFieldError(
      await call(t.url, '/api/share-links', { ...admin, body: { kendaraanId: 2 ** 63 } }),
      'kendaraanId',
    );
  });

  it('a number beyond a double (1e309) or a non-number where a number belongs', async () => {
    const vehicles = (await call(t.url, '/api/kendaraan', admin)).json.results;
    const base = (await call(t.url, `/api/kendaraan/${vehicles[0].kendaraanId}`, admin)).json;
    const json = JSON.stringify({ ...base, odometer: '__big__' }).replace('"__big__"', '1e309');
    expectFieldError(
      await call(t.url, `/api/kendaraan/${base.kendaraanId}`, { ...admin, method: 'PUT', body: json }),
      'odometer',
    );
    expectFieldError(await call(t.url, '/api/kendaraan?Take=NaN', admin), 'Take');
  });
});

describe('every error is problem+json', () => {
  it('an unknown route, a URL that does not decode, broken JSON and oversize headers', async () => {
    const unknown = await call(t.url, '/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.res.headers.get('content-type')).toMatch(/^application\/problem\+json/);

    const badUrl = await call(t.url, '/api/kendaraan/%zz', admin);
    expect(badUrl.status).toBe(400);
    expect(badUrl.res.headers.get('content-type')).toMatch(/^application\/problem\+json/);

    const brokenJson = await call(t.url, '/api/units/fleet', { ...admin, body: '{"fleetName": ' });
    expectFieldError(brokenJson, '(body)');

    const wrongType = await call(t.url, '/api/units/fleet', {
      ...admin,
      body: '<fleetName>x</fleetName>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(wrongType.status).toBe(415);
    expect(wrongType.res.headers.get('content-type')).toMatch(/^application\/problem\+json/);

    // A header the HTTP parser refuses never reaches a route: still problem+json.
    const huge = await new Promise<{ status: number; type: string | undefined }>((resolve, reject) => {
      const req = httpRequest(
        new URL('/api/health', t.url),
        { headers: { 'x-big': 'x'.repeat(20_000) } },
        (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] });
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(huge.status).toBe(431);
    expect(huge.type).toMatch(/^application\/problem\+json/);
  });
});
