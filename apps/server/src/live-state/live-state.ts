import {
  DEFAULT_TIME_ZONE,
  localDay,
  localMidnight,
  type TrackingItem,
  type VehicleMotion,
} from '@pantau/contracts';
import type { RuleThresholds, VehicleRuleState } from '../rules/types.js';
import { placeOf, placeText } from '../places/place-names.js';

/**
 * A vehicle's live state as every reader sees it: the pipeline that advances it, the tracking reads
 * and the live channel. Nothing here writes; the pipeline (ingest/) owns the writing.
 */

/** What the pipeline knows of a registered vehicle (from `vehicles`). */
export interface VehicleInfo {
  vehicleId: number;
  unitId: number;
  trackerId: string;
  plate: string;
  hull: string;
  vehicleClass: 'CC' | 'TRUCK';
  speedLimit: number | null;
  odometer: number | null;
  /** The unit's time zone: its local midnight starts the vehicle's "today". */
  timeZone: string;
  /** The assigned driver (driver 1), or null. */
  driver: { pengemudiId: number; name: string } | null;
}

/** A vehicle's live state: its latest fix and what was derived from it (the `vehicle_state` row). */
export interface LiveState {
  fixTime: Date;
  serverTime: Date;
  lat: number;
  lon: number;
  speed: number;
  course: number | null;
  ignition: boolean | null;
  valid: boolean;
  odometerKm: number | null;
  motion: Exclude<VehicleMotion, 'nodata'>;
  gpsStatus: 'on' | 'off';
  /** Local date (YYYY-MM-DD, in the unit's zone) the today* counters belong to. */
  day: string;
  todayDistanceKm: number;
  todayEngineS: number;
  ruleState: VehicleRuleState;
}

/** The local day (YYYY-MM-DD) of an instant in the vehicle's unit's zone (WIB by default). */
export const localDayOf = (t: Date, timeZone: string = DEFAULT_TIME_ZONE): string => localDay(t, timeZone);
/** The instant local midnight of `t`'s day began, in the unit's zone. */
export const localMidnightOf = (t: Date, timeZone: string = DEFAULT_TIME_ZONE): number =>
  localMidnight(t, timeZone);

export function gpsStatusOf(fixTime: Date, now: Date, gpsLostMinutes: number): 'on' | 'off' {
  return now.getTime() - fixTime.getTime() > gpsLostMinutes * 60_000 ? 'off' : 'on';
}

export function motionOf(
  s: Pick<LiveState, 'speed' | 'ignition' | 'gpsStatus'>,
  stopSpeedKmh: number,
): LiveState['motion'] {
  if (s.gpsStatus === 'off') return 'offline';
  if (s.ignition === false) return 'stopped';
  if (s.speed >= stopSpeedKmh) return 'moving';
  return s.ignition === true ? 'idle' : 'stopped';
}

/**
 * The contract's tracking item. `today*` counters read as 0 once the local day is over; GPS status
 * is computed at `now`, so a read never shows a stale "on".
 */
export function trackingItemOf(
  v: VehicleInfo,
  s: LiveState | null,
  now: Date,
  t: Pick<RuleThresholds, 'gpsLostMinutes' | 'stopSpeedKmh'>,
): TrackingItem {
  // Built field by field (no spreads): the pipeline makes one per moved vehicle per batch.
  if (!s)
    return {
      kendaraanId: v.vehicleId,
      nomorPolisi: v.plate,
      nomorKendaraan: v.hull,
      vehicleClass: v.vehicleClass,
      speedLimit: v.speedLimit,
      driver: v.driver,
      lat: null,
      lon: null,
      speed: 0,
      course: null,
      ignition: null,
      fixTime: null,
      gpsStatus: 'off',
      motion: 'nodata',
      location: null,
      place: null,
      todayDistanceKm: 0,
      todayEngineHours: 0,
      odometer: v.odometer,
    };
  const gpsStatus = gpsStatusOf(s.fixTime, now, t.gpsLostMinutes);
  const today = s.day === localDayOf(now, v.timeZone);
  const place = placeOf(s.lat, s.lon, s.speed);
  return {
    kendaraanId: v.vehicleId,
    nomorPolisi: v.plate,
    nomorKendaraan: v.hull,
    vehicleClass: v.vehicleClass,
    speedLimit: v.speedLimit,
    driver: v.driver,
    lat: s.lat,
    lon: s.lon,
    speed: Math.round(s.speed * 10) / 10,
    course: s.course,
    ignition: s.ignition,
    fixTime: s.fixTime.toISOString(),
    gpsStatus,
    motion: motionOf({ speed: s.speed, ignition: s.ignition, gpsStatus }, t.stopSpeedKmh),
    location: placeText(place),
    place,
    todayDistanceKm: today ? Math.round(s.todayDistanceKm * 100) / 100 : 0,
    todayEngineHours: today ? Math.round((s.todayEngineS / 3600) * 100) / 100 : 0,
    odometer: s.odometerKm ?? v.odometer,
  };
}
