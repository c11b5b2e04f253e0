import { describe, expect, it } from 'vitest';
import { sharedAsTrackingItem } from './shared-item';

const shared = {
  nomorPolisi: 'B 9471 UEY',
  nomorKendaraan: 'CC-014',
  vehicleClass: 'CC' as const,
  lat: -6.2,
  lon: 106.9,
  speed: 42,
  course: 90,
  fixTime: '2026-11-22T07:00:00.000Z',
  gpsStatus: 'on' as const,
  motion: 'moving',
  location: 'near Cikampek, 2 km',
  place: { kind: 'near' as const, name: 'Cikampek', distanceKm: 2, km: null },
  expiresAt: '2026-11-23T07:00:00.000Z',
  destination: null,
  eta: null,
};

describe('shared vehicle on the map', () => {
  it('keeps what the link shows and leaves the rest empty', () => {
    const item = sharedAsTrackingItem(shared);
    expect(item).toMatchObject({
      nomorPolisi: 'B 9471 UEY',
      lat: -6.2,
      lon: 106.9,
      speed: 42,
      motion: 'moving',
    });
    expect(item.driver).toBeNull();
    expect(item.speedLimit).toBeNull();
  });

  it('draws an unknown motion as no data', () => {
    expect(sharedAsTrackingItem({ ...shared, motion: 'teleporting' }).motion).toBe('nodata');
  });
});
