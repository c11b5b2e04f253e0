import { describe, expect, it } from 'vitest';
import type { TrackingItem } from '@pantau/contracts';
import { patchOf, patchesOf } from './live-changes.js';

const item = (over: Partial<TrackingItem> = {}): TrackingItem => ({
  kendaraanId: 7,
  nomorPolisi: 'B 9007 UEY',
  nomorKendaraan: 'CC-7',
  vehicleClass: 'CC',
  lat: -6.2,
  lon: 106.8,
  speed: 40,
  course: 90,
  ignition: true,
  fixTime: '2026-12-05T01:00:00.000Z',
  gpsStatus: 'on',
  motion: 'moving',
  speedLimit: 80,
  driver: { pengemudiId: 3, name: 'Agus' },
  location: 'near Cikarang, 3 km',
  place: { kind: 'near', name: 'Cikarang', distanceKm: 3, km: null },
  todayDistanceKm: 10,
  todayEngineHours: 1,
  odometer: 1000,
  ...over,
});

describe('live changes', () => {
  it('keeps the id and the fields whose value changed, comparing driver and place by their fields', () => {
    const before = item();
    const after = item({
      lat: -6.21,
      fixTime: '2026-12-05T01:00:01.000Z',
      driver: { pengemudiId: 3, name: 'Agus' },
      place: { kind: 'near', name: 'Cikarang', distanceKm: 2.9, km: null },
    });
    expect(patchOf(after, before)).toEqual({
      kendaraanId: 7,
      lat: -6.21,
      fixTime: '2026-12-05T01:00:01.000Z',
      place: { kind: 'near', name: 'Cikarang', distanceKm: 2.9, km: null },
    });
    expect(patchOf(item({ driver: null, odometer: null }), before)).toEqual({
      kendaraanId: 7,
      driver: null,
      odometer: null,
    });
  });

  it('answers the whole item without an earlier one, and nothing when nothing changed', () => {
    expect(patchOf(item(), undefined)).toEqual(item());
    expect(patchOf(item(), item())).toBeNull();
    const sent = new Map([[7, item()]]);
    expect(patchesOf([item(), item({ kendaraanId: 8 })], sent)).toEqual([item({ kendaraanId: 8 })]);
  });
});
