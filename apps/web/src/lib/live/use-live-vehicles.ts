import type { LiveMessage, TrackingItem } from '@pantau/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAuthStore } from '../auth-store';
import { onLiveResync, startLiveSocket, stopLiveSocket, subscribeLive } from './live-socket';
import { useLiveStore, type LiveConnection } from './live-store';
import { trackingKeys, trackingQueryOptions } from './tracking-query';

export type { LiveConnection } from './live-store';

/**
 * Fetches the tracking snapshot and seeds the live store, without subscribing to the fleet (pages that
 * only need a vehicle or two, or hand the fleet to the map, use this and selectors). Answers isLoading.
 */
export function useLiveSeed(): boolean {
  const query = useQuery(trackingQueryOptions());
  const seeded = useLiveStore((s) => s.seeded);
  useEffect(() => {
    if (query.data) useLiveStore.getState().seed(query.data, query.data);
  }, [query.data]);
  return !seeded && !query.isError;
}

/** One live vehicle (re-renders only when that vehicle changes), seeding the store if needed. */
export function useLiveVehicle(kendaraanId: number | null | undefined): {
  vehicle: TrackingItem | undefined;
  isLoading: boolean;
} {
  const isLoading = useLiveSeed();
  const vehicle = useLiveStore((s) => (kendaraanId == null ? undefined : s.byId.get(kendaraanId)));
  return { vehicle, isLoading };
}

/**
 * Every vehicle of the chosen unit, seeded from `GET /api/tracking` and kept live by the shared socket.
 * Re-renders the caller on every batch (once a second): pages showing the whole fleet only.
 */
export function useLiveVehicles(): {
  vehicles: TrackingItem[];
  byId: ReadonlyMap<number, TrackingItem>;
  isLoading: boolean;
  connection: LiveConnection;
} {
  const isLoading = useLiveSeed();
  const vehicles = useLiveStore((s) => s.vehicles);
  const byId = useLiveStore((s) => s.byId);
  const connection = useLiveStore((s) => s.connection);
  return { vehicles, byId, isLoading, connection };
}

type EventType = 'notification' | 'summary';
type EventData<T extends EventType> = Extract<LiveMessage, { type: T }>['data'];

/** Calls `handler` for every live message of `type` (the latest handler; no re-subscribe per render). */
export function useLiveEvent<T extends EventType>(type: T, handler: (data: EventData<T>) => void): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(
    () =>
      subscribeLive((message) => {
        if (message.type === type) ref.current(message.data as EventData<T>);
      }),
    [type],
  );
}

/**
 * Opens the shared socket while the shell is shown with a role (and starts fetching the tracking
 * snapshot), closes it on sign-out, and after each reconnect refetches the snapshots: tracking,
 * dashboard summary and notifications.
 */
export function useLiveConnection(enabled: boolean): void {
  const queryClient = useQueryClient();
  const loggedOut = useAuthStore((s) => s.logout === true);
  const active = enabled && !loggedOut;
  useEffect(() => {
    if (!active) return;
    startLiveSocket();
    // Fetch the fleet snapshot now, while the page's code is still loading: the map, the dashboard and
    // the vehicle summary all need it, and at 10,000 vehicles it is a few MB (staleTime: Infinity, so the
    // page's own query takes it from the cache).
    void queryClient.prefetchQuery(trackingQueryOptions());
    const off = onLiveResync(() => {
      void queryClient.invalidateQueries({ queryKey: trackingKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['dashboard-summary'] });
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    });
    return () => {
      off();
      stopLiveSocket();
    };
  }, [active, queryClient]);
}
