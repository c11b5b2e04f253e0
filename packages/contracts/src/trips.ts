import { z } from 'zod';
import { listOf, MAX_PAGE_SIZE } from './common.js';
import { lngLat } from './geometry.js';
import { idParam, intQuery } from './input.js';
import { placeRef } from './places.js';

// ── Trips and stops (playback's trip list) ───────────────────────────────────────────────────────

/** Over speed, over stop and over route events that started in a trip or on a day. */
export const violationCounts = z.object({
  overspeed: z.number().int(),
  overstop: z.number().int(),
  overroute: z.number().int(),
  total: z.number().int(),
});
export type ViolationCounts = z.infer<typeof violationCounts>;

/** A trip: from the end of one stop to the start of the next (docs/decisions.md). */
export const tripRow = z.object({
  tripId: z.number().int(),
  kendaraanId: z.number().int(),
  nomorPolisi: z.string(),
  nomorKendaraan: z.string(),
  /** ISO 8601 UTC: the vehicle left its stop. */
  start: z.string(),
  /** ISO 8601 UTC: the stop it ended at began; while open, the latest fix. */
  end: z.string(),
  /** Still under way. */
  open: z.boolean(),
  startPosition: lngLat,
  endPosition: lngLat,
  startPlace: placeRef,
  endPlace: placeRef,
  /** The places in English words, for API clients and exports. */
  startLocation: z.string(),
  endLocation: z.string(),
  distanceKm: z.number(),
  /** Seconds, start to end. */
  duration: z.number().int(),
  /** Seconds moving. */
  drivingTime: z.number().int(),
  /** Seconds standing with the ignition on (red lights, queues). */
  idleTime: z.number().int(),
  /** km/h */
  maxSpeed: z.number(),
  /** km/h: distance over driving time. */
  avgSpeed: z.number(),
  /** Halts shorter than a stop. */
  stops: z.number().int(),
  violations: violationCounts,
});
export type TripRow = z.infer<typeof tripRow>;
export const tripList = listOf(tripRow);
export type TripList = z.infer<typeof tripList>;

/** A stop: standing still for 5 minutes or longer (docs/decisions.md). */
export const stopRow = z.object({
  stopId: z.number().int(),
  kendaraanId: z.number().int(),
  nomorPolisi: z.string(),
  nomorKendaraan: z.string(),
  start: z.string(),
  /** The next trip began; while open, the latest fix. */
  end: z.string(),
  open: z.boolean(),
  /** Seconds. */
  duration: z.number().int(),
  /** Seconds of it with the ignition on. */
  idleTime: z.number().int(),
  position: lngLat,
  place: placeRef,
  location: z.string(),
});
export type StopRow = z.infer<typeof stopRow>;
export const stopList = listOf(stopRow);
export type StopList = z.infer<typeof stopList>;

/** `GET /api/trips` and `GET /api/stops`: a vehicle's over a period (at most 31 days), oldest first. */
export const vehiclePeriodQuery = z.object({
  kendaraanId: idParam(),
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  Take: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(MAX_PAGE_SIZE),
  Skip: intQuery(0).default(0),
});
export type VehiclePeriodQuery = z.infer<typeof vehiclePeriodQuery>;
