/** A recap's months, `YYYY-MM`, as they sit in the URL and as the server's period. */
export interface RecapMonths {
  from: string;
  to: string;
}

const MONTH = /^(\d{4})-(\d{2})$/;

/** The month `n` months after `month` (`n` may be negative). */
export function addMonths(month: string, n: number): string {
  const m = MONTH.exec(month);
  if (!m) return month;
  const index = Number(m[1]) * 12 + Number(m[2]) - 1 + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** How many months from `from` to `to`, both counted. */
export const monthSpan = (from: string, to: string) => {
  const a = MONTH.exec(from);
  const b = MONTH.exec(to);
  return a && b ? (Number(b[1]) - Number(a[1])) * 12 + Number(b[2]) - Number(a[2]) + 1 : 0;
};

/**
 * The months in the URL if they make a period of 1 to 12 months, else the three months up to
 * `current` (the month the reader is in).
 */
export function recapMonthsOf(
  from: string | undefined,
  to: string | undefined,
  current: string,
): RecapMonths {
  if (from && to && MONTH.test(from) && MONTH.test(to)) {
    const span = monthSpan(from, to);
    if (span >= 1 && span <= 12) return { from, to };
  }
  return { from: addMonths(current, -2), to: current };
}

/** The period as the server takes it: the first instant of `from` to the first of the month after `to`, in a zone. */
export function recapPeriod(
  months: RecapMonths,
  dayStart: (day: string) => number,
): { from: string; to: string } {
  return {
    from: new Date(dayStart(`${months.from}-01`)).toISOString(),
    to: new Date(dayStart(`${addMonths(months.to, 1)}-01`)).toISOString(),
  };
}
