import type { Bbox, LngLat } from '@pantau/contracts';
import Flatbush from 'flatbush';

/** Even–odd test of a closed ring (first point repeated last). A point on an edge may fall either way. */
export function pointInRing(ring: readonly LngLat[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const xi = ring[i]![0];
    const yi = ring[i]![1];
    const xj = ring[j]![0];
    const yj = ring[j]![1];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Inside the outer ring and outside every hole. */
export function pointInPolygon(rings: readonly (readonly LngLat[])[], x: number, y: number): boolean {
  if (rings.length === 0 || !pointInRing(rings[0]!, x, y)) return false;
  for (let h = 1; h < rings.length; h++) if (pointInRing(rings[h]!, x, y)) return false;
  return true;
}

export function bboxOf(points: Iterable<LngLat>): Bbox {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of points) {
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
  }
  return [minX, minY, maxX, maxY];
}

const orientation = (a: LngLat, b: LngLat, c: LngLat): number => {
  const v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  return v > 0 ? 1 : v < 0 ? -1 : 0;
};
const onSegment = (a: LngLat, b: LngLat, p: LngLat): boolean =>
  Math.min(a[0], b[0]) <= p[0] &&
  p[0] <= Math.max(a[0], b[0]) &&
  Math.min(a[1], b[1]) <= p[1] &&
  p[1] <= Math.max(a[1], b[1]);

/** Whether segments ab and cd share any point (touching and overlapping count). */
export function segmentsIntersect(a: LngLat, b: LngLat, c: LngLat, d: LngLat): boolean {
  const o1 = orientation(a, b, c);
  const o2 = orientation(a, b, d);
  const o3 = orientation(c, d, a);
  const o4 = orientation(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(a, b, c)) ||
    (o2 === 0 && onSegment(a, b, d)) ||
    (o3 === 0 && onSegment(c, d, a)) ||
    (o4 === 0 && onSegment(c, d, b))
  );
}

/** Where two edges of a polygon meet where they should not: the ring and edge numbers, and a point. */
export interface Crossing {
  ring: number;
  otherRing: number;
  at: LngLat;
}

/**
 * The first place where a polygon's edges cross or touch, other than neighbouring edges at their
 * shared corner; null for a simple polygon. Rings are closed and free of repeated points (as the
 * contract leaves them). Segments go into a flatbush index and each is checked against those whose
 * box it touches, so 10,000 points take milliseconds.
 */
export function findCrossing(rings: readonly (readonly LngLat[])[]): Crossing | null {
  let total = 0;
  for (const ring of rings) total += Math.max(0, ring.length - 1);
  if (total === 0) return null;
  const segRing = new Int32Array(total);
  const segIndex = new Int32Array(total);
  const starts: LngLat[] = new Array<LngLat>(total);
  const ends: LngLat[] = new Array<LngLat>(total);
  const index = new Flatbush(total);
  let s = 0;
  for (const [r, ring] of rings.entries())
    for (let i = 0; i + 1 < ring.length; i++, s++) {
      const a = ring[i]!;
      const b = ring[i + 1]!;
      segRing[s] = r;
      segIndex[s] = i;
      starts[s] = a;
      ends[s] = b;
      index.add(Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1]));
    }
  index.finish();

  let found: Crossing | null = null;
  let a: LngLat = starts[0]!;
  let b: LngLat = ends[0]!;
  let ring = 0;
  let edges = 0;
  const crosses = (t: number): boolean => {
    if (t <= s) return false;
    const c = starts[t]!;
    const d = ends[t]!;
    if (segRing[t] === ring) {
      const gap = segIndex[t]! - segIndex[s]!;
      // Neighbouring edges share one corner; they cross only if they fold back over each other.
      if (gap === 1 || gap === edges - 1) {
        const shared = gap === 1 ? b : a;
        const far = gap === 1 ? d : c;
        const near = gap === 1 ? a : b;
        if (orientation(near, shared, far) === 0 && onSegment(near, shared, far)) {
          found = { ring, otherRing: ring, at: far };
          return true;
        }
        if (orientation(shared, far, near) === 0 && onSegment(shared, far, near)) {
          found = { ring, otherRing: ring, at: near };
          return true;
        }
        return false;
      }
    }
    if (!segmentsIntersect(a, b, c, d)) return false;
    found = { ring, otherRing: segRing[t]!, at: crossingPoint(a, b, c, d) };
    return true;
  };
  for (s = 0; s < total; s++) {
    a = starts[s]!;
    b = ends[s]!;
    ring = segRing[s]!;
    edges = rings[ring]!.length - 1;
    if (
      index.collides(
        Math.min(a[0], b[0]),
        Math.min(a[1], b[1]),
        Math.max(a[0], b[0]),
        Math.max(a[1], b[1]),
        crosses,
      )
    )
      return found;
  }
  return null;
}

/** Where two intersecting segments meet (for collinear overlaps, a shared end point). */
function crossingPoint(a: LngLat, b: LngLat, c: LngLat, d: LngLat): LngLat {
  const den = (b[0] - a[0]) * (d[1] - c[1]) - (b[1] - a[1]) * (d[0] - c[0]);
  if (den === 0) return onSegment(a, b, c) ? c : d;
  const t = ((c[0] - a[0]) * (d[1] - c[1]) - (c[1] - a[1]) * (d[0] - c[0])) / den;
  return [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
}
