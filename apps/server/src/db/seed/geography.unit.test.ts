import type { LngLat } from '@pantau/contracts';
import { describe, expect, it } from 'vitest';
import { checkGeofence } from '../../geo/validate.js';
import { roadNodes } from '../../simulator/road-network.js';
import { parkingSlot } from '../../simulator/pools.js';
import { GeofenceIndex } from '../../geo/geofence-index.js';
import { toShape } from '../../geo/shapes.js';
import { demoGeofences, demoRouteInput, demoRoutes } from './geography.js';

const checked = demoGeofences().map((draft) => {
  const check = checkGeofence(draft);
  if (!check.ok) throw new Error(JSON.stringify(check.errors));
  return check;
});
const index = new GeofenceIndex(
  checked.map(({ value, stored }) => ({
    value,
    shape: toShape({ ...stored, polygonType: value.polygonType }),
  })),
);

describe('demo geography', () => {
  it('seeds every real site once, each a valid geofence with its own code', () => {
    const codes = checked.map((c) => c.value.polygonCode);
    expect(new Set(codes).size).toBe(codes.length);
    const byCategory: Record<string, number> = {};
    for (const c of checked) byCategory[c.value.category] = (byCategory[c.value.category] ?? 0) + 1;
    expect(byCategory).toEqual({
      plant: 11,
      port: 4,
      base: 1,
      dealer: 8,
      pool: 3,
      rest_area: 3,
    });
    expect(checked.find((c) => c.value.polygonCode === 'POOL-CIBITUNG')?.value.polygonType).toBe('polygon');
    expect(checked.find((c) => c.value.polygonCode === 'DEALER-BANDUNG')?.value).toMatchObject({
      polygonType: 'circle',
      radius: 200,
      notifyEnter: true,
    });
  });

  it('puts every place the simulator stops at inside a geofence, and every yard slot inside its pool', () => {
    for (const n of roadNodes.filter((n) => n.kind !== 'road'))
      expect(index.containing([n.lon, n.lat]).length, n.name).toBeGreaterThan(0);
    for (const n of roadNodes.filter((n) => n.kind === 'pool'))
      for (let slot = 0; slot < 24; slot++) {
        const p = parkingSlot(n, slot);
        const inside = index.containing([p.lon, p.lat] as LngLat).map((g) => g.category);
        expect(inside).toContain('pool');
      }
  });

  it('runs each demo route between its geofences along the simulator’s roads', () => {
    for (const route of demoRoutes) {
      const { input, originCode, destinationCode } = demoRouteInput(route);
      expect(originCode, route.code).not.toBeNull();
      expect(destinationCode, route.code).not.toBeNull();
      expect(input.path?.coordinates.length).toBeGreaterThan(2);
    }
    expect(demoRouteInput(demoRoutes.find((r) => r.code === 'GIIC-BDG')!)).toMatchObject({
      originCode: 'KAWASAN-GIIC',
      destinationCode: 'DEALER-BANDUNG',
    });
  });
});
