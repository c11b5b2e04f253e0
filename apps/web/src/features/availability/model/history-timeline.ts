import type { AvailabilityCategory, AvailabilityHistory } from '@pantau/contracts';

/** One stretch of a category on the timeline, clipped to the window, as a share of it. */
export interface TimelineBar {
  category: AvailabilityCategory;
  reason: AvailabilityHistory['results'][number]['reason'];
  from: string;
  /** Null while it lasts. */
  to: string | null;
  /** Where it starts and how wide it is, in percent of the window. */
  left: number;
  width: number;
}

/**
 * The kept stretches of a vehicle between `fromMs` and `toMs` as bars of a timeline, and the minutes
 * spent in each category over the window (largest first). An open stretch lasts until `toMs`.
 */
export function historyTimeline(
  history: AvailabilityHistory['results'],
  fromMs: number,
  toMs: number,
): { bars: TimelineBar[]; totals: { category: AvailabilityCategory; minutes: number }[] } {
  const span = toMs - fromMs;
  const bars: TimelineBar[] = [];
  const minutes = new Map<AvailabilityCategory, number>();
  if (span <= 0) return { bars, totals: [] };
  for (const h of history) {
    const start = Math.max(fromMs, Date.parse(h.from));
    const end = Math.min(toMs, h.to === null ? toMs : Date.parse(h.to));
    if (!(end > start)) continue;
    bars.push({
      category: h.category,
      reason: h.reason,
      from: h.from,
      to: h.to,
      left: ((start - fromMs) / span) * 100,
      width: ((end - start) / span) * 100,
    });
    minutes.set(h.category, (minutes.get(h.category) ?? 0) + (end - start) / 60_000);
  }
  const totals = [...minutes.entries()]
    .map(([category, m]) => ({ category, minutes: Math.round(m) }))
    .sort((a, b) => b.minutes - a.minutes);
  return { bars, totals };
}
