import type { NotificationEvent, NotificationList } from '@pantau/contracts';
import type { NotificationsRepo } from './notifications.repo.js';

/** Notifications are a view of events: overspeed and overstop keep their kind, everything else is `other`. */
export const notificationEventOf = (kind: string): NotificationEvent =>
  kind === 'overspeed' || kind === 'overstop' ? kind : 'other';

export function createNotificationsService(deps: { notificationsRepo: NotificationsRepo }) {
  return {
    async latest(unitId: number, limit: number): Promise<NotificationList> {
      const { count, rows } = await deps.notificationsRepo.latestOfUnit(unitId, limit);
      return {
        count,
        results: rows.map((r) => ({
          logId: r.eventId,
          event: notificationEventOf(r.kind),
          vehicle: r.plate,
          timestamp: r.startedAt.toISOString(),
        })),
      };
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
