/** Times are shown in the user's zone; WIB unless told otherwise (DESIGN.md §5). */
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

/** `DD/MM/YYYY HH:mm[:ss]` in the user's zone (WIB unless their settings say otherwise), or '—' when there is no time. */
export function formatDateTime(
  instant: Date | string | null | undefined,
  { seconds = false, timeZone = userTimeZone }: { seconds?: boolean; timeZone?: string } = {},
): string {
  if (instant === null || instant === undefined || instant === '') return '—';
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return '—';
  const p = zonedParts(date, timeZone);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}${seconds ? `:${p.second}` : ''}`;
}

/** The instant a `YYYY-MM-DD` day starts (or ends, exclusive) in the display zone. */
export function zonedDayBound(day: string, edge: 'start' | 'end', offset = '+07:00'): number {
  const start = Date.parse(`${day}T00:00:00${offset}`);
  return edge === 'start' ? start : start + 24 * 60 * 60 * 1000;
}
