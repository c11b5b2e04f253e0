import type { LngLat } from '@pantau/contracts';
import CheapRuler from 'cheap-ruler';
import Flatbush from 'flatbush';

/** Below this many segments a straight scan is quicker than an index. */
const INDEX_FROM_SEGMENTS = 32;

const rulerCache = new Map<number, CheapRuler>();
/** A metre ruler for a latitude, cached per 0.1° (its error there stays far below a metre per km). */
export function rulerAt(lat: number): CheapRuler {
  const key = Math.round(lat * 10);
  let ruler = rulerCache.get(key);
  if (!ruler) {
    ruler = new CheapRuler(key / 10, 'meters');
    rulerCache.set(key, ruler);
  }
  return ruler;
}

/** Length of a line, km. */
export function lineLengthKm(line: readonly LngLat[]): number {
  let m = 0;
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1]!;
    const b = line[i]!;
    m += rulerAt((a[1] + b[1]) / 2).distance(a, b);
  }
  return m / 1000;
}

/**
 * A polyline that answers "how far is this point from you, in metres" quickly however long it is:
 * a route of thousands of points is checked on every fix of every vehicle on it. Long lines keep a
 * flatbush index of their segments in a plane scaled to metres at the line's middle latitude.
 */
export class Polyline {
  readonly points: readonly LngLat[];
  private readonly index: Flatbush | null;
  private readonly kx: number;
  private readonly ky: number;
  private readonly cosMid: number;

  constructor(points: readonly LngLat[]) {
    if (points.length === 0) throw new Error('A polyline needs at least one point');
    this.points = points;
    let minLat = Infinity;
    let maxLat = -Infinity;
    for (const p of points) {
      if (p[1] < minLat) minLat = p[1];
      if (p[1] > maxLat) maxLat = p[1];
    }
    const ruler = new CheapRuler((minLat + maxLat) / 2, 'meters');
    this.kx = ruler.kx;
    this.ky = ruler.ky;
    this.cosMid = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
    const segments = points.length - 1;
    if (segments < INDEX_FROM_SEGMENTS) {
      this.index = null;
      return;
    }
    this.index = new Flatbush(segments);
    for (let i = 0; i < segments; i++) {
      const a = points[i]!;
      const b = points[i + 1]!;
      const ax = a[0] * this.kx;
      const ay = a[1] * this.ky;
      const bx = b[0] * this.kx;
      const by = b[1] * this.ky;
      this.index.add(Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by));
    }
    this.index.finish();
  }

  /**
   * Distances are measured with a ruler at the point's latitude, the plane is scaled at the line's
   * middle one: how much larger a plane distance may be than the measured one, with a margin.
   */
  private slack(lat: number): number {
    return Math.max(1, this.cosMid / Math.max(Math.cos((lat * Math.PI) / 180), 1e-6)) * 1.01;
  }

  private segmentDistanceM(i: number, p: LngLat): number {
    const a = this.points[i]!;
    const b = this.points[i + 1] ?? a;
    return rulerAt(p[1]).pointToSegmentDistance(p, a, b);
  }

  /** Shortest distance from a point to the line, metres. */
  distanceM(p: LngLat): number {
    const segments = Math.max(1, this.points.length - 1);
    if (!this.index) {
      let best = Infinity;
      for (let i = 0; i < segments; i++) best = Math.min(best, this.segmentDistanceM(i, p));
      return best;
    }
    // The segment whose box is nearest bounds the answer; every segment that could beat it has its
    // box within that bound (boxes never lie further than their segment), so one box search finishes.
    const x = p[0] * this.kx;
    const y = p[1] * this.ky;
    const [first] = this.index.neighbors(x, y, 1);
    let best = this.segmentDistanceM(first!, p);
    const r = best * this.slack(p[1]) + 1;
    for (const i of this.index.search(x - r, y - r, x + r, y + r))
      best = Math.min(best, this.segmentDistanceM(i, p));
    return best;
  }

  /** Whether a point lies within `m` metres of the line (a corridor of width 2m). */
  within(p: LngLat, m: number): boolean {
    if (!this.index) return this.distanceM(p) <= m;
    const x = p[0] * this.kx;
    const y = p[1] * this.ky;
    const r = m * this.slack(p[1]) + 1;
    return this.index.collides(x - r, y - r, x + r, y + r, (i) => this.segmentDistanceM(i, p) <= m);
  }

  lengthKm(): number {
    return lineLengthKm(this.points);
  }
}
