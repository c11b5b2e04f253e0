import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Indonesia's three zones: WIB, WITA, WIT. */
export const TIME_ZONES = ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'] as const;
export type TimeZone = (typeof TIME_ZONES)[number];
/** WIB: the zone of a unit or user that has not chosen one. */
export const DEFAULT_TIME_ZONE: TimeZone = 'Asia/Jakarta';

/** The zone times are shown and days counted in: the user's own choice, else their unit's, else WIB. */
export function effectiveTimeZone(user?: string | null, unit?: string | null): string {
  return user || unit || DEFAULT_TIME_ZONE;
}

interface DaySpan {
  start: number;
  end: number;
  day: string;
}
/**
 * Per zone, the local days asked for lately, newest first: every fix of a day asks for the same one, and
 * the clock's day and a buffered fix's day take turns without evicting each other.
 */
const recentDays = new Map<string, DaySpan[]>();
const RECENT_DAYS = 4;

function daySpan(at: number, timeZone: string): DaySpan {
  const local = dayjs(at).tz(timeZone);
  const day = local.format('YYYY-MM-DD');
  const start = dayjs.tz(day, timeZone).valueOf();
  const end = dayjs.tz(local.add(1, 'day').format('YYYY-MM-DD'), timeZone).valueOf();
  return { start, end, day };
}

/** The local day an instant falls in, in a zone (cached: every fix of a day asks for the same one). */
function spanOf(at: number, timeZone: string): DaySpan {
  let spans = recentDays.get(timeZone);
  if (!spans) recentDays.set(timeZone, (spans = []));
  for (let i = 0; i < spans.length; i++) {
    const span = spans[i]!;
    if (at >= span.start && at < span.end) return span;
  }
  const span = daySpan(at, timeZone);
  spans.unshift(span);
  if (spans.length > RECENT_DAYS) spans.pop();
  return span;
}

const instantOf = (instant: Date | number) => (typeof instant === 'number' ? instant : instant.getTime());

/** The local calendar day (`YYYY-MM-DD`) of an instant in a zone. */
export const localDay = (instant: Date | number, timeZone: string = DEFAULT_TIME_ZONE): string =>
  spanOf(instantOf(instant), timeZone).day;

/** The instant local midnight of an instant's day began, in a zone. */
export const localMidnight = (instant: Date | number, timeZone: string = DEFAULT_TIME_ZONE): number =>
  spanOf(instantOf(instant), timeZone).start;

/** The instant a local `YYYY-MM-DD` day starts in a zone, or ends (the next day's start). */
export function dayBound(day: string, edge: 'start' | 'end', timeZone: string = DEFAULT_TIME_ZONE): number {
  const start = dayjs.tz(day, timeZone);
  return (edge === 'start' ? start : dayjs.tz(start.add(1, 'day').format('YYYY-MM-DD'), timeZone)).valueOf();
}
