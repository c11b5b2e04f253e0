/**
 * The days of a Car Carrier page in the URL: `from` and `to` (YYYY-MM-DD, both counted). No keys at all:
 * the last seven days to today. A key present but empty or bad (the picker cleared): no period, and the
 * page says "Period Time Cannot Null" and asks nothing.
 */
export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
export const isDay = (v: string | null | undefined): v is string =>
  !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/** The day `n` days after `day` (negative: before). */
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The seven days ending `today`. */
export const lastWeek = (today: string): DayRange => ({ from: addDays(today, -6), to: today });

/** The period in the URL; null when it was cleared or is not a period (the end before the start). */
export function rangeOf(params: URLSearchParams, today: string): DayRange | null {
  if (!params.has('from') && !params.has('to')) return lastWeek(today);
  const from = params.get('from');
  const to = params.get('to');
  if (!isDay(from) || !isDay(to) || from > to) return null;
  return { from, to };
}

/** The URL keys of a period; null keeps both keys, empty (the cleared picker). */
export const rangeParams = (r: DayRange | null): Record<string, string> =>
  r ? { from: r.from, to: r.to } : { from: '', to: '' };

/** A month `YYYY-MM` or a year `YYYY` as the URL has it; null when empty or bad. */
export const monthOf = (v: string | null): string | null =>
  v && /^\d{4}-(0[1-9]|1[0-2])$/.test(v) ? v : null;
export const yearOf = (v: string | null): string | null => (v && /^\d{4}$/.test(v) ? v : null);
