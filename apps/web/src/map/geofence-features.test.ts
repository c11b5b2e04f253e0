import type { GeofenceRow } from '@pantau/contracts';
import { describe, expect, it } from 'vitest';
import {
  circleRing,
  distanceM,
  geofenceCollection,
  geofenceContains,
  widthPxAtZoom0,
} from './geofence-features';

const base: Omit<GeofenceRow, 'polygonType' | 'geometry' | 'center' | 'radius' | 'width' | 'boundary'> = {
  polygonId: 1,
  unitId: 1,
  polyIndex: 0,
  pantauPoiId: null,
  polygonCode: 'P1',
  polygonName: 'Pool Cibitung',
  notes: null,
  category: 'pool',
  icon: null,
  color: null,
  notifyEnter: false,
  notifyExit: false,
  aktif: true,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};
const square: GeofenceRow = {
  ...base,
  polygonType: 'polygon',
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [107, -6.3],
        [107.01, -6.3],
        [107.01, -6.29],
        [107, -6.29],
        [107, -6.3],
      ],
    ],
  },
  center: [107.005, -6.295],
  radius: null,
  width: null,
  boundary: [107, -6.3, 107.01, -6.29],
};
const circle: GeofenceRow = {
  ...base,
  polygonId: 2,
  polygonType: 'circle',
  geometry: { type: 'Point', coordinates: [107, -6.3] },
  center: [107, -6.3],
  radius: 200,
  width: null,
  boundary: [106.998, -6.302, 107.002, -6.298],
};
const corridor: GeofenceRow = {
  ...base,
  polygonId: 3,
  polygonType: 'corridor',
  geometry: {
    type: 'LineString',
    coordinates: [
      [107, -6.3],
      [107.1, -6.3],
    ],
  },
  center: [107.05, -6.3],
  radius: null,
  width: 1000,
  boundary: [107, -6.305, 107.1, -6.295],
};

describe('geofence shapes on the map', () => {
  it('draws a circle as a closed ring at its radius', () => {
    const ring = circleRing([107, -6.3], 200);
    expect(ring).toHaveLength(65);
    expect(ring[0]).toEqual(ring[64]);
    for (const p of ring) expect(distanceM([107, -6.3], p)).toBeCloseTo(200, 0);
  });

  it('gives a corridor its true width in pixels (about 0.0128 px at zoom 0 for 1 km on the equator)', () => {
    expect(widthPxAtZoom0(1000, 0)).toBeCloseTo(1000 / 78271.5, 5);
    expect(widthPxAtZoom0(1000, 60)).toBeCloseTo((2 * 1000) / 78271.5, 5);
  });

  it('makes a shape and a label point per geofence, a circle as a polygon and a corridor as a line', () => {
    const { features } = geofenceCollection([square, circle, corridor]);
    expect(features.map((f) => f.geometry.type)).toEqual([
      'Polygon',
      'Point',
      'Polygon',
      'Point',
      'LineString',
      'Point',
    ]);
    expect(features[4]!.properties!.widthPx0).toBeGreaterThan(0);
    expect(features[0]!.properties!.color).toBe('#1677ff');
  });

  it.each([
    ['polygon, inside', square, [107.005, -6.295], true],
    ['polygon, outside', square, [107.02, -6.295], false],
    ['circle, 150 m from the centre', circle, [107 + 150 / 110_600, -6.3], true],
    ['circle, 250 m from the centre', circle, [107 + 250 / 110_600, -6.3], false],
    ['corridor, 400 m off the line', corridor, [107.05, -6.3 + 400 / 110_574], true],
    ['corridor, 600 m off the line', corridor, [107.05, -6.3 + 600 / 110_574], false],
  ] as const)('tells who is inside: %s', (_, g, point, inside) => {
    expect(geofenceContains(g, [point[0], point[1]])).toBe(inside);
  });
});
