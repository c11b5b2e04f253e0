import { describe, expect, it } from 'vitest';
import { geofenceInput } from './geofences.js';
import { MAX_GEOFENCE_VERTICES, normaliseRing } from './geometry.js';
import { markerInput } from './markers.js';
import { routeInput } from './routes.js';

const square = [
  [107.09, -6.29],
  [107.1, -6.29],
  [107.1, -6.28],
  [107.09, -6.28],
];
const pool = {
  polygonCode: 'POOL-CBT',
  polygonName: 'Pool Cibitung',
  polygonType: 'polygon',
  category: 'pool',
  geometry: { type: 'Polygon', coordinates: [square] },
};

/** The issues of a failed parse as `path: message`. */
function issues(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  if (result.success) return [];
  const { issues: list } = result.error as { issues: { path: PropertyKey[]; message: string }[] };
  return list.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('geofence input', () => {
  it('accepts a polygon and closes its ring', () => {
    const parsed = geofenceInput.parse(pool);
    expect(parsed.geometry).toEqual({ type: 'Polygon', coordinates: [[...square, square[0]]] });
    expect(parsed).toMatchObject({ notifyEnter: false, notifyExit: false, aktif: true, radius: null });
  });

  it('drops an altitude and repeated points', () => {
    expect(
      normaliseRing([
        [1, 1],
        [1, 1],
        [2, 1],
        [2, 2],
        [1, 1],
      ]),
    ).toEqual([
      [1, 1],
      [2, 1],
      [2, 2],
      [1, 1],
    ]);
    const parsed = geofenceInput.parse({
      ...pool,
      geometry: { type: 'Polygon', coordinates: [square.map(([x, y]) => [x, y, 12])] },
    });
    expect(parsed.geometry?.type === 'Polygon' && parsed.geometry.coordinates[0]![0]).toEqual([
      107.09, -6.29,
    ]);
  });

  it('names the field of each bad geometry', () => {
    expect(
      issues(geofenceInput, { ...pool, geometry: { type: 'Polygon', coordinates: [square.slice(0, 2)] } }),
    ).toEqual(['geometry.coordinates.0: A polygon needs at least 3 different points']);
    expect(
      issues(geofenceInput, {
        ...pool,
        geometry: { type: 'Polygon', coordinates: [[[181, 0], ...square]] },
      }),
    ).toContain('geometry.coordinates.0.0.0: Longitude must be between -180 and 180');
    expect(
      issues(geofenceInput, {
        ...pool,
        geometry: { type: 'Polygon', coordinates: [[[0, -91], ...square]] },
      }),
    ).toContain('geometry.coordinates.0.0.1: Latitude must be between -90 and 90');
    expect(
      issues(geofenceInput, { ...pool, polygonType: 'circle', geometry: null, center: [107, -6], radius: 0 }),
    ).toEqual(['radius: Radius must be more than 0 m']);
    expect(issues(geofenceInput, { ...pool, polygonType: 'circle', geometry: null, radius: 100 })).toEqual([
      'center: A circle needs a centre',
    ]);
    expect(issues(geofenceInput, { ...pool, polygonType: 'corridor' })).toEqual([
      'geometry: A corridor needs a LineString geometry of at least 2 points',
    ]);
  });

  it('refuses more than 10,000 points', () => {
    const ring = Array.from({ length: MAX_GEOFENCE_VERTICES + 1 }, (_, i) => {
      const a = (i / (MAX_GEOFENCE_VERTICES + 1)) * 2 * Math.PI;
      return [107 + 0.01 * Math.cos(a), -6 + 0.01 * Math.sin(a)];
    });
    expect(issues(geofenceInput, { ...pool, geometry: { type: 'Polygon', coordinates: [ring] } })).toEqual([
      'geometry: At most 10,000 points',
    ]);
  });

  it('checks the code, the colour and the category', () => {
    expect(
      issues(geofenceInput, { ...pool, polygonCode: 'a b', color: 'red', category: 'mall' }).sort(),
    ).toEqual([
      'category: Choose a category',
      'color: Colour must look like #1677ff',
      'polygonCode: Code: 1–32 letters, digits, dot, dash, slash or underscore',
    ]);
  });
});

describe('marker and route input', () => {
  it('needs a name and a position', () => {
    expect(issues(markerInput, { name: ' ', position: [200, 0] }).sort()).toEqual([
      'name: Name is required',
      'position.0: Longitude must be between -180 and 180',
    ]);
    expect(markerInput.parse({ name: 'SPBU KM 57', position: [107.36, -6.39] }).icon).toBe('other');
  });

  it('keeps circle time no shorter than lead time and needs a path or two places', () => {
    expect(
      issues(routeInput, {
        code: 'A',
        name: 'KIIC → IPCC',
        leadTimeMinutes: 150,
        circleTimeMinutes: 60,
      }).sort(),
    ).toEqual([
      'circleTimeMinutes: Circle time cannot be shorter than lead time',
      'path: Draw the path, take it from a trip, or give at least two places',
    ]);
    const route = routeInput.parse({ code: 'A', name: 'x', originPolygonId: 1, destinationPolygonId: 2 });
    expect(route).toMatchObject({ corridorWidth: 1000, custom: false, path: null, waypoints: [] });
  });
});
