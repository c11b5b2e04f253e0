import type { NotificationList } from '@pantau/contracts';
import { notificationOf } from '../../live-state/notification.js';
import type { NotificationsRepo } from './notifications.repo.js';

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
