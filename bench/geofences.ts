// Geometry figures for the geofence checks on every fix: `node --import tsx bench/geofences.ts`.
// Builds a unit's index of 10,000 geofences (circles, polygons with a hole, corridors) spread over
// western Java, then times point lookups, corridor distance on a 10,000-point route, and the
// self-crossing check of a 10,000-point polygon. Prints one JSON line.
import type { LngLat } from '@pantau/contracts';
import { createRandom } from '../apps/server/src/db/seed/prng.js';
import { GeofenceIndex, type IndexedGeofence } from '../apps/server/src/geo/geofence-index.js';
import { findCrossing } from '../apps/server/src/geo/polygon.js';
import { Polyline } from '../apps/server/src/geo/polyline.js';
import type { GeofenceShape } from '../apps/server/src/geo/shapes.js';

const rnd = createRandom(7);
const square = (x: number, y: number, h: number): LngLat[] => [
  [x - h, y - h],
  [x + h, y - h],
  [x + h, y + h],
  [x - h, y + h],
  [x - h, y - h],
];
const items: IndexedGeofence<number>[] = Array.from({ length: 10_000 }, (_, id) => {
  const x = 106 + rnd.next() * 4;
  const y = -7.5 + rnd.next() * 2;
  const s = 0.002 + rnd.next() * 0.01;
  let shape: GeofenceShape;
  if (id % 3 === 0) shape = { type: 'circle', center: [x, y], radiusM: 100 + rnd.next() * 900 };
  else if (id % 3 === 1) shape = { type: 'polygon', rings: [square(x, y, s), square(x, y, s / 4)] };
  else
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
const points: LngLat[] = Array.from({ length: 200_000 }, () => [106 + rnd.next() * 4, -7.5 + rnd.next() * 2]);

const best = (runs: number, f: () => void) => {
  let min = Infinity;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    f();
    min = Math.min(min, performance.now() - t);
  }
  return min;
};

let index = new GeofenceIndex(items);
const buildMs = best(10, () => (index = new GeofenceIndex(items)));
let hits = 0;
const lookupMs = best(5, () => {
  hits = 0;
  for (const p of points) hits += index.containing(p).length;
});

const route = new Polyline(
  Array.from({ length: 10_000 }, (_, i): LngLat => [107.1 + i * 0.0009, -6.3 + 0.01 * Math.sin(i / 40)]),
);
const near = points.map(([x, y]): LngLat => [107.1 + ((x - 106) / 4) * 9, -6.3 + (y + 6.5) * 0.01]);
const corridorMs = best(5, () => {
  for (const p of near) route.within(p, 500);
});
const distanceMs = best(5, () => {
  for (const p of near) route.distanceM(p);
});

const ring: LngLat[] = Array.from({ length: 10_000 }, (_, i) => {
  const a = (i / 10_000) * 2 * Math.PI;
  const r = 0.01 * (1 + 0.05 * Math.sin(7 * a));
  return [107 + r * Math.cos(a), -6.3 + r * Math.sin(a)];
});
ring.push(ring[0]!);
const crossingMs = best(10, () => findCrossing([ring]));

const us = (ms: number, n: number) => Number(((ms * 1000) / n).toFixed(2));
console.log(
  JSON.stringify({
    geofences: items.length,
    indexBuildMs: Number(buildMs.toFixed(1)),
    lookupUs: us(lookupMs, points.length),
    hitsPerLookup: Number((hits / points.length).toFixed(3)),
    corridorWithinUs: us(corridorMs, near.length),
    routeDistanceUs: us(distanceMs, near.length),
    selfCrossing10kMs: Number(crossingMs.toFixed(1)),
  }),
);
