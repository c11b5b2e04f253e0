import type { NotificationList } from '@pantau/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../../../lib/live/use-live-vehicles';
import { prependNotification } from '../model/prepend-notification';
import { notificationKeys } from './get-notifications';

/**
 * Puts each live notification at the top of every cached notifications list (the bell's five, the
 * page's thousand). The bell's chime follows from its list getting a newer entry; the 30 s poll stays
 * as the fallback when the socket is down.
 */
export function useLiveNotifications(): void {
  const queryClient = useQueryClient();
  useLiveEvent('notification', (notification) => {
    for (const [key] of queryClient.getQueriesData<NotificationList>({ queryKey: notificationKeys.all })) {
      const params = key[1] as { count?: number } | undefined;
      const limit = params?.count ?? Infinity;
      queryClient.setQueryData<NotificationList>(key, (old) => prependNotification(old, notification, limit));
    }
  });
}
