import dayjs from 'dayjs';
import i18n from './i18n';

/**
 * Times are shown in the user's zone; WIB unless told otherwise (DESIGN.md §5). One format everywhere,
 * screens and exports alike: `DD/MM/YYYY HH:mm` (24 h; seconds where they matter), the zone's short
 * name after it where the zone is not said elsewhere, and `DD/MM/YYYY` for a day.
 */
export const DISPLAY_TIME_ZONE = 'Asia/Jakarta';

let userTimeZone = DISPLAY_TIME_ZONE;
/** The signed-in user's time zone (their settings); `formatDateTime` shows times in it. */
export function setUserTimeZone(timeZone: string): void {
  userTimeZone = timeZone;
}
export const userTimeZoneName = (): string => userTimeZone;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, seconds: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${seconds}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: seconds ? '2-digit' : undefined,
      hourCycle: 'h23',
    });
    formatters.set(key, f);
  }
  return f;
}

/** The wall-clock parts of an instant in a zone. */
export function zonedParts(
  instant: Date | string,
  timeZone = DISPLAY_TIME_ZONE,
): { year: string; month: string; day: string; hour: string; minute: string; second: string } {
  const parts = Object.fromEntries(
    formatter(timeZone, true)
      .formatToParts(typeof instant === 'string' ? new Date(instant) : instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: parts.year ?? '',
    month: parts.month ?? '',
    day: parts.day ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
    second: parts.second ?? '',
  };
}

/** Indonesia's three zones by their usual names. */
const ZONE_NAMES: Record<string, string> = {
  'Asia/Jakarta': 'WIB',
  'Asia/Makassar': 'WITA',
  'Asia/Jayapura': 'WIT',
};
/** A zone as shown after a time: WIB, WITA or WIT (the user's zone by default). */
export const zoneName = (timeZone = userTimeZone): string => ZONE_NAMES[timeZone] ?? timeZone;

/**
 * `DD/MM/YYYY HH:mm[:ss][ WIB]` in the user's zone (WIB unless their settings say otherwise), or '—' when
 * there is no time. `zone` adds the zone's name.
 */
export function formatDateTime(
  instant: Date | string | null | undefined,
  {
    seconds = false,
    zone = false,
    timeZone = userTimeZone,
  }: { seconds?: boolean; zone?: boolean; timeZone?: string } = {},
): string {
  if (instant === null || instant === undefined || instant === '') return '—';
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return '—';
  const p = zonedParts(date, timeZone);
  const time = `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}${seconds ? `:${p.second}` : ''}`;
  return zone ? `${time} ${zoneName(timeZone)}` : time;
}

/** A `YYYY-MM-DD` day as `DD/MM/YYYY`, or '—'. */
export function formatDate(day: string | null | undefined): string {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})/.exec(day) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '—';
}

/** Under this a time reads "just now". */
const JUST_NOW_MS = 45_000;

/**
 * How long ago, in the UI's language: "just now", "5 minutes ago", "2 hours ago". A time ahead of `now`
 * (a tracker whose clock runs fast) reads "just now", never "in a few seconds".
 */
export function formatRelative(
  instant: Date | string,
  language = i18n.resolvedLanguage ?? 'en',
  now: number = Date.now(),
): string {
  const at = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(at)) return '—';
  if (now - at < JUST_NOW_MS) return i18n.t('time.justNow', { lng: language });
  return dayjs(at).locale(language).from(now);
}

/** The instant a `YYYY-MM-DD` day starts (or ends, exclusive) in the display zone. */
export function zonedDayBound(day: string, edge: 'start' | 'end', offset = '+07:00'): number {
  const start = Date.parse(`${day}T00:00:00${offset}`);
  return edge === 'start' ? start : start + 24 * 60 * 60 * 1000;
}
