/** The words of a duration in the reader's language: hours and minutes, e.g. "h" and "min". */
export interface DurationUnits {
  h: string;
  min: string;
}

/**
 * Minutes as "4 h 30 min", "45 min" or "2 h" (hours past a day kept: "27 h 5 min"); '—' when unknown.
 * A negative value (an early arrival against a standard) keeps its sign.
 */
export function formatMinutes(minutes: number | null | undefined, units: DurationUnits): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return '—';
  const sign = minutes < 0 ? '−' : '';
  const total = Math.round(Math.abs(minutes));
  const h = Math.floor(total / 60);
  const m = total % 60;
  const parts = [h > 0 ? `${h} ${units.h}` : '', m > 0 || h === 0 ? `${m} ${units.min}` : ''];
  return sign + parts.filter(Boolean).join(' ');
}
