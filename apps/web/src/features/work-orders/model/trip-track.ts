import { isActiveWorkOrder, type WorkOrderRow } from '@pantau/contracts';

/** Points drawn of a trip's track at most: enough for a small map, light on a phone. */
export const MAX_TRACK_POINTS = 2_000;

/**
 * The period whose positions are the trip: from leaving the pool (or the run date) to entering a pool
 * again; a trip under way runs until now, one that has not started has no track.
 */
export function tripPeriod(
  spk: Pick<WorkOrderRow, 'runDate' | 'plannedEnd' | 'outPoolAt' | 'enterPoolAt' | 'status'>,
  now: number,
): { from: string; to: string } | null {
  const from = spk.outPoolAt ?? spk.runDate;
  const start = Date.parse(from);
  if (!(start < now)) return null;
  const end = spk.enterPoolAt
    ? Date.parse(spk.enterPoolAt)
    : isActiveWorkOrder(spk.status)
      ? now
      : Math.min(now, Date.parse(spk.plannedEnd));
  if (!(end > start)) return null;
  return { from: new Date(start).toISOString(), to: new Date(end).toISOString() };
}

/** Keeps every n-th point (and the last) so a long track draws about `max` points (the last always kept). */
export function thinTrack<P>(points: readonly P[], max = MAX_TRACK_POINTS): P[] {
  if (points.length <= max) return [...points];
  const step = Math.ceil(points.length / max);
  const kept = points.filter((_, i) => i % step === 0);
  if ((points.length - 1) % step !== 0) kept.push(points[points.length - 1]!);
  return kept;
}
