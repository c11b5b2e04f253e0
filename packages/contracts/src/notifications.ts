import { z } from 'zod';
import { listOf } from './common.js';
import { placeRef } from './places.js';
import { idParam } from './input.js';

/** Header bell count and the all-notifications page count (spec §9). */
export const HEADER_NOTIFICATION_COUNT = 5;
export const ALL_NOTIFICATION_COUNT = 1000;

export const notificationEvents = ['overspeed', 'overstop', 'other'] as const;
export type NotificationEvent = (typeof notificationEvents)[number];

export const notification = z.object({
  logId: z.number().int(),
  event: z.enum(notificationEvents),
  /** The vehicle's plate number (nomorPolisi). */
  vehicle: z.string(),
  /** ISO 8601 UTC. */
  timestamp: z.string(),
  // What happened, for the text and for opening the vehicle on the map. The server always sends these;
  // a message with only the spec's four fields above still reads (without the detail line).
  kendaraanId: z.number().int().nullable().default(null),
  /** The event's own kind (overspeed, overstop, overroute, alarm, gps_lost). */
  kind: z.string().default(''),
  /** overspeed: the highest speed, km/h. */
  speed: z.number().nullable().default(null),
  /** overspeed: the speed limit, km/h. */
  speedLimit: z.number().nullable().default(null),
  /** overstop: minutes stopped (the allowed minutes while the stop goes on); gps_lost: minutes without GPS once back. */
  minutes: z.number().nullable().default(null),
  /** Whether the interval is still going on (an over-stop not yet ended). */
  ongoing: z.boolean().default(false),
  /** alarm: the tracker's alarm kind (sos, powerCut, …). */
  alarm: z.string().nullable().default(null),
  /** Where it happened; null when the event has no position. */
  place: placeRef.nullable().default(null),
  /** A geofence crossing: the geofence's name; an over route: the route's code and name; else null. */
  subject: z.string().nullable().default(null),
});
export type Notification = z.infer<typeof notification>;

export const notificationsQuery = z.object({
  Count: z.coerce.number().int().min(1).max(ALL_NOTIFICATION_COUNT).default(HEADER_NOTIFICATION_COUNT),
  unitId: idParam().optional(),
});

export const notificationList = listOf(notification);
export type NotificationList = z.infer<typeof notificationList>;
