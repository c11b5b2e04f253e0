import type { LngLat } from '@pantau/contracts';
import { describe, expect, it } from 'vitest';
import { findCrossing, pointInPolygon, segmentsIntersect } from './polygon.js';

const close = (points: LngLat[]): LngLat[] => [...points, points[0]!];
const square = close([
  [0, 0],
  [10, 0],
  [10, 10],
  [0, 10],
]);
const hole = close([
  [4, 4],
  [6, 4],
  [6, 6],
  [4, 6],
]);

/** A ring of `n` points around (107, -6.3), radius ~1 km, wobbling so no three points are collinear. */
function bigRing(n: number): LngLat[] {
  return close(
    Array.from({ length: n }, (_, i): LngLat => {
      const a = (i / n) * 2 * Math.PI;
      const r = 0.01 * (1 + 0.05 * Math.sin(7 * a));
      return [107 + r * Math.cos(a), -6.3 + r * Math.sin(a)];
    }),
  );
}

describe('point in polygon', () => {
  it('is inside the outline and outside its holes', () => {
    expect(pointInPolygon([square], 5, 5)).toBe(true);
    expect(pointInPolygon([square, hole], 5, 5)).toBe(false);
    expect(pointInPolygon([square, hole], 2, 5)).toBe(true);
    expect(pointInPolygon([square, hole], 11, 5)).toBe(false);
    expect(pointInPolygon([square], -0.0001, 5)).toBe(false);
  });
});

describe('crossing edges', () => {
  it('finds none in simple polygons, with or without a hole', () => {
    expect(findCrossing([square])).toBeNull();
    expect(findCrossing([square, hole])).toBeNull();
    // A straight corner point (three collinear points in a row) is not a crossing.
    expect(
      findCrossing([
        close([
          [0, 0],
          [5, 0],
          [10, 0],
          [10, 10],
          [0, 10],
        ]),
      ]),
    ).toBeNull();
  });

  it('finds a bow tie and says where', () => {
    const bowTie = close([
      [0, 0],
      [10, 10],
      [10, 0],
      [0, 10],
    ]);
    expect(findCrossing([bowTie])).toEqual({ ring: 0, otherRing: 0, at: [5, 5] });
  });

  it('finds a ring that folds back over itself, and a pinched figure eight', () => {
    expect(
      findCrossing([
        close([
          [0, 0],
          [10, 0],
          [5, 0],
          [5, 5],
        ]),
      ]),
    ).not.toBeNull();
    expect(
      findCrossing([
        close([
          [0, 0],
          [5, 5],
          [10, 0],
          [10, 10],
          [5, 5],
          [0, 10],
        ]),
      ]),
    ).not.toBeNull();
    // Three points on one line enclose nothing.
    expect(
      findCrossing([
        close([
          [0, 0],
          [10, 0],
          [5, 0],
        ]),
      ]),
    ).not.toBeNull();
  });

  it('finds a hole crossing the outline', () => {
    const sticking = close([
      [8, 4],
      [12, 4],
      [12, 6],
      [8, 6],
    ]);
    expect(findCrossing([square, sticking])).toMatchObject({ ring: 0, otherRing: 1 });
  });

  it('checks 10,000 points in milliseconds', () => {
    const ring = bigRing(10_000);
    let started = performance.now();
    expect(findCrossing([ring])).toBeNull();
    const simpleMs = performance.now() - started;
    // Swap two neighbouring points half way round: one small twist among 10,000 edges.
    const twisted = [...ring];
    [twisted[5000], twisted[5001]] = [twisted[5001]!, twisted[5000]!];
    started = performance.now();
    expect(findCrossing([twisted])).not.toBeNull();
    const twistedMs = performance.now() - started;
    console.info(
      `findCrossing, 10,000 points: simple ${simpleMs.toFixed(1)} ms, twisted ${twistedMs.toFixed(1)} ms`,
    );
  });

  it('tells touching from apart segments', () => {
    expect(segmentsIntersect([0, 0], [2, 2], [0, 2], [2, 0])).toBe(true);
    expect(segmentsIntersect([0, 0], [1, 1], [1, 1], [2, 0])).toBe(true);
    expect(segmentsIntersect([0, 0], [1, 0], [2, 0], [3, 0])).toBe(false);
    expect(segmentsIntersect([0, 0], [1, 0], [0, 1], [1, 1])).toBe(false);
  });
});
