import type { LngLat } from '@pantau/contracts';
import CheapRuler from 'cheap-ruler';

/**
 * Douglas–Peucker: keeps the points of a recorded track that matter for its shape, dropping those
 * within `toleranceM` metres of the simplified line (a route from a recorded trip). Iterative, so a
 * week's track of 100,000 fixes does not overflow the stack. First and last points always stay.
 */
export function simplifyTrack(track: readonly LngLat[], toleranceM: number): LngLat[] {
  const points = track.filter((p, i) => i === 0 || p[0] !== track[i - 1]![0] || p[1] !== track[i - 1]![1]);
  if (points.length <= 2) return points.map((p) => [p[0], p[1]]);
  let minLat = Infinity;
  let maxLat = -Infinity;
  for (const p of points) {
    minLat = Math.min(minLat, p[1]);
    maxLat = Math.max(maxLat, p[1]);
  }
  // Work in a plane in metres: a long track spans a few degrees of latitude at most.
  const { kx, ky } = new CheapRuler((minLat + maxLat) / 2, 'meters');
  const xs = points.map((p) => p[0] * kx);
  const ys = points.map((p) => p[1] * ky);
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const sq = toleranceM * toleranceM;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let worst = -1;
    let worstSq = sq;
    for (let i = first + 1; i < last; i++) {
      const d = segmentDistanceSq(xs[i]!, ys[i]!, xs[first]!, ys[first]!, xs[last]!, ys[last]!);
      if (d > worstSq) {
        worst = i;
        worstSq = d;
      }
    }
    if (worst < 0) continue;
    keep[worst] = 1;
    stack.push([first, worst], [worst, last]);
  }
  return points.filter((_, i) => keep[i] === 1).map((p) => [p[0], p[1]]);
}

function segmentDistanceSq(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  let x = ax;
  let y = ay;
  const dx = bx - ax;
  const dy = by - ay;
  if (dx !== 0 || dy !== 0) {
    const t = ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy);
    if (t > 1) {
      x = bx;
      y = by;
    } else if (t > 0) {
      x += dx * t;
      y += dy * t;
    }
  }
  return (px - x) ** 2 + (py - y) ** 2;
}
