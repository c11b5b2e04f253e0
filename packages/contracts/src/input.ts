import { z } from 'zod';

// ── Input primitives every request schema builds on ──────────────────────────────────────────────
// What the database can hold decides what a request may carry: PostgreSQL text cannot hold a NUL
// character, `integer` columns end at 2^31 − 1, `real` columns at about 3.4e38. A value beyond that
// is a 400 naming the field, never a database error.

export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;
export const NUL_MESSAGE = 'Must not contain a NUL character';
const INT4_MESSAGE = `Must be at most ${INT4_MAX}`;

const noNul = (v: string) => !v.includes('\u0000');

/** A string without NUL characters (`params` as for `z.string`). */
export const text = (params?: Parameters<typeof z.string>[0]) => z.string(params).refine(noNul, NUL_MESSAGE);

/** A whole number an `integer` column holds. */
export const int4 = (params?: Parameters<typeof z.number>[0]) =>
  z.number(params).int().min(INT4_MIN).max(INT4_MAX, INT4_MESSAGE);

/** A row id in a body: a positive `integer`. */
export const id = (params?: Parameters<typeof z.number>[0]) =>
  z.number(params).int().positive().max(INT4_MAX, INT4_MESSAGE);

/** A row id in a path or query string (text coerced to a number). */
export const idParam = () => z.coerce.number().int().positive().max(INT4_MAX, INT4_MESSAGE);

/** A whole number in a query string, within an `integer` column's range. */
export const intQuery = (min: number, max = INT4_MAX) => z.coerce.number().int().min(min).max(max);

/** A number a `real` (float4) column holds: finite, not beyond ±3.4e38, not so small it rounds to 0. */
export const real = (params?: Parameters<typeof z.number>[0]) =>
  z
    .number(params)
    .refine(
      (v) => Number.isFinite(Math.fround(v)) && (v === 0 || Math.fround(v) !== 0),
      'Out of range for a stored number',
    );

/** A day, `YYYY-MM-DD`. */
export const isoDate = z.iso.date('Use the date format YYYY-MM-DD');

/** A free text that may be left empty (null), trimmed. */
export const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const nonNegative = (label: string) =>
  z.number(`${label} must be a number`).min(0, `${label} cannot be negative`);

/** The sort direction of a list query, as the tables name it. */
export const sortDir = z.enum(['ascend', 'descend']).default('ascend');

/** `true` or `false` in a query string. */
export const boolQuery = z.enum(['true', 'false']).transform((v) => v === 'true');
