import {
  placeKinds,
  trackingItem,
  vehicleMotions,
  type TrackingItem,
  type TrackingPatch,
} from '@pantau/contracts';

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

const driverOrNull = (v: unknown) => {
  if (v === null) return true;
  if (typeof v !== 'object' || v === undefined) return false;
  const d = v as Record<string, unknown>;
  return int(d.pengemudiId) && typeof d.name === 'string';
};

/** Each contract field's check, in the contract's order (the test compares it with `trackingItem.shape`). */
const FIELD_CHECKS = {
  kendaraanId: int,
  nomorPolisi: (v: unknown) => typeof v === 'string',
  nomorKendaraan: (v: unknown) => typeof v === 'string',
  vehicleClass: (v: unknown) => CLASSES.has(v as string),
  lat: numOrNull,
  lon: numOrNull,
  speed: num,
  course: numOrNull,
  ignition: (v: unknown) => v === null || typeof v === 'boolean',
  fixTime: strOrNull,
  gpsStatus: (v: unknown) => v === 'on' || v === 'off',
  motion: (v: unknown) => MOTIONS.has(v as string),
  speedLimit: numOrNull,
  driver: driverOrNull,
  location: strOrNull,
  place: placeOrNull,
  todayDistanceKm: num,
  todayEngineHours: num,
  odometer: numOrNull,
} satisfies Record<keyof TrackingItem, (v: unknown) => boolean>;

type Field = keyof typeof FIELD_CHECKS;
export const CHECKED_FIELDS = Object.keys(FIELD_CHECKS) as Field[];

export function isTrackingItem(value: unknown): value is TrackingItem {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  for (const field of CHECKED_FIELDS) if (!FIELD_CHECKS[field](v[field])) return false;
  return true;
}

/**
 * A `moves` entry (`trackingPatch`): a vehicle id and any of the other fields, each valid. Fields the
 * contract does not name are left on it, as on an item.
 */
export function isTrackingPatch(value: unknown): value is TrackingPatch {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (!int(v.kendaraanId)) return false;
  for (const key in v) {
    if (!Object.hasOwn(FIELD_CHECKS, key)) continue;
    if (!FIELD_CHECKS[key as Field](v[key])) return false;
  }
  return true;
}

/** Keeps the patches that pass `isTrackingPatch` (a bad one is dropped, not the whole batch). */
export function trackingPatchesOf(value: unknown): TrackingPatch[] | null {
  if (!Array.isArray(value)) return null;
  for (let i = 0; i < value.length; i += 1)
    if (!isTrackingPatch(value[i])) return (value as unknown[]).filter(isTrackingPatch);
  return value as TrackingPatch[];
}

/** Keeps the items that pass `isTrackingItem` (a bad item is dropped, not the whole batch). */
export function trackingItemsOf(value: unknown): TrackingItem[] | null {
  if (!Array.isArray(value)) return null;
  for (let i = 0; i < value.length; i += 1)
    if (!isTrackingItem(value[i])) return (value as unknown[]).filter(isTrackingItem);
  return value as TrackingItem[];
}

/** `{ count, results, snapshot? }` of `GET /api/tracking`, or null. */
export function trackingListOf(
  value: unknown,
): { count: number; results: TrackingItem[]; snapshot?: string } | null {
  if (typeof value !== 'object' || value === null) return null;
  const { count, results, snapshot } = value as { count?: unknown; results?: unknown; snapshot?: unknown };
  if (!int(count) || (count as number) < 0) return null;
  const items = trackingItemsOf(results);
  if (!items) return null;
  return typeof snapshot === 'string'
    ? { count: count as number, results: items, snapshot }
    : { count: count as number, results: items };
}
