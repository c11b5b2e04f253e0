import type { LngLat } from '@pantau/contracts';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../db/seed/prng.js';
import { GeofenceIndex, type IndexedGeofence } from './geofence-index.js';
import { Polyline } from './polyline.js';
import { containsPoint, type GeofenceShape } from './shapes.js';

/** `n` geofences over western Java: a third each circles, squares with a hole, and short corridors. */
function geofences(n: number, seed = 7): IndexedGeofence<number>[] {
  const rnd = createRandom(seed);
  return Array.from({ length: n }, (_, id) => {
    const x = 106 + rnd.next() * 4;
    const y = -7.5 + rnd.next() * 2;
    const s = 0.002 + rnd.next() * 0.01;
    let shape: GeofenceShape;
    if (id % 3 === 0) shape = { type: 'circle', center: [x, y], radiusM: 100 + rnd.next() * 900 };
    else if (id % 3 === 1) {
      const sq = (h: number): LngLat[] => [
        [x - h, y - h],
        [x + h, y - h],
        [x + h, y + h],
        [x - h, y + h],
        [x - h, y - h],
      ];
      shape = { type: 'polygon', rings: [sq(s), sq(s / 4)] };
    } else
      shape = {
        type: 'corridor',
        line: new Polyline([
          [x, y],
          [x + s * 3, y + s],
          [x + s * 6, y - s],
        ]),
        halfWidthM: 250,
      };
    return { value: id, shape };
  });
}

const randomPoints = (n: number, seed = 11): LngLat[] => {
  const rnd = createRandom(seed);
  return Array.from({ length: n }, () => [106 + rnd.next() * 4, -7.5 + rnd.next() * 2]);
};

describe('geofence index', () => {
  it('finds exactly the geofences that hold a point', () => {
    const items = geofences(3000);
    const index = new GeofenceIndex(items);
    let hits = 0;
    // Points near the geofences' centres hit often; random ones rarely.
    const near = items.slice(0, 500).map((g) => (g.shape.type === 'circle' ? g.shape.center : null));
    for (const p of [...randomPoints(800), ...near.filter((p): p is LngLat => p !== null)]) {
      const expected = items.filter((g) => containsPoint(g.shape, p)).map((g) => g.value);
      expect(index.containing(p)).toEqual(expected);
      expect(index.anyContaining(p)).toBe(expected.length > 0);
      hits += expected.length;
    }
    expect(hits).toBeGreaterThan(150);
  });

  it('is empty without geofences, and filters', () => {
    expect(new GeofenceIndex<number>([]).containing([107, -6])).toEqual([]);
    const index = new GeofenceIndex([
      { value: 1, shape: { type: 'circle', center: [107, -6], radiusM: 50 } },
    ]);
    expect(index.anyContaining([107, -6], (v) => v === 2)).toBe(false);
    expect(index.anyContaining([107, -6], (v) => v === 1)).toBe(true);
  });

  it('looks a point up among 10,000 geofences in microseconds', () => {
    let started = performance.now();
    const index = new GeofenceIndex(geofences(10_000));
    const buildMs = performance.now() - started;
    const points = randomPoints(100_000, 3);
    for (let i = 0; i < 10_000; i++) index.containing(points[i]!); // warm up
    started = performance.now();
    let found = 0;
    for (const p of points) found += index.containing(p).length;
    const perLookupUs = ((performance.now() - started) * 1000) / points.length;
    console.info(
      `GeofenceIndex, 10,000 geofences: built in ${buildMs.toFixed(1)} ms, ${perLookupUs.toFixed(2)} µs a lookup (${found} hits in ${points.length})`,
    );
    expect(index.size).toBe(10_000);
  });
});
