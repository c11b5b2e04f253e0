import { REPORT_MAX_DAYS, dayBound, localDay } from '@pantau/contracts';

/** Quick picks of a report's period; `custom` reads `from` and `to` (days, inclusive). */
export const periodPicks = ['today', 'yesterday', 'last7', 'thisMonth', 'last30', 'custom'] as const;
export type PeriodPick = (typeof periodPicks)[number];
export const DEFAULT_PICK = 'last7' satisfies PeriodPick;

/** A period as the page keeps it: whole local days, `from` to `to` inclusive. */
export interface ReportPeriod {
  pick: PeriodPick;
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const isDay = (v: string | null): v is string =>
  !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));

/** The days of a quick pick, as of `now` in the time zone. */
export function daysOf(
  pick: Exclude<PeriodPick, 'custom'>,
  now: number,
  timeZone: string,
): { from: string; to: string } {
  const today = localDay(now, timeZone);
  const daysBack = (n: number) =>
    localDay(dayBound(today, 'start', timeZone) - n * DAY_MS + DAY_MS / 2, timeZone);
  switch (pick) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: daysBack(1), to: daysBack(1) };
    case 'last7':
      return { from: daysBack(6), to: today };
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'last30':
      return { from: daysBack(29), to: today };
  }
}

/** Days from `from` to `to`, both counted. */
export const dayCount = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

/** The period in the URL (`period`, and `from`/`to` for a custom one); a bad or missing one is the default. */
export function periodOf(params: URLSearchParams, now: number, timeZone: string): ReportPeriod {
  const pick = periodPicks.find((p) => p === params.get('period')) ?? DEFAULT_PICK;
  if (pick === 'custom') {
    const from = params.get('from');
    const to = params.get('to');
    if (isDay(from) && isDay(to) && from <= to && dayCount(from, to) <= REPORT_MAX_DAYS)
      return { pick, from, to };
    return { pick: DEFAULT_PICK, ...daysOf(DEFAULT_PICK, now, timeZone) };
  }
  return { pick, ...daysOf(pick as Exclude<PeriodPick, 'custom'>, now, timeZone) };
}

/** The URL keys of a period. */
export const periodParams = (p: {
  pick: PeriodPick;
  from?: string;
  to?: string;
}): Record<string, string | undefined> =>
  p.pick === 'custom'
    ? { period: 'custom', from: p.from, to: p.to }
    : { period: p.pick === DEFAULT_PICK ? undefined : p.pick, from: undefined, to: undefined };

/** The period as the API takes it: ISO instants, `to` the end of its last day (exclusive). */
export function periodQuery(p: ReportPeriod, timeZone: string): { from: string; to: string } {
  return {
    from: new Date(dayBound(p.from, 'start', timeZone)).toISOString(),
    to: new Date(dayBound(p.to, 'end', timeZone)).toISOString(),
  };
}
