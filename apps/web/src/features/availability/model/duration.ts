/** The words of a duration in the reader's language. */
export interface DurationUnits {
  d: string;
  h: string;
  min: string;
}

/**
 * How long from `since` to `now`, in its two largest units: "45 min", "2 h 15 min", "3 d 4 h"; null
 * without a start. A start ahead of now (a clock a little off) reads as "0 min".
 */
export function formatSince(since: string | null, nowMs: number, units: DurationUnits): string | null {
  if (!since) return null;
  const start = Date.parse(since);
  if (Number.isNaN(start)) return null;
  return formatDuration(Math.floor((nowMs - start) / 60_000), units);
}

/** Minutes in their two largest units: "45 min", "2 h 15 min", "3 d 4 h"; below zero, "0 min". */
export function formatDuration(totalMinutes: number, units: DurationUnits): string {
  const minutes = Math.max(0, Math.floor(totalMinutes));
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d > 0) return h > 0 ? `${d} ${units.d} ${h} ${units.h}` : `${d} ${units.d}`;
  if (h > 0) return m > 0 ? `${h} ${units.h} ${m} ${units.min}` : `${h} ${units.h}`;
  return `${m} ${units.min}`;
}
