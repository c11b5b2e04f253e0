import { placeKinds, trackingItem, vehicleMotions, type TrackingItem } from '@pantau/contracts';

/**
 * A cheap check that a value has the contract's `TrackingItem` shape (`trackingItem` in
 * @pantau/contracts stays the source of truth; tracking-guard.test.ts keeps the two in step).
 * Zod would parse 10,000 items a second into fresh copies (~100 ms on the main thread at 10,000
 * vehicles); these `typeof` checks take a few milliseconds and keep the parsed objects as they are.
 * Unknown extra fields are left on the object (zod would strip them); nothing reads them.
 */
const MOTIONS = new Set<string>(vehicleMotions);
const CLASSES = new Set<string>(trackingItem.shape.vehicleClass.options);

const num = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
const numOrNull = (v: unknown) => v === null || num(v);
const strOrNull = (v: unknown) => v === null || typeof v === 'string';
const int = (v: unknown) => Number.isInteger(v);
const PLACE_KINDS = new Set<string>(placeKinds);
const placeOrNull = (v: unknown) => {
  if (v === null) return true;
  if (typeof v !== 'object' || v === undefined) return false;
  const p = v as Record<string, unknown>;
  return (
    PLACE_KINDS.has(p.kind as string) &&
    typeof p.name === 'string' &&
    numOrNull(p.distanceKm) &&
    numOrNull(p.km)
  );
};

/** The fields checked, in the contract's order (the test compares it with `trackingItem.shape`). */
export const CHECKED_FIELDS = [
  'kendaraanId',
  'nomorPolisi',
  'nomorKendaraan',
  'vehicleClass',
  'lat',
  'lon',
  'speed',
  'course',
  'ignition',
  'fixTime',
  'gpsStatus',
  'motion',
  'speedLimit',
  'driver',
  'location',
  'place',
  'todayDistanceKm',
  'todayEngineHours',
  'odometer',
] as const;

export function isTrackingItem(value: unknown): value is TrackingItem {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const driver = v.driver as Record<string, unknown> | null | undefined;
  return (
    int(v.kendaraanId) &&
    typeof v.nomorPolisi === 'string' &&
    typeof v.nomorKendaraan === 'string' &&
    CLASSES.has(v.vehicleClass as string) &&
    numOrNull(v.lat) &&
    numOrNull(v.lon) &&
    num(v.speed) &&
    numOrNull(v.course) &&
    (v.ignition === null || typeof v.ignition === 'boolean') &&
    strOrNull(v.fixTime) &&
    (v.gpsStatus === 'on' || v.gpsStatus === 'off') &&
    MOTIONS.has(v.motion as string) &&
    numOrNull(v.speedLimit) &&
    (driver === null ||
      (typeof driver === 'object' &&
        driver !== undefined &&
        int(driver.pengemudiId) &&
        typeof driver.name === 'string')) &&
    strOrNull(v.location) &&
    placeOrNull(v.place) &&
    num(v.todayDistanceKm) &&
    num(v.todayEngineHours) &&
    numOrNull(v.odometer)
  );
}

/** Keeps the items that pass `isTrackingItem` (a bad item is dropped, not the whole batch). */
export function trackingItemsOf(value: unknown): TrackingItem[] | null {
  if (!Array.isArray(value)) return null;
  for (let i = 0; i < value.length; i += 1)
    if (!isTrackingItem(value[i])) return (value as unknown[]).filter(isTrackingItem);
  return value as TrackingItem[];
}

/** `{ count, results }` of `GET /api/tracking`, or null. */
export function trackingListOf(value: unknown): { count: number; results: TrackingItem[] } | null {
  if (typeof value !== 'object' || value === null) return null;
  const { count, results } = value as { count?: unknown; results?: unknown };
  if (!int(count) || (count as number) < 0) return null;
  const items = trackingItemsOf(results);
  return items ? { count: count as number, results: items } : null;
}
