import type { Notification, NotificationEvent, NotificationList } from '@pantau/contracts';
import type { NotificationsRepo } from './notifications.repo.js';
export { isNotifying, NOTIFYING_EVENT_KINDS } from './notifying-kinds.js';

/** Notifications are a view of events: overspeed and overstop keep their kind, everything else is `other`. */
export const notificationEventOf = (kind: string): NotificationEvent =>
  kind === 'overspeed' || kind === 'overstop' ? kind : 'other';

/** The notification an event row shows as (`vehicle` is the plate); the live channel pushes the same shape. */
export const notificationOf = (e: {
  eventId: number;
  kind: string;
  plate: string;
  startedAt: Date;
}): Notification => ({
  logId: e.eventId,
  event: notificationEventOf(e.kind),
  vehicle: e.plate,
  timestamp: e.startedAt.toISOString(),
});

export function createNotificationsService(deps: { notificationsRepo: NotificationsRepo }) {
  return {
    async latest(unitId: number, limit: number): Promise<NotificationList> {
      const { count, rows } = await deps.notificationsRepo.latestOfUnit(unitId, limit);
      return {
        count,
        results: rows.map(notificationOf),
      };
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
