/** The parts of a stay to show: whole hours and minutes, rounded down (a visit of 59 s is "0 min"). */
export function durationParts(seconds: number): { h: number; m: number } {
  const minutes = Math.max(0, Math.floor(seconds / 60));
  return { h: Math.floor(minutes / 60), m: minutes % 60 };
}

/**
 * How long a visit has lasted: a closed one its stored duration, an open one from its enter to `now`
 * (the stored duration of an open visit stops at the latest fix, which for a parked vehicle is its enter).
 */
export function visitSeconds(visit: { enter: string; duration: number; open: boolean }, now: number): number {
  if (!visit.open) return visit.duration;
  return Math.max(visit.duration, Math.floor((now - Date.parse(visit.enter)) / 1000));
}
