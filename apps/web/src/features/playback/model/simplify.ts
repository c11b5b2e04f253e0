import type { PlaybackTrack } from './track';

/** Vertices the drawn track keeps at most; the player still steps through every fix. */
export const MAX_DRAWN_VERTICES = 4000;

/**
 * Douglas–Peucker over the whole track in one pass, without recursion: for each fix, how far (in
 * degrees, longitude scaled by the cosine of the mid latitude) it stood off the line when it was split
 * on. The ends are Infinity. Keeping the fixes above a tolerance is Douglas–Peucker at that tolerance.
 */
export function importance(track: PlaybackTrack): Float64Array {
  const n = track.count;
  const weight = new Float64Array(n);
  if (n === 0) return weight;
  weight[0] = Infinity;
  weight[n - 1] = Infinity;
  const { lon, lat } = track;
  const kx = Math.cos(((lat[0]! + lat[n - 1]!) / 2) * (Math.PI / 180));
  const stack: number[] = [0, n - 1];
  while (stack.length > 0) {
    const last = stack.pop()!;
    const first = stack.pop()!;
    if (last - first < 2) continue;
    const ax = lon[first]! * kx;
    const ay = lat[first]!;
    const dx = lon[last]! * kx - ax;
    const dy = lat[last]! - ay;
    const len2 = dx * dx + dy * dy;
    let worst = first + 1;
    let worstD = -1;
    for (let i = first + 1; i < last; i++) {
      const px = lon[i]! * kx - ax;
      const py = lat[i]! - ay;
      let d: number;
      if (len2 === 0) d = px * px + py * py;
      else {
        const t = Math.max(0, Math.min(1, (px * dx + py * dy) / len2));
        const ex = px - t * dx;
        const ey = py - t * dy;
        d = ex * ex + ey * ey;
      }
      if (d > worstD) {
        worstD = d;
        worst = i;
      }
    }
    weight[worst] = Math.sqrt(worstD);
    stack.push(first, worst, worst, last);
  }
  return weight;
}

/** The indices of the fixes standing off the line by more than `tolerance`, in order. */
export function douglasPeucker(track: PlaybackTrack, tolerance: number): Uint32Array {
  return keepAbove(importance(track), tolerance);
}

function keepAbove(weight: Float64Array, tolerance: number, limit = Infinity): Uint32Array {
  const kept: number[] = [];
  for (let i = 0; i < weight.length && kept.length < limit; i++) if (weight[i]! > tolerance) kept.push(i);
  return Uint32Array.from(kept);
}

/**
 * The track simplified to at most `maxVertices` for drawing: the fixes that matter most to its shape,
 * first and last always among them. A short track is kept whole.
 */
export function simplifyTrack(track: PlaybackTrack, maxVertices = MAX_DRAWN_VERTICES): Uint32Array {
  const n = track.count;
  if (n <= maxVertices) return Uint32Array.from({ length: n }, (_, i) => i);
  const weight = importance(track);
  // The tolerance that keeps `maxVertices`: the weight of the one just left out.
  const sorted = Float64Array.from(weight).sort();
  const tolerance = sorted[n - maxVertices - 1]!;
  const kept = keepAbove(weight, tolerance);
  // Ties at the tolerance are left out, so this is within the budget; the last fix closes the line.
  return kept[kept.length - 1] === n - 1 ? kept : Uint32Array.from([...kept, n - 1]);
}
