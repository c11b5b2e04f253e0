import { gpsLogList, type GpsLogList } from '@pantau/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { markMetric } from '../../../lib/metrics';
import { trackOf, type PlaybackTrack } from '../model/track';
import { playbackKeys } from './playback-keys';

/** The largest page `logs/gps` answers. */
export const GPS_LOG_PAGE = 50_000;

export interface LoadProgress {
  loaded: number;
  /** The log's count, known after the first page. */
  total: number | null;
  /** While the rest is read: the first page's fixes as a track, drawn and played meanwhile. */
  partial?: PlaybackTrack;
}

/**
 * The first page is a short one: its fixes are on the map (and the player can start) while the rest
 * of a long period comes in full pages.
 */
export const GPS_LOG_FIRST_PAGE = 5_000;

/** Pages asked for at once after the first (which tells the count). */
const PAGES_AT_ONCE = 3;

/**
 * Every fix of a vehicle in a period (GET logs/gps): a short first page, then the rest that its count
 * calls for, a few at a time (the server reads one while it writes another), told after each page
 * how far it got (with the first page as a track to show meanwhile); answered as one typed-array track.
 */
export async function loadGpsLog(
  kendaraanId: number,
  from: string,
  to: string,
  onProgress: (progress: LoadProgress) => void,
  signal?: AbortSignal,
): Promise<PlaybackTrack> {
  markMetric('playback-requested');
  const page = (skip: number, take = GPS_LOG_PAGE) =>
    api.getAuthLong('logs/gps', {
      query: { kendaraanId, from, to, Take: take, Skip: skip },
      schema: gpsLogList,
      signal,
    });
  onProgress({ loaded: 0, total: null });
  const first = await page(0, GPS_LOG_FIRST_PAGE);
  markMetric('playback-first-page', first.results.length);
  let loaded = first.results.length;
  if (first.results.length < GPS_LOG_FIRST_PAGE) {
    const track = trackOf([first.results]);
    markMetric('playback-loaded');
    return track;
  }
  const partial = trackOf([first.results]);
  onProgress({ loaded, total: first.count, partial });
  const rest: number[] = [];
  for (let skip = GPS_LOG_FIRST_PAGE; skip < first.count; skip += GPS_LOG_PAGE) rest.push(skip);
  const pages: GpsLogList['results'][] = [first.results];
  for (let i = 0; i < rest.length; i += PAGES_AT_ONCE) {
    const batch = await Promise.all(
      rest.slice(i, i + PAGES_AT_ONCE).map(async (skip) => {
        const next = await page(skip);
        loaded += next.results.length;
        onProgress({ loaded, total: first.count, partial });
        return next.results;
      }),
    );
    pages.push(...batch);
  }
  // Fixes stored while the pages were read (a period that ends now) come after the count.
  while (pages.at(-1)!.length === (pages.length === 1 ? GPS_LOG_FIRST_PAGE : GPS_LOG_PAGE)) {
    const next = await page(loaded);
    loaded += next.results.length;
    pages.push(next.results);
  }
  const track = trackOf(pages);
  markMetric('playback-loaded');
  return track;
}

export const gpsLogQueryOptions = (
  unitId: number | undefined,
  kendaraanId: number,
  from: string,
  to: string,
  onProgress: (progress: LoadProgress) => void,
) =>
  queryOptions({
    queryKey: playbackKeys.gps(unitId, kendaraanId, from, to),
    queryFn: ({ signal }) => loadGpsLog(kendaraanId, from, to, onProgress, signal),
    // Typed arrays are not compared: a refetch is a new track.
    structuralSharing: false,
    staleTime: 60_000,
    gcTime: 60_000,
  });

/** The period's track of a vehicle, when one is chosen. */
export function usePlaybackLog(
  unitId: number | undefined,
  kendaraanId: number | null,
  from: string,
  to: string,
  onProgress: (progress: LoadProgress) => void,
) {
  return useQuery({
    ...gpsLogQueryOptions(unitId, kendaraanId ?? 0, from, to, onProgress),
    enabled: kendaraanId !== null,
  });
}
