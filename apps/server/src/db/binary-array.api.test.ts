import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BinaryArray, type ElementType } from './binary-array.js';
import type { Database } from './client.js';
import { rawOf } from '../ingest/position-store.js';
import { createEmptyDatabase } from '../test/test-db.js';

let database: Database;
beforeAll(async () => {
  database = await createEmptyDatabase();
});
afterAll(() => database.close());

/** What the database reads from a binary array parameter, as text (exact for floats and times). */
async function roundTrip(type: string, param: Buffer): Promise<unknown> {
  return database.db.transaction(async (tx) => {
    const { rows } = await rawOf(tx as never).query(`SELECT $1::${type}[]::text AS a`, [param]);
    return rows[0]!.a;
  });
}

function arrayOf<T>(type: ElementType, values: T[], add: (a: BinaryArray, v: T) => void): Buffer {
  const array = new BinaryArray(type, values.length);
  for (const v of values) add(array, v);
  return array.bytes();
}

describe('binary array parameters', () => {
  it('carries integers, with NULLs and negatives', async () => {
    expect(
      await roundTrip(
        'int4',
        arrayOf('int4', [1, null, -7, 2 ** 31 - 1], (a, v) => a.int4(v)),
      ),
    ).toBe('{1,NULL,-7,2147483647}');
    expect(
      await roundTrip(
        'smallint',
        arrayOf('int2', [12, undefined, 255], (a, v) => a.int2(v)),
      ),
    ).toBe('{12,NULL,255}');
  });

  it('carries floats of both widths exactly', async () => {
    const doubles = [-6.123456789012345, 106.80000000000001, 0, 1e-300];
    expect(
      await roundTrip(
        'float8',
        arrayOf('float8', doubles, (a, v) => a.float8(v)),
      ),
    ).toBe(`{${doubles.join(',')}}`);
    expect(
      await roundTrip(
        'real',
        arrayOf('float4', [68.5, null, 12.3], (a, v) => a.float4(v)),
      ),
    ).toBe('{68.5,NULL,12.3}');
  });

  it('carries booleans', async () => {
    expect(
      await roundTrip(
        'boolean',
        arrayOf('bool', [true, false, null], (a, v) => a.bool(v)),
      ),
    ).toBe('{t,f,NULL}');
  });

  it('carries times to the millisecond, before and after 2000', async () => {
    const times = ['2026-11-28T09:15:42.123Z', '1999-12-31T23:59:59.999Z', '1970-01-01T00:00:00.000Z'];
    const param = arrayOf('timestamptz', [...times.map(Date.parse), null], (a, v) => a.timestamptz(v));
    const read = await database.db.transaction(async (tx) => {
      const { rows } = await rawOf(tx as never).query(
        `SELECT to_json(t)#>>'{}' AS t FROM unnest($1::timestamptz[]) AS t`,
        [param],
      );
      return rows.map((r) => (r.t === null ? null : new Date(r.t as string).toISOString()));
    });
    expect(read).toEqual([...times, null]);
  });

  it('appends by its type with push', async () => {
    const push = (type: ElementType, values: (number | boolean | null)[]) =>
      arrayOf(type, values, (a, v) => a.push(v));
    expect(await roundTrip('int4', push('int4', [3, null]))).toBe('{3,NULL}');
    expect(await roundTrip('smallint', push('int2', [4]))).toBe('{4}');
    expect(await roundTrip('real', push('float4', [0.5]))).toBe('{0.5}');
    expect(await roundTrip('float8', push('float8', [0.1]))).toBe('{0.1}');
    expect(await roundTrip('boolean', push('bool', [true, 0, null]))).toBe('{t,f,NULL}');
    expect(
      await roundTrip('timestamptz', push('timestamptz', [Date.UTC(2026, 0, 2, 3, 4, 5, 6)])).then((text) =>
        new Date(String(text).slice(2, -2)).toISOString(),
      ),
    ).toBe('2026-01-02T03:04:05.006Z');
  });

  it('is an empty array for no elements', async () => {
    expect(await roundTrip('int4', new BinaryArray('int4', 0).bytes())).toBe('{}');
  });

  it('refuses to answer before every element is written', () => {
    const array = new BinaryArray('float8', 2);
    array.float8(1);
    expect(() => array.bytes()).toThrow('binary array of 2 elements given 1');
  });
});
