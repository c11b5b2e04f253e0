import { z } from 'zod';
import { listOf } from './common.js';

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
});
export type Notification = z.infer<typeof notification>;

export const notificationsQuery = z.object({
  Count: z.coerce.number().int().min(1).max(ALL_NOTIFICATION_COUNT).default(HEADER_NOTIFICATION_COUNT),
  unitId: z.coerce.number().int().positive().optional(),
});
export type NotificationsQuery = z.infer<typeof notificationsQuery>;

export const notificationList = listOf(notification);
export type NotificationList = z.infer<typeof notificationList>;
