import { vehicleMotions, type SharedVehicle, type TrackingItem, type VehicleMotion } from '@pantau/contracts';

const isMotion = (value: string): value is VehicleMotion =>
  (vehicleMotions as readonly string[]).includes(value);

/** The map draws tracking items: the shared vehicle as one, with what the link does not reveal left empty. */
export function sharedAsTrackingItem(v: SharedVehicle): TrackingItem {
  return {
    kendaraanId: 0,
    nomorPolisi: v.nomorPolisi,
    nomorKendaraan: v.nomorKendaraan,
    vehicleClass: v.vehicleClass,
    lat: v.lat,
    lon: v.lon,
    speed: v.speed,
    course: v.course,
    ignition: null,
    fixTime: v.fixTime,
    gpsStatus: v.gpsStatus,
    motion: isMotion(v.motion) ? v.motion : 'nodata',
    speedLimit: null,
    driver: null,
    location: v.location,
    place: v.place,
    todayDistanceKm: 0,
    todayEngineHours: 0,
    odometer: null,
  };
}
