import i18n from './i18n';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * A number as the UI's language writes it: `1,234.5` in English, `1.234,5` in Indonesian. `digits` is
 * the most decimals shown; `fixed` shows exactly that many (`6.0 h`).
 */
export function formatNumber(
  value: number,
  { digits = 0, fixed = false }: { digits?: number; fixed?: boolean } = {},
  language = i18n.resolvedLanguage,
): string {
  const locale = language === 'id' ? 'id-ID' : 'en-GB';
  const key = `${locale}|${digits}|${fixed}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      maximumFractionDigits: digits,
      minimumFractionDigits: fixed ? digits : 0,
    });
    formats.set(key, format);
  }
  return format.format(value);
}
