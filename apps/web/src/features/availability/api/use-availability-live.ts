import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLiveStore } from '../../../lib/live/live-store';
import { useLiveEvent } from '../../../lib/live/use-live-vehicles';
import { availabilityKeys } from './availability-keys';

/** How often the page asks again when nothing on the live channel said the unit changed. */
export const AVAILABILITY_REFRESH_MS = 30_000;

/**
 * Keeps the page's figures and table current: the live channel's `summary` message says a vehicle of
 * the unit changed state (left a pool, started an SPK…), and the socket (re)opening may have missed one.
 */
export function useAvailabilityLive(): void {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
  useLiveEvent('summary', refetch);
  const open = useLiveStore((s) => s.connection === 'open');
  useEffect(() => {
    if (open) void queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
  }, [open, queryClient]);
}
