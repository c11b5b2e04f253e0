import { MAX_PAGE_SIZE, type TrackingItem } from '@pantau/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, ApiError } from '../api-client';
import { markMetric } from '../metrics';
import { nameSnapshot } from './live-socket';
import { useLiveStore } from './live-store';
import { trackingListOf } from './tracking-guard';

export const trackingKeys = { all: ['tracking'] as const };

declare global {
  interface Window {
    /** The snapshot asked for by public/prefetch-snapshot.js before the app's code ran. */
    __pantauSnapshot?: Promise<Response | null>;
    /** Set when the app starts: public/prefetch-snapshot.js, if it runs later, does nothing. */
    __pantauBooted?: boolean;
  }
}

/** The prefetched snapshot's body, once; undefined when there is none or it failed (then the app asks). */
async function prefetched(): Promise<unknown> {
  const response = typeof window === 'undefined' ? undefined : window.__pantauSnapshot;
  if (!response) return undefined;
  window.__pantauSnapshot = undefined;
  try {
    const r = await response;
    return r?.ok ? ((await r.json()) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `GET /api/tracking?live=1`: the chosen unit's vehicles with their latest state. Without Take/Skip the
 * server answers the whole unit, named for the live socket: the store takes it at once and the socket
 * names it, so that the socket sends only what changes from it. Should the server ever answer less than
 * `count`, the rest is read in pages in parallel (and the socket sends each vehicle whole once).
 */
export async function getTracking(signal?: AbortSignal): Promise<TrackingItem[]> {
  // Checked with the cheap guard rather than zod: 10,000 items parse in a few ms instead of ~150 ms.
  const checked = (data: unknown) => {
    const list = trackingListOf(data);
    if (!list)
      throw new ApiError({
        status: 200,
        code: 'BAD_RESPONSE',
        title: 'Unexpected answer',
        detail: 'tracking',
      });
    return list;
  };
  const page = async (skip: number) =>
    checked(await api.getAuth<unknown>('tracking', { query: { Take: MAX_PAGE_SIZE, Skip: skip }, signal }));
  const first = checked(
    (await prefetched()) ?? (await api.getAuth<unknown>('tracking', { query: { live: 1 }, signal })),
  );
  markMetric('tracking-snapshot', first.results.length);
  if (first.results.length >= first.count || first.results.length === 0) {
    useLiveStore.getState().seed(first.results, first.results);
    nameSnapshot(first.snapshot ?? null);
    return first.results;
  }
  nameSnapshot(null);
  const skips: number[] = [];
  for (let skip = first.results.length; skip < first.count; skip += MAX_PAGE_SIZE) skips.push(skip);
  const rest = await Promise.all(skips.map(page));
  return first.results.concat(...rest.map((r) => r.results));
}

export const trackingQueryOptions = () =>
  queryOptions({
    queryKey: trackingKeys.all,
    queryFn: ({ signal }) => getTracking(signal),
    // The socket keeps it live; a refetch happens only after a reconnect.
    staleTime: Infinity,
  });
