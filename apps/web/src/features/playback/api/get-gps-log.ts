import { gpsLogList, type GpsLogList } from '@pantau/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { trackOf, type PlaybackTrack } from '../model/track';
import { playbackKeys } from './playback-keys';

/** The largest page `logs/gps` answers. */
export const GPS_LOG_PAGE = 50_000;

export interface LoadProgress {
  loaded: number;
  /** The log's count, known after the first page. */
  total: number | null;
}

/**
 * Every fix of a vehicle in a period (GET logs/gps), page by page, told after each page how far it got;
 * answered as one typed-array track.
 */
export async function loadGpsLog(
  kendaraanId: number,
  from: string,
  to: string,
  onProgress: (progress: LoadProgress) => void,
  signal?: AbortSignal,
): Promise<PlaybackTrack> {
  const pages: GpsLogList['results'][] = [];
  let loaded = 0;
  onProgress({ loaded: 0, total: null });
  for (;;) {
    const page = await api.getAuthLong('logs/gps', {
      query: { kendaraanId, from, to, Take: GPS_LOG_PAGE, Skip: loaded },
      schema: gpsLogList,
      signal,
    });
    pages.push(page.results);
    loaded += page.results.length;
    onProgress({ loaded, total: page.count });
    if (page.results.length < GPS_LOG_PAGE || loaded >= page.count) break;
  }
  return trackOf(pages);
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
