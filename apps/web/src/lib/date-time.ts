import { dayBound, DEFAULT_TIME_ZONE, effectiveTimeZone } from '@pantau/contracts';
import dayjs from 'dayjs';
import i18n from './i18n';

/**
 * Times are shown in the user's zone: the one they chose in their settings, else their unit's, else WIB
 * (DESIGN.md §5). One format everywhere, screens and exports alike: `DD/MM/YYYY HH:mm` (24 h; seconds
 * where they matter), the zone's short name after it where the zone is not said elsewhere, and
 * `DD/MM/YYYY` for a day.
 */
export const DISPLAY_TIME_ZONE: string = DEFAULT_TIME_ZONE;

/** localStorage keys: the user's own zone (absent: follow the unit) and the chosen unit's zone. */
export const TIME_ZONE_KEYS = { user: 'time_zone', unit: 'unit_time_zone' } as const;

function stored(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
function store(key: string, value: string | null): void {
  try {
    if (value) globalThis.localStorage?.setItem(key, value);
    else globalThis.localStorage?.removeItem(key);
  } catch {
    // Private mode: the zone holds until the page is left.
  }
}

// Kept across reloads, so the first render after one already uses the right zone.
let zones = { user: stored(TIME_ZONE_KEYS.user), unit: stored(TIME_ZONE_KEYS.unit) };

/** The user's own zone from their settings; null follows the unit's. */
export function setUserTimeZone(timeZone: string | null): void {
  zones = { ...zones, user: timeZone };
  store(TIME_ZONE_KEYS.user, timeZone);
}
/** The chosen unit's zone (from the role's group). */
export function setUnitTimeZone(timeZone: string | null): void {
  zones = { ...zones, unit: timeZone };
  store(TIME_ZONE_KEYS.unit, timeZone);
}
/** The chosen unit's zone, else WIB: the day its documents and its vehicles' days are judged by. */
export const unitTimeZoneName = (): string => zones.unit ?? DEFAULT_TIME_ZONE;
/** The zone times are shown in now. */
export const userTimeZoneName = (): string => effectiveTimeZone(zones.user, zones.unit);

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
export const zoneName = (timeZone = userTimeZoneName()): string => ZONE_NAMES[timeZone] ?? timeZone;

/**
 * `DD/MM/YYYY HH:mm[:ss][ WIB]` in the user's zone (WIB unless their settings say otherwise), or '—' when
 * there is no time. `zone` adds the zone's name.
 */
export function formatDateTime(
  instant: Date | string | null | undefined,
  {
    seconds = false,
    zone = false,
    timeZone = userTimeZoneName(),
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

/** The instant a `YYYY-MM-DD` day starts (or ends, exclusive) in the user's zone. */
export function zonedDayBound(day: string, edge: 'start' | 'end', timeZone = userTimeZoneName()): number {
  return dayBound(day, edge, timeZone);
}

/** A wall-clock time `YYYY-MM-DDTHH:mm` in a zone as an instant (ISO); the zones of Indonesia keep no summer time. */
export function zonedWallTime(wall: string, timeZone: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(wall);
  if (!m) return '';
  return new Date(
    dayBound(m[1]!, 'start', timeZone) + Number(m[2]) * 3_600_000 + Number(m[3]) * 60_000,
  ).toISOString();
}

/** An instant as the wall-clock `YYYY-MM-DDTHH:mm` in a zone (what a date-time picker shows). */
export function wallTimeOf(instant: Date | string, timeZone = userTimeZoneName()): string {
  const p = zonedParts(instant, timeZone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}
