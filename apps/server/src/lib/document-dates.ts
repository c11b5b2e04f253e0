import { DEFAULT_TIME_ZONE, DOCUMENT_DUE_SOON_DAYS, localDay } from '@pantau/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { units } from '../db/schema/index.js';

const DAY_MS = 86_400_000;

/**
 * Today (YYYY-MM-DD in the unit's zone) and the last day a document (STNK, KIR, SIM) counts as due soon: a date
 * before `today` has expired, one up to `dueBy` is due soon, a later one (or none) is valid.
 */
export function documentDates(
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): { today: string; dueBy: string } {
  const today = localDay(now, timeZone);
  const dueBy = new Date(Date.parse(`${today}T00:00:00Z`) + DOCUMENT_DUE_SOON_DAYS * DAY_MS)
    .toISOString()
    .slice(0, 10);
  return { today, dueBy };
}

/** `documentDates` on the unit's own day: a unit in WIT judges its documents by its own midnight. */
export async function unitDocumentDates(db: Db, unitId: number, now: Date) {
  const [row] = await db.select({ timeZone: units.timeZone }).from(units).where(eq(units.unitId, unitId));
  return documentDates(now, row?.timeZone ?? DEFAULT_TIME_ZONE);
}
