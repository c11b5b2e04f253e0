import type { TrackingItem } from '@pantau/contracts';

/** A tracking item for tests: a moving car carrier in Jakarta unless told otherwise. */
export function testVehicle(kendaraanId: number, over: Partial<TrackingItem> = {}): TrackingItem {
  return {
    kendaraanId,
    nomorPolisi: `B ${9000 + kendaraanId} UEY`,
    nomorKendaraan: `CC-${String(kendaraanId).padStart(3, '0')}`,
    vehicleClass: 'CC',
    lat: -6.2,
    lon: 106.8,
    speed: 40,
    course: 90,
    ignition: true,
    fixTime: '2026-11-22T04:00:00.000Z',
    gpsStatus: 'on',
    motion: 'moving',
    speedLimit: 80,
    driver: { pengemudiId: 7, name: 'Budi Santoso' },
    location: 'Tol Jakarta–Cikampek KM ~20',
    place: { kind: 'road', name: 'Tol Jakarta–Cikampek', distanceKm: null, km: 20 },
    todayDistanceKm: 120.5,
    todayEngineHours: 3.25,
    odometer: 100_000,
    ...over,
  };
}
