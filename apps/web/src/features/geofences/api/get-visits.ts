import { geofenceVisitList, MAX_PAGE_SIZE, type GeofenceVisitList } from '@pantau/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { visitKeys } from './geofence-keys';

/** GET loggeopoint?polygonId&from — the visits of one geofence since `from` (open ones included). */
export const getGeofenceVisits = (polygonId: number, from: string): Promise<GeofenceVisitList> =>
  api.getAuth('loggeopoint', {
    query: { polygonId, from, Take: MAX_PAGE_SIZE },
    schema: geofenceVisitList,
  });

/** Today's visits of a geofence (from the start of the user's day), refreshed every minute while shown. */
export function useGeofenceVisits(unitId: number | undefined, polygonId: number | null, from: string) {
  return useQuery({
    queryKey: visitKeys.ofGeofence(unitId, polygonId ?? 0, from),
    queryFn: () => getGeofenceVisits(polygonId!, from),
    enabled: polygonId !== null,
    refetchInterval: 60_000,
  });
}
