import type { NotificationList } from '@pantau/contracts';
import { useEffect, useRef } from 'react';
import { playNotificationSound } from '../../../lib/notification-sound';

/** The newest log id of a list, or undefined when it is empty. */
export function newestLogId(list: NotificationList | undefined): number | undefined {
  if (!list || list.results.length === 0) return undefined;
  return Math.max(...list.results.map((n) => n.logId));
}

/** Plays a chime when a refetch brings a newer notification than the one seen before (not on first load). */
export function useNewNotificationSound(list: NotificationList | undefined, soundOn: boolean): void {
  const seen = useRef<number | undefined>(undefined);
  const newest = newestLogId(list);
  useEffect(() => {
    if (newest === undefined) return;
    if (seen.current !== undefined && newest > seen.current && soundOn) playNotificationSound();
    if (seen.current === undefined || newest > seen.current) seen.current = newest;
  }, [newest, soundOn]);
}
