/** Value readers shared by the OsmAnd query and JSON formats. */

export const KNOTS_TO_KMH = 1.852;

/** Below this an integer timestamp is seconds, above it milliseconds (Traccar: Integer.MAX_VALUE). */
const SECONDS_LIMIT = 2_147_483_647;

const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const SQL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ +](\d{2}):(\d{2}):(\d{2})$/;

/**
 * Seconds or milliseconds since the epoch, ISO 8601, or `yyyy-MM-dd HH:mm:ss`. The last has no zone;
 * it is read at `naiveOffsetMinutes` from UTC (Traccar uses its server's zone). Null if unparsable.
 */
export function parseTimestamp(raw: string, naiveOffsetMinutes: number): Date | null {
  const text = raw.trim();
  if (/^-?\d+(\.\d+)?$/.test(text)) {
    const n = Number(text);
    const ms = Math.abs(n) < SECONDS_LIMIT ? n * 1000 : n;
    return validDate(new Date(Math.round(ms)));
  }
  if (ISO_8601.test(text)) {
    // An ISO time without a zone is UTC here (JavaScript would read it as local time).
    const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}Z`;
    return validDate(new Date(zoned));
  }
  const m = SQL_DATE_TIME.exec(text);
  if (m) {
    const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
    const ms = Date.UTC(y, mo - 1, d, h, mi, s);
    const check = new Date(ms);
    if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59)
      return null;
    return validDate(new Date(ms - naiveOffsetMinutes * 60_000));
  }
  return null;
}

function validDate(d: Date): Date | null {
  const t = d.getTime();
  // Year 2000 to 2100: anything outside is a unit mix-up, not a real fix time.
  return Number.isFinite(t) && t >= 946_684_800_000 && t < 4_102_444_800_000 ? d : null;
}

/** A finite number from a string or number, else null (empty string is "absent", not zero). */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : null;
}

/** `true`/`1` → true, `false`/`0` → false, anything else null. */
export function toBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || (typeof value === 'string' && value.toLowerCase() === 'true'))
    return true;
  if (value === 0 || value === '0' || (typeof value === 'string' && value.toLowerCase() === 'false'))
    return false;
  return null;
}

/** Traccar's typing of free attributes: a number if numeric, a boolean for true/false, else the text. */
export function typedAttribute(value: string): string | number | boolean {
  const n = toNumber(value);
  if (n !== null) return n;
  const lower = value.toLowerCase();
  if (lower === 'true' || lower === 'false') return lower === 'true';
  return value;
}

/** Course in 0–359 degrees; negative means "not available" (the JSON format sends -1). */
export function toCourse(value: number | null): number | null {
  if (value === null || value < 0) return null;
  return value % 360;
}

/** Keys that must never become object properties (prototype pollution). */
export const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Bounds on what free attributes a client can make Pantau store. */
export const MAX_ATTRIBUTES = 50;
export const MAX_ATTRIBUTE_KEY = 64;
export const MAX_ATTRIBUTE_TEXT = 256;

export const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/** The largest magnitude a single-precision (float4) value holds: altitude and accuracy are stored so. */
export const REAL_MAX = 3.4028234663852886e38;

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why text can never be stored (JSON in the database refuses it), or null. */
export function refusedText(text: string): string | null {
  if (text.includes('\u0000')) return 'contains a NUL character';
  if (UNPAIRED_SURROGATE.test(text)) return 'contains an unpaired surrogate';
  return null;
}
