import fc from 'fast-check';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const RANDOM_RUNS_PER_ROUTE = 16;
const FORWARD_TOKEN = 'fuzz-forwarding-token-0123456789';

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  default?: unknown;
}
interface Operation {
  method: string;
  path: string;
  params: { in: 'path' | 'query'; name: string; required: boolean; schema: JsonSchema }[];
  body: JsonSchema | undefined;
}

/** Literal JSON text that JSON.stringify cannot write (numbers beyond a double). */
const RAW = { __raw_1e309__: '1e309', '__raw_-1e309__': '-1e309', __raw_big__: '1' + '0'.repeat(400) };

const hostileValues: unknown[] = [
  '\u0000',
  'ab\u0000cd',
  '',
  ' ',
  'x'.repeat(12_000),
  '../../../../etc/passwd',
  '%00',
  '\ud800',
  'Truk 🚚 ñ \u202e ﷽',
  "'; DROP TABLE users; --",
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '2147483648',
  '9223372036854775808',
  '1.5',
  2147483648,
  -2147483649,
  2 ** 63,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  4e38,
  1e-50,
  -0,
  -1,
  0.5,
  ...Object.keys(RAW),
  null,
  true,
  [],
  { nested: '\u0000' },
];
/** What a field seen before (same place, name and schema on another route) still gets. */
const coreHostile = hostileValues.filter((v) =>
  ['\u0000', 'x'.repeat(12_000), '2147483648', 2147483648, 1e308, '__raw_1e309__', null, []].some((c) =>
    Object.is(c, v),
  ),
);

/** A value the schema accepts (as far as a plain generator can tell). */
function validArb(s: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s) return fc.constant('x');
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return fc.oneof(...alts.map((a) => validArb(a, depth)));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'integer': {
      const min = s.minimum === undefined ? -1000 : s.minimum + (s.exclusiveMinimum === true ? 1 : 0);
      const max = Math.min(s.maximum ?? 2_147_483_647, 2_147_483_647);
      return fc.integer({ min: Math.max(min, -2_147_483_648), max: Math.max(min, max) });
    }
    case 'number':
      return fc.double({
        min: s.minimum ?? -1e6,
        max: s.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 2
        ? fc.constant([])
        : fc.array(validArb(s.items, depth + 1), { maxLength: Math.min(s.maxItems ?? 3, 3) });
    case 'object': {
      if (depth > 2 || !s.properties) return fc.constant({});
      const required = new Set(s.required ?? []);
      const shape = Object.fromEntries(
        Object.entries(s.properties).map(([k, v]) => [k, validArb(v, depth + 1)]),
      );
      return fc.record(shape, {
        requiredKeys: Object.keys(shape).filter((k) => required.has(k)),
      });
    }
    default: {
      if (s.format === 'date') return fc.constantFrom('2026-01-15', '2027-12-31');
      if (s.format === 'date-time')
        return fc.constantFrom('2026-11-20T00:00:00Z', '2026-11-21T08:00:00+07:00');
      if (s.format === 'email') return fc.constantFrom('fuzz@pantau.example', 'a.b@example.co.id');
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).map((v) => v.slice(0, s.maxLength));
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 40) });
    }
  }
}

/** Valid most of the time, hostile or arbitrary Unicode otherwise. */
const mixedArb = (s: JsonSchema | undefined) =>
  fc.oneof(
    { weight: 4, arbitrary: validArb(s) },
    { weight: 2, arbitrary: fc.constantFrom(...hostileValues) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
    { weight: 1, arbitrary: fc.double() },
  );

const sample = <T>(arb: fc.Arbitrary<T>, seed: number) => fc.sample(arb, { seed, numRuns: 1 })[0]!;

function operationsOf(spec: {
  paths: Record<string, Record<string, { parameters?: Operation['params']; requestBody?: unknown }>>;
}): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(spec.paths))
    for (const [method, op] of Object.entries(methods)) {
      const body = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)
        ?.content?.['application/json']?.schema;
      ops.push({ method: method.toUpperCase(), path, params: op.parameters ?? [], body });
    }
  return ops;
}

const text = (v: unknown) =>
  typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
/** encodeURIComponent, but a lone surrogate goes out as the invalid UTF-8 bytes it would be. */
const encode = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return v.replace(/[\ud800-\udfff]/g, '%ED%A0%80');
  }
};

interface Request {
  method: string;
  url: string;
  body: string | undefined;
  label: string;
}

function build(op: Operation, values: Record<string, unknown>, body: unknown, label: string): Request {
  let url = op.path;
  const query: string[] = [];
  for (const p of op.params) {
    if (!(p.name in values)) continue;
    const v = values[p.name];
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encode(text(v)));
    else if (Array.isArray(v)) for (const item of v) query.push(`${p.name}=${encode(text(item))}`);
    else query.push(`${p.name}=${encode(text(v))}`);
  }
  if (query.length) url += `?${query.join('&')}`;
  let json = body === undefined ? undefined : JSON.stringify(body);
  if (json) for (const [mark, raw] of Object.entries(RAW)) json = json.replaceAll(`"${mark}"`, raw);
  return { method: op.method, url, body: json, label };
}

/**
 * Each parameter and each body field (one level into nested objects) gets every hostile value, the
 * other fields a valid one. A field already swept on another route (same place, name and schema)
 * gets the core of the list only. Path ids name real rows of the unit (`ids`), so writes get past
 * the lookup.
 */
function sweep(op: Operation, seed: number, ids: Record<string, unknown>, seen: Set<string>): Request[] {
  const base: Record<string, unknown> = {};
  for (const p of op.params) base[p.name] = ids[p.name] ?? sample(validArb(p.schema), seed);
  const drawn = op.body ? (sample(validArb(op.body), seed) as Record<string, unknown>) : undefined;
  // Nested objects of a body get the route's known-good values (a registered tracker, a fix of now).
  const baseBody =
    drawn &&
    Object.fromEntries(
      Object.entries(drawn).map(([k, v]) => {
        const known = (ids[`${op.method} ${op.path}`] as Record<string, object> | undefined)?.[k];
        return [k, known ? { ...(v as object), ...known } : v];
      }),
    );
  const valuesFor = (where: string, schema: unknown) => {
    const key = `${where} ${JSON.stringify(schema)}`;
    if (seen.has(key)) return coreHostile;
    seen.add(key);
    return hostileValues;
  };
  const out: Request[] = [];
  for (const p of op.params)
    for (const h of valuesFor(`${p.in} ${p.name}`, p.schema))
      out.push(build(op, { ...base, [p.name]: h }, baseBody, `${p.in} ${p.name} = ${label(h)}`));
  if (op.body?.properties) {
    for (const [field, schema] of Object.entries(op.body.properties)) {
      for (const h of valuesFor(`body ${field}`, schema))
        out.push(build(op, base, { ...baseBody, [field]: h }, `body ${field} = ${label(h)}`));
      if (schema.properties && baseBody) {
        const inner = (baseBody[field] ?? sample(validArb(schema), seed)) as Record<string, unknown>;
        for (const [sub, subSchema] of Object.entries(schema.properties))
          for (const h of valuesFor(`body ${field}.${sub}`, subSchema))
            out.push(
              build(
                op,
                base,
                { ...baseBody, [field]: { ...inner, [sub]: h } },
                `body ${field}.${sub} = ${label(h)}`,
              ),
            );
      }
    }
    for (const h of valuesFor('body', op.body)) out.push(build(op, base, h, `body = ${label(h)}`));
  }
  return out;
}

/** Whole requests drawn by fast-check: every field valid, hostile or arbitrary at random. */
function randomRequests(op: Operation, seed: number, ids: Record<string, unknown>): Request[] {
  const arbFor = (p: Operation['params'][number]) =>
    // A path id is this unit's row or anything hostile: never a low id such as the fuzzer's own account.
    p.in === 'path'
      ? fc.oneof(fc.constant(ids[p.name] ?? 'x'), fc.constantFrom(...hostileValues))
      : mixedArb(p.schema);
  const params = fc.record(Object.fromEntries(op.params.map((p) => [p.name, arbFor(p)])), {
    requiredKeys: op.params.filter((p) => p.in === 'path').map((p) => p.name),
  });
  const body = op.body?.properties
    ? fc.oneof(
        fc.record(
          Object.fromEntries(
            Object.keys(op.body.properties).map((k) => [k, mixedArb(op.body!.properties![k])]),
          ),
          {
            requiredKeys: [],
          },
        ),
        fc.constantFrom(...hostileValues),
      )
    : fc.constant(undefined);
  return fc
    .sample(fc.tuple(params, body), { seed, numRuns: RANDOM_RUNS_PER_ROUTE })
    .map(([values, b], i) => build(op, values, b, `random #${i}`));
}

function label(v: unknown) {
  const s = typeof v === 'string' ? JSON.stringify(v) : text(v);
  return s.length > 40 ? `${s.slice(0, 37)}…(${s.length})` : s;
}

/** URLs and bodies no schema describes: malformed escapes, raw NULs, broken JSON, wrong types. */
const oddRequests: Request[] = [
  { method: 'GET', url: '/api/kendaraan/%', body: undefined, label: 'lone %' },
  { method: 'GET', url: '/api/kendaraan/%zz', body: undefined, label: 'bad escape' },
  { method: 'GET', url: '/api/%E0%A4%A', body: undefined, label: 'truncated UTF-8' },
  { method: 'GET', url: '/api/kendaraan?search=%', body: undefined, label: 'lone % in query' },
  { method: 'GET', url: '/api/kendaraan?search=%ff%fe', body: undefined, label: 'invalid UTF-8 in query' },
  { method: 'GET', url: '/api/kendaraan/1%00', body: undefined, label: 'NUL in path' },
  { method: 'GET', url: '/api/nothing-here', body: undefined, label: 'unknown route' },
  { method: 'GET', url: '/api/..%2f..%2fetc%2fpasswd', body: undefined, label: 'traversal' },
  { method: 'GET', url: '/api/kendaraan/..%2f..%2f..%2fetc%2fpasswd', body: undefined, label: 'traversal' },
  { method: 'PATCH', url: '/api/kendaraan', body: undefined, label: 'unknown method' },
  { method: 'POST', url: '/api/kendaraan', body: '{"nomorPolisi": ', label: 'broken JSON' },
  { method: 'POST', url: '/api/kendaraan', body: '{"a\\u0000": 1}', label: 'NUL in a key' },
  {
    method: 'POST',
    url: '/api/kendaraan',
    body: `{"notes":"${'x'.repeat(1_100_000)}"}`,
    label: 'body > 1 MB',
  },
  { method: 'POST', url: '/api/units/fleet', body: '[1,2,3]', label: 'array body' },
];

/** Registers the fuzz of every `shards`-th route, from the `shard`-th (0-based), on an app of its own. */
export function describeApiFuzz(shard: number, shards: number): void {
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

  describe(`API fuzz, routes ${shard + 1} of every ${shards}`, () => {
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
