import { geofenceInput, type LngLat } from '@pantau/contracts';
import { describe, expect, it } from 'vitest';
import { rulerAt } from './polyline.js';
import { containsPoint, geofenceGeometry, shapeBbox, toShape } from './shapes.js';

const pool: LngLat = [107.095, -6.29];
/** The point `m` metres due north (bearing 0) or east (90) of `p`. */
const away = (p: LngLat, m: number, bearing = 0) => rulerAt(p[1]).destination(p, m, bearing);

describe('shapes', () => {
  it('holds a circle up to its radius', () => {
    const circle = toShape({
      polygonType: 'circle',
      geometry: { type: 'Point', coordinates: pool },
      center: pool,
      radius: 300,
      width: null,
    });
    expect(containsPoint(circle, away(pool, 299))).toBe(true);
    expect(containsPoint(circle, away(pool, 301))).toBe(false);
    expect(containsPoint(circle, away(pool, 299, 90))).toBe(true);
    const [minX, minY, maxX, maxY] = shapeBbox(circle);
    expect(away(pool, 300)[1]).toBeLessThanOrEqual(maxY);
    expect(away(pool, 300, 180)[1]).toBeGreaterThanOrEqual(minY);
    expect(away(pool, 300, 90)[0]).toBeLessThanOrEqual(maxX);
    expect(away(pool, 300, 270)[0]).toBeGreaterThanOrEqual(minX);
  });

  it('holds a corridor up to half its width on either side, and not past its ends', () => {
    const start: LngLat = [107.0, -6.3];
    const end: LngLat = [107.1, -6.3];
    const corridor = toShape({
      polygonType: 'corridor',
      geometry: { type: 'LineString', coordinates: [start, end] },
      center: [107.05, -6.3],
      radius: null,
      width: 1000,
    });
    const middle: LngLat = [107.05, -6.3];
    expect(containsPoint(corridor, away(middle, 499))).toBe(true);
    expect(containsPoint(corridor, away(middle, 501, 180))).toBe(false);
    expect(containsPoint(corridor, away(end, 499, 90))).toBe(true);
    expect(containsPoint(corridor, away(end, 520, 90))).toBe(false);
    expect(shapeBbox(corridor)[3]).toBeGreaterThan(away(middle, 500)[1]);
  });

  it('derives what is stored: a circle is its centre, others get a centre and a box', () => {
    const circle = geofenceGeometry(
      geofenceInput.parse({
        polygonCode: 'C',
        polygonName: 'c',
        polygonType: 'circle',
        geometry: { type: 'Point', coordinates: pool },
        radius: 200,
      }),
    );
    expect(circle).toMatchObject({ center: pool, radius: 200, width: null, geometry: { type: 'Point' } });
    const corridor = geofenceGeometry(
      geofenceInput.parse({
        polygonCode: 'K',
        polygonName: 'k',
        polygonType: 'corridor',
        radius: 5,
        geometry: {
          type: 'LineString',
          coordinates: [
            [107, -6.3],
            [107.1, -6.3],
          ],
        },
      }),
    );
    expect(corridor).toMatchObject({ center: [107.05, -6.3], radius: null, width: 1000 });
    expect(corridor.boundary[0]).toBeLessThan(107);
  });
});
