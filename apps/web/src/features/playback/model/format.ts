const formats = new Map<string, Intl.NumberFormat>();

/** A number in the UI's language (1.234,5 in Indonesian), with `digits` decimals. */
export function formatNumber(value: number, language: string, digits = 0): string {
  const key = `${language}|${digits}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(language === 'id' ? 'id-ID' : 'en-US', {
      maximumFractionDigits: digits,
      minimumFractionDigits: digits,
    });
    formats.set(key, f);
  }
  return f.format(value);
}

/** Seconds as hours and minutes: `{ h, m }`, minutes rounded. */
export function hoursMinutes(seconds: number): { h: number; m: number } {
  const minutes = Math.round(seconds / 60);
  return { h: Math.floor(minutes / 60), m: minutes % 60 };
}
