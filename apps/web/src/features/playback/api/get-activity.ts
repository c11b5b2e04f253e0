import { stopList, tripList, type StopRow, type TripRow } from '@pantau/contracts';
import { useQuery } from '@tanstack/react-query';
import { getEveryPage } from '../../../lib/api/every-page';
import { playbackKeys } from './playback-keys';

export interface PlaybackActivity {
  trips: TripRow[];
  stops: StopRow[];
}

/** A vehicle's trips and stops over a period, as the server worked them out (GET trips, GET stops). */
export async function getPlaybackActivity(
  kendaraanId: number,
  from: string,
  to: string,
): Promise<PlaybackActivity> {
  const query = { kendaraanId, from, to };
  const [trips, stops] = await Promise.all([
    getEveryPage('trips', tripList, query),
    getEveryPage('stops', stopList, query),
  ]);
  return { trips, stops };
}

export function usePlaybackActivity(
  unitId: number | undefined,
  kendaraanId: number | null,
  from: string,
  to: string,
) {
  return useQuery({
    queryKey: playbackKeys.activity(unitId, kendaraanId ?? 0, from, to),
    queryFn: () => getPlaybackActivity(kendaraanId!, from, to),
    enabled: kendaraanId !== null,
    staleTime: 60_000,
  });
}
