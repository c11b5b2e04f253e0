import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { oddRequests, operationsOf, randomRequests, sweep, type Request } from './fuzz-requests.js';
import { call, signIn, startTestApp, UNIT, type TestApp } from './test-app.js';

/**
 * Every route of the OpenAPI description, fuzzed: each parameter and body field in turn gets each
 * hostile value (NUL, 2^31, 2^63, -0, 1e309, NaN and Infinity as text, very long and odd Unicode
 * strings, wrong types, path traversal) while the others keep a valid value, then fast-check draws
 * whole requests mixing valid and hostile values. Seeded, so a failure replays. No answer may be a
 * 5xx, and every error answer is application/problem+json. The routes are dealt round-robin into
 * shards, each a test file of its own (api-fuzz-*.api.test.ts), so the test files' workers share them.
 */

const SEED = 20_261_125;
const FORWARD_TOKEN = 'fuzz-forwarding-token-0123456789';

/** Registers the fuzz of every `shards`-th route, from the `shard`-th (0-based), on an app of its own. */
export function describeApiFuzz(shard: number, shards: number): void {
  // The fuzz tries the API's checks of what it is sent, which do not depend on the database: the
  // embedded run (PGlite is PostgreSQL) covers them, and the PostgreSQL run is spared a minute.
  const onPostgres = inject('testDb').kind === 'postgres';
  describe.skipIf(onPostgres)(`API fuzz, routes ${shard + 1} of every ${shards}`, () => {
    let t: TestApp;
    let spec: Parameters<typeof operationsOf>[0];
    let token: string;
    /** A real row of the unit for each path id, so writes get past the lookup. */
    let ids: Record<string, unknown>;

    beforeAll(async () => {
      t = await startTestApp({
        config: { forwardToken: FORWARD_TOKEN },
        // The fuzzer signs in often and fails sign-ins on purpose: no lock-out of its own account.
        // Only warnings and errors are logged: ten thousand request lines would only slow the run.
        deps: {
          loginLimits: { perUser: 1e6, perIp: 1e6 },
          telemetry: { tickMs: 0 },
          logger: pino({ level: 'warn' }, { write: () => undefined }),
        },
      });
      spec = (await call(t.url, '/api/docs/json')).json;
      token = await signIn(t.url, 'admin');
      const as = { token, role: { unitId: UNIT.sunter, role: 'Administrator' } };
      const first = async (path: string) => (await call(t.url, path, as)).json.results[0];
      const vehicle = await first('/api/kendaraan?Take=1');
      const share = await call(t.url, '/api/share-links', {
        ...as,
        body: { kendaraanId: vehicle.kendaraanId, expiresInHours: 1 },
      });
      const users = (await call(t.url, '/api/users?Take=100', as)).json.results as {
        userId: number;
        username: string;
      }[];
      const marker = await call(t.url, '/api/markers', {
        ...as,
        body: { name: 'SPBU Fuzz', icon: 'fuel', position: [106.88, -6.14] },
      });
      ids = {
        polygonId: (await first('/api/polygons?Take=1')).polygonId,
        trayekId: (await first('/api/trayek?Take=1')).trayekId,
        markerId: marker.json.markerId,
        // Forwarded positions of a registered tracker reach the store, so its hostile values do too.
        'POST /api/ingest/traccar': {
          device: { uniqueId: vehicle.pantauKendaraanId },
          position: { fixTime: new Date().toISOString(), latitude: -6.14, longitude: 106.89 },
        },
        kendaraanId: vehicle.kendaraanId,
        pengemudiId: (await first('/api/pengemudi?Take=1')).pengemudiId,
        fleetId: (await first('/api/units/fleet?Take=1')).fleetId,
        userId: users.find((u) => u.username === 'operator')!.userId,
        shareLinkId: share.json.shareLinkId,
        token: new URL(share.json.url).pathname.split('/').pop(),
      };
    });
    afterAll(() => t?.close());

    it('answers no 5xx to any fuzzed request to any route, and every error is problem+json', async () => {
      const all = operationsOf(spec);
      expect(all.length).toBeGreaterThan(40);
      const byClass: Record<string, number> = {};
      const failures: string[] = [];
      const timing: string[] = [];

      const send = async (r: Request) => {
        const headers: Record<string, string> = {
          authorization: `Bearer ${r.url.startsWith('/api/ingest/') ? FORWARD_TOKEN : token}`,
          'x-pantau-unit': String(UNIT.sunter),
          'x-pantau-role': 'Administrator',
        };
        if (r.body !== undefined)
          headers['content-type'] = r.label === 'wrong type' ? 'text/plain' : 'application/json';
        const res = await fetch(t.url + r.url, {
          method: r.method,
          headers,
          body: r.body,
          redirect: 'manual',
        });
        const body = await res.text();
        const cls = `${String(res.status)[0]}xx`;
        byClass[cls] = (byClass[cls] ?? 0) + 1;
        const type = res.headers.get('content-type') ?? '';
        if (res.status >= 500)
          failures.push(
            `${res.status} ${r.method} ${r.url.slice(0, 120)} [${r.label}] ${body.slice(0, 200)}`,
          );
        else if (res.status === 400 && !(JSON.parse(body).errors?.length > 0))
          failures.push(
            `400 naming no field ${r.method} ${r.url.slice(0, 120)} [${r.label}] ${body.slice(0, 200)}`,
          );
        else if (res.status >= 400 && !type.startsWith('application/problem+json'))
          failures.push(
            `${res.status} not problem+json (${type}) ${r.method} ${r.url.slice(0, 120)} [${r.label}]`,
          );
      };

      const started = performance.now();
      // Every route's sweep is drawn, in order, so that each shard sends what the whole run would.
      const seen = new Set<string>();
      let routes = 0;
      for (const [i, op] of all.entries()) {
        const swept = sweep(op, SEED + i, ids, seen);
        if (i % shards !== shard) continue;
        routes += 1;
        const requests = [...swept, ...randomRequests(op, SEED + i, ids)];
        // Six at a time, as a busy browser or client would.
        const queue = [...requests];
        await Promise.all(
          Array.from({ length: 6 }, async () => {
            for (let r = queue.shift(); r; r = queue.shift()) await send(r);
          }),
        );
        // Sign-out and password routes may end the fuzzer's session: sign in again.
        if ((await call(t.url, '/api/auth/me', { token })).status === 401)
          token = await signIn(t.url, 'admin');
        timing.push(`${op.method} ${op.path} ${requests.length} ${Math.round(performance.now() - started)}`);
      }
      console.log(timing.join('\n'));
      if (shard === 0) {
        for (const r of oddRequests) await send(r);
        await send({ method: 'POST', url: '/api/units/fleet', body: 'fleetName=x', label: 'wrong type' });
      }

      const total = Object.values(byClass).reduce((a, b) => a + b, 0);
      console.log(
        `API fuzz: ${total} requests over ${routes} routes, by status class ${JSON.stringify(byClass)}`,
      );
      expect(failures).toEqual([]);
      expect(byClass['5xx'] ?? 0).toBe(0);
    }, 300_000);
  });
}
