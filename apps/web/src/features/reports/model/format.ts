import { formatNumber } from '../../../lib/number-format';

/** Seconds as `h:mm:ss` (hours past 24 kept), as the exported files show them. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  const s = Math.max(0, Math.round(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

/** A number with at most one decimal in the UI's language, or '—'. */
export const formatOne = (v: number | null | undefined, language?: string): string =>
  v === null || v === undefined ? '—' : formatNumber(v, { digits: 1 }, language);

/** A whole number in the UI's language, or '—'. */
export const formatWhole = (v: number | null | undefined, language?: string): string =>
  v === null || v === undefined ? '—' : formatNumber(Math.round(v), {}, language);
