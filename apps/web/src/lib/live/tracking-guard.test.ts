import { trackingItem, trackingPatch } from '@pantau/contracts';
import { describe, expect, it } from 'vitest';
import { item } from './live-store.test';
import {
  CHECKED_FIELDS,
  isTrackingItem,
  isTrackingPatch,
  trackingItemsOf,
  trackingListOf,
  trackingPatchesOf,
} from './tracking-guard';

describe('tracking guard', () => {
  it('checks exactly the contract fields', () => {
    expect([...CHECKED_FIELDS].sort()).toEqual(Object.keys(trackingItem.shape).sort());
  });

  it('agrees with the contract schema', () => {
    const good = [
      item(1),
      item(2, { lat: null, lon: null, course: null, ignition: null, fixTime: null }),
      item(3, { driver: { pengemudiId: 4, name: 'Agus' }, location: 'Tol', odometer: 12, speedLimit: null }),
      item(4, { place: { kind: 'near', name: 'Cikarang', distanceKm: 3, km: null } }),
      item(5, { place: null, location: null }),
    ];
    const bad = [
      null,
      'x',
      { ...item(1), kendaraanId: 1.5 },
      { ...item(1), lat: '6' },
      { ...item(1), motion: 'flying' },
      { ...item(1), vehicleClass: 'BUS' },
      { ...item(1), gpsStatus: 'maybe' },
      { ...item(1), driver: { name: 'x' } },
      { ...item(1), speed: Number.NaN },
      { ...item(1), place: { kind: 'inside', name: 'x', distanceKm: null, km: null } },
      { ...item(1), place: { kind: 'at', distanceKm: null, km: null } },
      (({ odometer: _, ...rest }) => rest)(item(1)),
    ];
    for (const v of good)
      expect([isTrackingItem(v), trackingItem.safeParse(v).success]).toEqual([true, true]);
    for (const v of bad)
      expect([isTrackingItem(v), trackingItem.safeParse(v).success]).toEqual([false, false]);
  });

  it('drops bad items from a batch and rejects what is not a list', () => {
    const a = [item(1), item(2)];
    expect(trackingItemsOf(a)).toBe(a);
    expect(trackingItemsOf([item(1), { kendaraanId: 'x' }, item(3)])?.map((v) => v.kendaraanId)).toEqual([
      1, 3,
    ]);
    expect(trackingItemsOf({})).toBeNull();
    expect(trackingListOf({ count: 2, results: a })).toEqual({ count: 2, results: a });
    expect(trackingListOf({ count: -1, results: a })).toBeNull();
    expect(trackingListOf([])).toBeNull();
  });

  it('checks a change as the contract does: an id and any valid fields', () => {
    const good = [
      { kendaraanId: 1 },
      { kendaraanId: 1, lat: -6.3, lon: 106.9, fixTime: '2026-11-21T01:00:05.000Z' },
      { kendaraanId: 1, driver: null, place: { kind: 'road', name: 'Tol', distanceKm: null, km: 30 } },
      item(2),
    ];
    const bad = [
      null,
      { lat: 1 },
      { kendaraanId: 1.5 },
      { kendaraanId: 1, lat: '6' },
      { kendaraanId: 1, motion: 'flying' },
      { kendaraanId: 1, driver: { name: 'x' } },
      { kendaraanId: 1, speed: null },
    ];
    for (const v of good)
      expect([isTrackingPatch(v), trackingPatch.safeParse(v).success]).toEqual([true, true]);
    for (const v of bad)
      expect([isTrackingPatch(v), trackingPatch.safeParse(v).success]).toEqual([false, false]);
    expect(trackingPatchesOf([{ kendaraanId: 1 }, { kendaraanId: 'x' }])).toEqual([{ kendaraanId: 1 }]);
    expect(trackingPatchesOf('x')).toBeNull();
  });
});
