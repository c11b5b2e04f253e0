import { z } from 'zod';
import { listOf } from './common.js';
import { placeRef } from './places.js';
import { idParam, intQuery } from './input.js';
import { vehicleClasses } from './vehicles.js';

/**
 * What a vehicle is doing now, from its latest fix (domain research §4):
 * moving (ignition on or no ignition signal, speed above the moving threshold), idle (ignition on, not
 * moving), stopped (ignition off), offline (GPS off: no fix for the unit's gps-lost minutes),
 * nodata (never reported).
 */
export const vehicleMotions = ['moving', 'idle', 'stopped', 'offline', 'nodata'] as const;
export type VehicleMotion = (typeof vehicleMotions)[number];

export const trackingItem = z.object({
  kendaraanId: z.number().int(),
  nomorPolisi: z.string(),
  nomorKendaraan: z.string(),
  vehicleClass: z.enum(vehicleClasses),
  /** Null until the vehicle has reported a valid fix. */
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  /** km/h */
  speed: z.number(),
  /** Degrees clockwise from north, or null when unknown. */
  course: z.number().nullable(),
  ignition: z.boolean().nullable(),
  /** ISO 8601 UTC of the latest fix, or null. */
  fixTime: z.string().nullable(),
  gpsStatus: z.enum(['on', 'off']),
  motion: z.enum(vehicleMotions),
  speedLimit: z.number().nullable(),
  driver: z.object({ pengemudiId: z.number().int(), name: z.string() }).nullable(),
  /** Where the vehicle is, in English words ("at Pool Cibitung", "near Cikarang, 3 km"); null without a fix. */
  location: z.string().nullable(),
  /** The same place, structured for clients to word in their language; null without a fix. */
  place: placeRef.nullable(),
  /** Distance driven since local midnight (Asia/Jakarta), km. */
  todayDistanceKm: z.number(),
  /** Ignition-on time since local midnight, hours. */
  todayEngineHours: z.number(),
  odometer: z.number().nullable(),
});
export type TrackingItem = z.infer<typeof trackingItem>;
/**
 * `GET /api/tracking`. Asked with `?live=1` for the whole unit, `snapshot` names these items to the
 * unit's live socket: a socket opened with `?changes=1&snapshot=1` that sends it (`liveClientMessage`)
 * then gets only what changed from them, not every vehicle whole a second time.
 */
export const trackingList = listOf(trackingItem).extend({ snapshot: z.string().optional() });
export type TrackingList = z.infer<typeof trackingList>;

/**
 * Pages that show the live fleet from the whole unit's tracking snapshot, which the page asks for as
 * TRACKING_SNAPSHOT_URL on its first load. The server has the browser preload it with the page (a `Link`
 * header); apps/web/public/prefetch-snapshot.js, a classic script that cannot import, lists them too.
 */
export const FLEET_PAGES = ['/', '/_app', '/map', '/vehicle-summary'] as const;
export const TRACKING_SNAPSHOT_URL = '/api/tracking?live=1';

/** `GET /api/logs/gps?kendaraanId=&from=&to=` (from/to ISO 8601; at most 31 days apart). */
export const gpsLogQuery = z.object({
  kendaraanId: idParam(),
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  Take: z.coerce.number().int().min(1).max(50_000).default(10_000),
  Skip: intQuery(0).default(0),
});
export type GpsLogQuery = z.infer<typeof gpsLogQuery>;

const gpsLogItem = z.object({
  fixTime: z.string(),
  lat: z.number(),
  lon: z.number(),
  speed: z.number(),
  course: z.number().nullable(),
  ignition: z.boolean().nullable(),
  altitude: z.number().nullable(),
  satellites: z.number().int().nullable(),
  valid: z.boolean(),
});
export const gpsLogList = listOf(gpsLogItem);
export type GpsLogList = z.infer<typeof gpsLogList>;

/** A tracker that reported but is not registered to any vehicle (visible to Administrators). */
const unregisteredTracker = z.object({
  trackerId: z.string(),
  protocol: z.string(),
  remoteAddress: z.string().nullable(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  messages: z.number().int(),
});
export const unregisteredTrackerList = listOf(unregisteredTracker);
