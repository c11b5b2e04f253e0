import { DOCUMENT_DUE_SOON_DAYS } from '@pantau/contracts';
import { localDayOf } from '../live-state/live-state.js';

const DAY_MS = 86_400_000;

/**
 * Today (WIB, YYYY-MM-DD) and the last day a document (STNK, KIR, SIM) counts as due soon: a date
 * before `today` has expired, one up to `dueBy` is due soon, a later one (or none) is valid.
 */
export function documentDates(now: Date): { today: string; dueBy: string } {
  const today = localDayOf(now);
  const dueBy = new Date(Date.parse(`${today}T00:00:00Z`) + DOCUMENT_DUE_SOON_DAYS * DAY_MS)
    .toISOString()
    .slice(0, 10);
  return { today, dueBy };
}
