import type { PlaybackTrack } from './track';

/** Vertices the drawn track keeps at most; the player still steps through every fix. */
export const MAX_DRAWN_VERTICES = 4000;

/**
 * Douglas–Peucker over the track in degrees (longitude scaled by the cosine of the mid latitude),
 * without recursion: the indices of the fixes kept, first and last always among them, in order.
 */
export function douglasPeucker(track: PlaybackTrack, tolerance: number): Uint32Array {
  const n = track.count;
  if (n <= 2) return Uint32Array.from({ length: n }, (_, i) => i);
  const { lon, lat } = track;
  const kx = Math.cos(((lat[0]! + lat[n - 1]!) / 2) * (Math.PI / 180));
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  const tol2 = tolerance * tolerance;
  const stack: number[] = [0, n - 1];
  while (stack.length > 0) {
    const last = stack.pop()!;
    const first = stack.pop()!;
    const ax = lon[first]! * kx;
    const ay = lat[first]!;
    const dx = lon[last]! * kx - ax;
    const dy = lat[last]! - ay;
    const len2 = dx * dx + dy * dy;
    let worst = -1;
    let worstD = tol2;
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
    if (worst >= 0) {
      keep[worst] = 1;
      stack.push(first, worst, worst, last);
    }
  }
  let kept = 0;
  for (let i = 0; i < n; i++) kept += keep[i]!;
  const out = new Uint32Array(kept);
  let j = 0;
  for (let i = 0; i < n; i++) if (keep[i]) out[j++] = i;
  return out;
}

/**
 * The track simplified to at most `maxVertices`: starting at ~1 m of tolerance and doubling it until
 * the drawing fits. A short track is kept whole.
 */
export function simplifyTrack(track: PlaybackTrack, maxVertices = MAX_DRAWN_VERTICES): Uint32Array {
  if (track.count <= maxVertices) return Uint32Array.from({ length: track.count }, (_, i) => i);
  let tolerance = 0.00001;
  for (;;) {
    const kept = douglasPeucker(track, tolerance);
    if (kept.length <= maxVertices) return kept;
    tolerance *= 2;
  }
}
