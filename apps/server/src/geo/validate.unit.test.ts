import { describe, expect, it } from 'vitest';
import { checkGeofence } from './validate.js';

const polygon = (rings: number[][][]) => ({
  polygonCode: 'PLANT-KIIC',
  polygonName: 'TMMIN Karawang',
  polygonType: 'polygon',
  category: 'plant',
  geometry: { type: 'Polygon', coordinates: rings },
});
const outline = [
  [107.28, -6.37],
  [107.3, -6.37],
  [107.3, -6.35],
  [107.28, -6.35],
];

describe('geofence check', () => {
  it('accepts a simple polygon and gives what is stored', () => {
    const result = checkGeofence(polygon([outline]));
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.stored.center[0]).toBeCloseTo(107.29, 9);
      expect(result.stored.center[1]).toBeCloseTo(-6.36, 9);
      expect(result.stored.boundary).toEqual([107.28, -6.37, 107.3, -6.35]);
    }
  });

  it('refuses a self-crossing outline, naming the field and the place', () => {
    const bowTie = [outline[0]!, outline[2]!, outline[1]!, outline[3]!];
    expect(checkGeofence(polygon([bowTie]))).toEqual({
      ok: false,
      errors: [
        { path: 'geometry', message: 'The outline crosses itself near -6.36000, 107.29000 (lat, lng)' },
      ],
    });
  });

  it('refuses a hole across or outside the outline', () => {
    const across = [
      [107.29, -6.36],
      [107.31, -6.36],
      [107.31, -6.355],
    ];
    expect(checkGeofence(polygon([outline, across]))).toMatchObject({
      ok: false,
      errors: [{ path: 'geometry', message: expect.stringContaining('Hole 1 crosses the outline') }],
    });
    const outside = [
      [107.4, -6.36],
      [107.41, -6.36],
      [107.41, -6.355],
    ];
    expect(checkGeofence(polygon([outline, outside]))).toEqual({
      ok: false,
      errors: [{ path: 'geometry.coordinates.1', message: 'Hole 1 lies outside the outline' }],
    });
  });

  it('passes the contract’s own messages through', () => {
    expect(checkGeofence({ ...polygon([outline.slice(0, 2)]), polygonName: '' })).toEqual({
      ok: false,
      errors: [
        { path: 'polygonName', message: 'Name is required' },
        { path: 'geometry.coordinates.0', message: 'A polygon needs at least 3 different points' },
      ],
    });
  });
});
