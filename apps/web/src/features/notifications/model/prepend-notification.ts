import type { Notification, NotificationList } from '@pantau/contracts';

/**
 * A live notification put at the top of a cached list of at most `limit`: the total grows by one,
 * the oldest falls off. A notification already in the list (a poll got there first) changes nothing.
 */
export function prependNotification(
  list: NotificationList | undefined,
  notification: Notification,
  limit: number,
): NotificationList | undefined {
  if (!list) return list;
  if (list.results.some((n) => n.logId === notification.logId)) return list;
  return {
    count: list.count + 1,
    results: [notification, ...list.results].slice(0, limit),
  };
}
