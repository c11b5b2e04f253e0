import { VIOLATION_KINDS, type ViolationKindName } from '@pantau/contracts';

/** Each kind's colour, as the notifications and playback mark them (over speed red, over stop amber). */
export const KIND_COLORS: Record<ViolationKindName, string> = {
  overspeed: '#dc2626',
  overstop: '#f59e0b',
  overroute: '#7c3aed',
};

export { VIOLATION_KINDS };
export type { ViolationKindName };

/** Seconds as `h:mm:ss` (hours past 24 kept), as the exported files show them. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

/** A bucket's first day as its bar's label: `DD/MM` for days and weeks, the month's short name for months. */
export function bucketLabel(day: string, bucket: 'day' | 'week' | 'month', language: string): string {
  if (bucket === 'month')
    return new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );
  return `${day.slice(8, 10)}/${day.slice(5, 7)}`;
}

/** Where playback on /map opens a violation: the vehicle and a custom period around it. */
export const playbackHref = (p: { kendaraanId: number; from: string; to: string }) =>
  `/map?${new URLSearchParams({ playback: String(p.kendaraanId), period: 'custom', from: p.from, to: p.to })}`;
