import { formatDateTime, zoneName } from '../../../lib/date-time';

/** The user's zone as shown after a time: WIB, WITA or WIT. */
export const userZoneName = (): string => zoneName();

/**
 * Absolute time in the user's zone (WIB unless their settings say otherwise), e.g. "21/11/2026 14:05:09":
 * the one format of lib/date-time, the same in both languages.
 */
export function formatJakarta(iso: string, _language?: string): string {
  return formatDateTime(iso, { seconds: true });
}

export function formatNumber(value: number, language: string, digits = 0): string {
  return new Intl.NumberFormat(language === 'id' ? 'id-ID' : 'en-US', {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  }).format(value);
}
