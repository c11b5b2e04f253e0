import {
  ALL_NOTIFICATION_COUNT,
  HEADER_NOTIFICATION_COUNT,
  notificationList,
  type NotificationList,
} from '@pantau/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const HEADER_REFETCH_MS = 30_000;

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (count: number, unitId: number | undefined) => [...notificationKeys.all, { count, unitId }] as const,
};

/** GET logs/notifications?Count=…&unitId=… (spec §7; the unit of the chosen role filters, S-041). */
export const getNotifications = (count: number, unitId: number | undefined): Promise<NotificationList> =>
  api.getAuth('logs/notifications', { query: { Count: count, unitId }, schema: notificationList });

export const notificationsQueryOptions = (count: number, unitId: number | undefined) =>
  queryOptions({
    queryKey: notificationKeys.list(count, unitId),
    queryFn: () => getNotifications(count, unitId),
  });

/** The header bell: 5 newest, refetched every 30 s. */
export function useHeaderNotifications(unitId: number | undefined) {
  return useQuery({
    ...notificationsQueryOptions(HEADER_NOTIFICATION_COUNT, unitId),
    refetchInterval: HEADER_REFETCH_MS,
    retry: false,
  });
}

/** The notifications page: up to 1000. */
export function useAllNotifications(unitId: number | undefined) {
  return useQuery(notificationsQueryOptions(ALL_NOTIFICATION_COUNT, unitId));
}
