import { asc, eq } from 'drizzle-orm';
import type { Position } from '@pantau/protocols';
import type { Database } from '../db/client.js';
import { vehicles } from '../db/schema/index.js';

/** A valid position at (-6.3, 107.1) unless overridden. */
export const fix = (trackerId: string, fixTime: Date, o: Partial<Position> = {}): Position => ({
  trackerId,
  fixTime,
  valid: true,
  lat: -6.3,
  lon: 107.1,
  speedKmh: 40,
  course: 90,
  altitude: 20,
  satellites: 9,
  accuracy: 5,
  ignition: true,
  alarm: null,
  attributes: {},
  ...o,
});

/** The demo vehicles of a unit, in id order. */
export const vehiclesOf = (db: Database, unitId: number) =>
  db.db
    .select({
      vehicleId: vehicles.vehicleId,
      trackerId: vehicles.trackerId,
      plate: vehicles.plateNumber,
      speedLimit: vehicles.speedLimit,
      driverId: vehicles.driverId,
      aktif: vehicles.aktif,
    })
    .from(vehicles)
    .where(eq(vehicles.unitId, unitId))
    .orderBy(asc(vehicles.vehicleId));

export const secondsAgo = (s: number, now = Date.now()) => new Date(now - s * 1000);
