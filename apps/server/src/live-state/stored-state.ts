import { sql } from 'drizzle-orm';
import { units, vehicles, type vehicleState } from '../db/schema/index.js';
import type { LiveState, VehicleInfo } from './live-state.js';

/** The columns of `VehicleInfo` (with `driverName` from a left join of drivers on vehicles.driver_id). */
export const vehicleInfoColumns = {
  vehicleId: vehicles.vehicleId,
  unitId: vehicles.unitId,
  trackerId: vehicles.trackerId,
  plate: vehicles.plateNumber,
  hull: vehicles.hullNumber,
  vehicleClass: vehicles.vehicleClass,
  speedLimit: vehicles.speedLimit,
  odometer: vehicles.odometer,
  driverId: vehicles.driverId,
  timeZone: sql<string>`(select ${units.timeZone} from ${units} where ${units.unitId} = ${vehicles.unitId})`,
};

export function vehicleInfoOf({
  driverId,
  driverName,
  ...v
}: Omit<VehicleInfo, 'driver'> & { driverId: number | null; driverName: string | null }): VehicleInfo {
  return {
    ...v,
    driver: driverId !== null && driverName !== null ? { pengemudiId: driverId, name: driverName } : null,
  };
}

type StateRow = typeof vehicleState.$inferSelect;

export const liveStateOf = (r: StateRow): LiveState => ({
  fixTime: r.fixTime,
  serverTime: r.serverTime,
  lat: r.lat,
  lon: r.lon,
  speed: r.speed,
  course: r.course,
  ignition: r.ignition,
  valid: r.valid,
  odometerKm: r.odometerKm,
  motion: r.motion,
  gpsStatus: r.gpsStatus,
  day: r.day,
  todayDistanceKm: r.todayDistanceKm,
  todayEngineS: r.todayEngineS,
  ruleState: r.ruleState,
});
