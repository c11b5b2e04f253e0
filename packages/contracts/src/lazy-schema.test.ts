import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

describe('a schema built on first use', () => {
  it('is built once, on first use, and reads as the schema it stands for', () => {
    let built = 0;
    const row = lazySchema(() => (built++, z.object({ id: z.number().int(), name: z.string().min(1) })));
    expect(built).toBe(0);
    expect(row.parse({ id: 1, name: 'B 1 AB' })).toEqual({ id: 1, name: 'B 1 AB' });
    expect(row.safeParse({ id: 1.5, name: '' }).success).toBe(false);
    expect(Object.keys(row.shape)).toEqual(['id', 'name']);
    expect(row instanceof z.ZodObject).toBe(true);
    expect('shape' in row).toBe(true);
    expect(built).toBe(1);
  });

  it('works inside other schemas, extended, in lists and unions', () => {
    const row = lazySchema(() => z.object({ kind: z.literal('a'), id: z.number() }));
    const other = lazySchema(() => z.object({ kind: z.literal('b'), text: z.string() }));
    const list = lazySchema(() => z.object({ count: z.number(), results: z.array(row) }));
    const either = lazySchema(() => z.discriminatedUnion('kind', [row, other]));
    const wider = lazySchema(() => row.extend({ note: z.string().nullable() }));
    expect(list.parse({ count: 1, results: [{ kind: 'a', id: 2 }] }).results[0]!.id).toBe(2);
    expect(either.parse({ kind: 'b', text: 'x' })).toEqual({ kind: 'b', text: 'x' });
    expect(either.safeParse({ kind: 'c' }).success).toBe(false);
    expect(wider.parse({ kind: 'a', id: 1, note: null })).toEqual({ kind: 'a', id: 1, note: null });
    expect(row.optional().parse(undefined)).toBeUndefined();
    const error = list.safeParse({ count: 1, results: [{ kind: 'a', id: 'x' }] }).error!;
    expect(error.issues[0]!.path).toEqual(['results', 0, 'id']);
  });
});
