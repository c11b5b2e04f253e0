import { gpsLogList } from '@pantau/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { workOrderKeys } from './work-order-keys';
import { thinTrack } from '../model/trip-track';

/** The most fixes one trip reads: a page of `logs/gps` (a three-day trip at 10 s is ~26,000). */
const TRIP_FIXES = 50_000;

/** GET logs/gps — the vehicle's valid fixes over the trip, as a line of [lon, lat] (thinned for drawing). */
export async function getTripTrack(
  kendaraanId: number,
  from: string,
  to: string,
): Promise<[number, number][]> {
  const page = await api.getAuthLong('logs/gps', {
    query: { kendaraanId, from, to, Take: TRIP_FIXES, Skip: 0 },
    schema: gpsLogList,
  });
  return thinTrack(page.results.filter((p) => p.valid).map((p) => [p.lon, p.lat]));
}

export function useTripTrack(
  unitId: number | undefined,
  kendaraanId: number,
  period: { from: string; to: string } | null,
) {
  return useQuery({
    queryKey: workOrderKeys.track(unitId, kendaraanId, period?.from ?? '', period?.to ?? ''),
    queryFn: () => getTripTrack(kendaraanId, period!.from, period!.to),
    enabled: period !== null,
    staleTime: 60_000,
  });
}
