import { userTimeZoneName } from '../../../lib/date-time';

/** Indonesia's three zones by their usual names. */
const ZONE_NAMES: Record<string, string> = {
  'Asia/Jakarta': 'WIB',
  'Asia/Makassar': 'WITA',
  'Asia/Jayapura': 'WIT',
};
/** The user's zone as shown after a time: WIB, WITA or WIT. */
export const userZoneName = (): string => ZONE_NAMES[userTimeZoneName()] ?? userTimeZoneName();

/** Absolute time in the user's zone (WIB unless their settings say otherwise), e.g. "21/11/2026 14:05:09". */
export function formatJakarta(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'id' ? 'id-ID' : 'en-GB', {
    timeZone: userTimeZoneName(),
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(new Date(iso));
}

export function formatNumber(value: number, language: string, digits = 0): string {
  return new Intl.NumberFormat(language === 'id' ? 'id-ID' : 'en-US', {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  }).format(value);
}
