import fc from 'fast-check';

/**
 * The API fuzz's requests (api-fuzz.ts), drawn from the OpenAPI description: for each route, a sweep
 * that gives each parameter and body field in turn each hostile value while the others stay valid,
 * then fast-check's whole requests of valid and hostile values mixed; and requests no schema describes.
 */

const RANDOM_RUNS_PER_ROUTE = 16;

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

export function operationsOf(spec: {
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

export interface Request {
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
export function sweep(
  op: Operation,
  seed: number,
  ids: Record<string, unknown>,
  seen: Set<string>,
): Request[] {
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
export function randomRequests(op: Operation, seed: number, ids: Record<string, unknown>): Request[] {
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
export const oddRequests: Request[] = [
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
