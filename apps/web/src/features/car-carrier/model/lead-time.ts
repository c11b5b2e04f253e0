import { formatMinutes, type DurationUnits } from '../../../lib/duration';

export interface LeadWords extends DurationUnits {
  onTime: string;
  /** With `{{time}}`: "over by {{time}}". */
  over: string;
}

/**
 * The description of a lead or circle time: "on time" when the trip took at most the standard, "over
 * by 1 h 20 min" when longer; '—' while the actual time or the standard is not known.
 */
export function overDescription(
  actual: number | null,
  standard: number | null,
  over: number | null,
  words: LeadWords,
): string {
  if (actual === null || standard === null) return '—';
  const by = over ?? Math.max(0, actual - standard);
  return by > 0 ? words.over.replace('{{time}}', formatMinutes(by, words)) : words.onTime;
}
