import { VIOLATION_TRAFFIC_MAX_DAYS, dayBound, localDay } from '@pantau/contracts';

/**
 * The period of Violation Traffic (spec §2 "period selection", §9 weekly, monthly, yearly): a week
 * (Monday to Sunday), a month, a year, or custom days. In the URL: `period` and `from` (the week's
 * Monday, the month's or year's first day), `to` too for custom days. A pick without its days is no
 * period: the page says "Period Time Cannot Null" and asks nothing.
 */
export const periodPicks = ['weekly', 'monthly', 'yearly', 'custom'] as const;
export type PeriodPick = (typeof periodPicks)[number];

/** Whole local days, `from` to `to` inclusive; null days: none chosen. */
export interface TrafficPeriod {
  pick: PeriodPick;
  from: string | null;
  to: string | null;
}

const DAY_MS = 86_400_000;
const isDay = (v: string | null): v is string =>
  !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => dayOf(new Date(utcDay(day).getTime() + n * DAY_MS));

/** Days from `from` to `to`, both counted. */
export const dayCount = (from: string, to: string) =>
  Math.round((utcDay(to).getTime() - utcDay(from).getTime()) / DAY_MS) + 1;

/** The Monday of a day's week. */
export const mondayOf = (day: string) => addDays(day, -((utcDay(day).getUTCDay() + 6) % 7));

/** The days a pick covers, given a day in it (custom: `from` and `to` as they are). */
export function daysOf(
  pick: PeriodPick,
  from: string,
  to?: string | null,
): { from: string; to: string } | null {
  switch (pick) {
    case 'weekly': {
      const monday = mondayOf(from);
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'monthly': {
      const first = `${from.slice(0, 7)}-01`;
      const next = new Date(utcDay(first));
      next.setUTCMonth(next.getUTCMonth() + 1);
      return { from: first, to: addDays(dayOf(next), -1) };
    }
    case 'yearly':
      return { from: `${from.slice(0, 4)}-01-01`, to: `${from.slice(0, 4)}-12-31` };
    case 'custom':
      return isDay(to ?? null) ? { from, to: to! } : null;
  }
}

/** Why custom days cannot be asked for: the end before the start, or more than a year. */
export function customProblem(from: string, to: string): 'order' | 'tooLong' | null {
  if (from > to) return 'order';
  if (dayCount(from, to) > VIOLATION_TRAFFIC_MAX_DAYS) return 'tooLong';
  return null;
}

/** The period in the URL: none asked is this week; a pick whose days are missing or bad has none. */
export function periodOf(params: URLSearchParams, now: number, timeZone: string): TrafficPeriod {
  const asked = params.get('period');
  const pick = periodPicks.find((p) => p === asked);
  if (!pick) return { pick: 'weekly', ...daysOf('weekly', localDay(now, timeZone))! };
  const from = params.get('from');
  if (!isDay(from)) return { pick, from: null, to: null };
  const days = daysOf(pick, from, params.get('to'));
  if (!days || customProblem(days.from, days.to)) return { pick, from: null, to: null };
  return { pick, ...days };
}

/** The URL keys of a period (`from` null: the pick without days). */
export const periodParams = (p: TrafficPeriod): Record<string, string | undefined> => ({
  period: p.pick,
  from: p.from ?? undefined,
  to: p.pick === 'custom' ? (p.to ?? undefined) : undefined,
});

/** The period as the API takes it: ISO instants, `to` the end of its last day (exclusive); null without days. */
export function periodQuery(p: TrafficPeriod, timeZone: string): { from: string; to: string } | null {
  if (!p.from || !p.to) return null;
  return {
    from: new Date(dayBound(p.from, 'start', timeZone)).toISOString(),
    to: new Date(dayBound(p.to, 'end', timeZone)).toISOString(),
  };
}
