import { DOCUMENT_DUE_SOON_DAYS } from '@pantau/contracts';
import { formatDate, unitTimeZoneName, zonedParts } from '../../lib/date-time';

/** A document's (STNK, KIR, SIM) state on a day: past its date, due within 30 days, or valid. */
export type DocumentState = 'expired' | 'due_soon' | 'valid';

/** Today's date (YYYY-MM-DD) in the unit's zone (WIB without one), the day documents are judged by. */
export function todayInUnitZone(now = new Date(), timeZone = unitTimeZoneName()): string {
  const p = zonedParts(now, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** Null when the document has no date. A document dated today is still valid today (expired from tomorrow). */
export function documentState(day: string | null | undefined, today: string): DocumentState | null {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const daysLeft = dayNumber(day) - dayNumber(today);
  if (daysLeft < 0) return 'expired';
  if (daysLeft <= DOCUMENT_DUE_SOON_DAYS) return 'due_soon';
  return 'valid';
}

/** `DD/MM/YYYY`, or '—' (the one date format, lib/date-time). */
export const formatDay = formatDate;
