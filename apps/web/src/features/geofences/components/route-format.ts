/** Numbers in the user's language: 1.234,5 in Indonesian, 1,234.5 in English. */
export const formatNumber = (value: number, lang: string, digits = 0) =>
  new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(value);

/** Whole minutes as hours and minutes, the way lead and circle times are spoken of: 26 h 30 min. */
export function hoursMinutes(minutes: number): { hours: number; minutes: number } {
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
