import { z } from 'zod';
import { text } from './input.js';

// ── Shared field rules (domain research §7.3, §7.6) ──────────────────────────────────────────────

/** Indonesian plate (TNKB): region 1–2 letters, 1–4 digits, 1–3 letters, e.g. `B 9471 UEY`. */
export const PLATE_PATTERN = /^[A-Z]{1,2} [1-9]\d{0,3} [A-Z]{1,3}$/;
/** Uppercases and collapses spaces, and splits letters from digits: `b9471uey` → `B 9471 UEY`. */
export function normalisePlate(raw: string): string {
  const compact = raw.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const m = /^([A-Z]{1,2})(\d{1,4})([A-Z]{1,3})$/.exec(compact);
  return m ? `${m[1]} ${m[2]} ${m[3]}` : raw.trim().toUpperCase().replace(/\s+/g, ' ');
}
/** E.164 Indonesian mobile: +62 8…, 10–13 digits after +62. */
export const GSM_PATTERN = /^\+628\d{8,11}$/;
/** `0812-8765-4321`, `+62 812 8765 4321`, `62812…` → `+6281287654321`; anything else unchanged. */
export function normaliseGsm(raw: string): string {
  const digits = raw.replace(/[\s().-]/g, '');
  if (/^08\d+$/.test(digits)) return `+62${digits.slice(1)}`;
  if (/^628\d+$/.test(digits)) return `+${digits}`;
  return digits;
}
/**
 * An Indonesian telephone number as people write it: `+62`, `62` or `0` then 7–12 digits starting 1–9
 * (a mobile `0812-8765-4321` or an office line `(021) 555-0123`); spaces, dashes, dots and brackets allowed.
 */
export const PHONE_PATTERN = /^(?:\+62|62|0)[1-9]\d{6,11}$/;
export const PHONE_MESSAGE = 'Phone must be an Indonesian number, e.g. 0812-8765-4321 or 021-555-0123';
/** A phone number field that may be left empty (null); kept as written, trimmed. */
export const optionalPhone = text()
  .trim()
  .refine((v) => v === '' || PHONE_PATTERN.test(v.replace(/[\s().-]/g, '')), PHONE_MESSAGE)
  .nullish()
  .transform((v) => (v ? v : null));
export const SPEED_LIMIT_RANGE = { min: 20, max: 120 } as const;
export const CAPACITY_RANGE = { min: 0, max: 20 } as const;
export const YEAR_MIN = 1980;
/** A model year may be next year's. */
export const yearMax = (now = new Date()) => now.getUTCFullYear() + 1;
/** A model year from YEAR_MIN to next year; the message names the range (it moves with the calendar). */
export const modelYear = z
  .number('Year must be a number')
  .int('Year must be a whole number')
  .superRefine((y, ctx) => {
    const max = yearMax();
    if (y < YEAR_MIN || y > max)
      ctx.addIssue({ code: 'custom', message: `Year must be between ${YEAR_MIN} and ${max}` });
  });
export const SIM_CLASSES = ['SIM A', 'SIM A Umum', 'SIM B1', 'SIM B1 Umum', 'SIM B2', 'SIM B2 Umum'] as const;

export const isoDate = z.iso.date('Use the date format YYYY-MM-DD');
export const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
export const nonNegative = (label: string) =>
  z.number(`${label} must be a number`).min(0, `${label} cannot be negative`);

/** Query of the management lists: paging plus search and filters. */
export const sortDir = z.enum(['ascend', 'descend']).default('ascend');
export const boolQuery = z.enum(['true', 'false']).transform((v) => v === 'true');
