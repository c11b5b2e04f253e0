import { z } from 'zod';
import { text } from './input.js';

// ── Indonesian telephone numbers (domain research §7.6) ──────────────────────────────────────────

/** E.164 Indonesian mobile: +62 8…, 10–13 digits after +62. */
const GSM_PATTERN = /^\+628\d{8,11}$/;
/** `0812-8765-4321`, `+62 812 8765 4321`, `62812…` → `+6281287654321`; anything else unchanged. */
export function normaliseGsm(raw: string): string {
  const digits = raw.replace(/[\s().-]/g, '');
  if (/^08\d+$/.test(digits)) return `+62${digits.slice(1)}`;
  if (/^628\d+$/.test(digits)) return `+${digits}`;
  return digits;
}
/** A mobile number that may be left empty (null), stored as +628…; `message` names the field. */
export const optionalMobile = (message: string) =>
  text()
    .transform(normaliseGsm)
    .pipe(z.string().regex(GSM_PATTERN, message))
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((v) => v ?? null);

/**
 * An Indonesian telephone number as people write it: `+62`, `62` or `0` then 7–12 digits starting 1–9
 * (a mobile `0812-8765-4321` or an office line `(021) 555-0123`); spaces, dashes, dots and brackets allowed.
 */
const PHONE_PATTERN = /^(?:\+62|62|0)[1-9]\d{6,11}$/;
const PHONE_MESSAGE = 'Phone must be an Indonesian number, e.g. 0812-8765-4321 or 021-555-0123';
/** A phone number field that may be left empty (null); kept as written, trimmed. */
export const optionalPhone = text()
  .trim()
  .refine((v) => v === '' || PHONE_PATTERN.test(v.replace(/[\s().-]/g, '')), PHONE_MESSAGE)
  .nullish()
  .transform((v) => (v ? v : null));
