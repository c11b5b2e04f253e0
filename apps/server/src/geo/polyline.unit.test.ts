import type { LngLat } from '@pantau/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineLengthKm, Polyline, rulerAt } from './polyline.js';

/** A wiggly road of `n` points eastwards from Cikarang, about 100 m apart. */
const road = (n: number): LngLat[] =>
  Array.from({ length: n }, (_, i): LngLat => [107.1 + i * 0.0009, -6.3 + 0.01 * Math.sin(i / 40)]);

const bruteForce = (line: readonly LngLat[], p: LngLat) => {
  let best = Infinity;
  for (let i = 0; i + 1 < line.length; i++)
    best = Math.min(best, rulerAt(p[1]).pointToSegmentDistance(p, line[i]!, line[i + 1]!));
  return best;
};

describe('polyline distance', () => {
  it('measures a point beside a short line in metres', () => {
    const line = new Polyline([
      [107, -6.3],
      [107.01, -6.3],
    ]);
    // 0.001° of latitude is about 110.6 m near 6° S.
    expect(line.distanceM([107.005, -6.301])).toBeCloseTo(110.6, 0);
    expect(line.within([107.005, -6.301], 111)).toBe(true);
    expect(line.within([107.005, -6.301], 110)).toBe(false);
    expect(line.distanceM([107, -6.3])).toBe(0);
  });

  it('gives the exact distance to a long indexed line, near and far', () => {
    const points = road(3000);
    const line = new Polyline(points);
    fc.assert(
      fc.property(
        fc.double({ min: 106.9, max: 110, noNaN: true }),
        fc.double({ min: -7.5, max: -5.5, noNaN: true }),
        (lng, lat) => {
          const p: LngLat = [lng, lat];
          const expected = bruteForce(points, p);
          expect(line.distanceM(p)).toBeCloseTo(expected, 6);
          expect(line.within(p, 500)).toBe(expected <= 500);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('measures its length', () => {
    // 0.001° of longitude is about 110.6 m at 6.3° S.
    expect(
      lineLengthKm([
        [107, -6.3],
        [107.001, -6.3],
      ]),
    ).toBeCloseTo(0.1106, 3);
    expect(new Polyline(road(1001)).lengthKm()).toBeGreaterThan(99);
    expect(lineLengthKm([])).toBe(0);
  });

  it('answers for a long route in microseconds', () => {
    const line = new Polyline(road(10_000));
    const n = 20_000;
    const started = performance.now();
    let inside = 0;
    for (let i = 0; i < n; i++)
      if (line.within([107.1 + (i % 1000) * 0.009, -6.3 + (i % 7) * 0.001], 500)) inside++;
    const perCallUs = ((performance.now() - started) * 1000) / n;
    console.info(`Polyline.within, 10,000-point route: ${perCallUs.toFixed(2)} µs a call (${inside} inside)`);
    expect(inside).toBeGreaterThan(0);
  });
});
