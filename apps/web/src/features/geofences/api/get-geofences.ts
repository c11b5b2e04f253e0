import { geofenceList, MAX_PAGE_SIZE, type GeofenceList, type GeofenceRow } from '@pantau/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Query } from '../../../lib/query-string';
import { geofenceKeys } from './geofence-keys';

/** GET polygons?Take&Skip&search&category&polygonType — one page. */
export const getGeofences = (query: Query): Promise<GeofenceList> =>
  api.getAuth('polygons', { query, schema: geofenceList });

/** Every geofence of the unit (the map draws them all), fetched a full page at a time. */
export async function getAllGeofences(): Promise<GeofenceRow[]> {
  const rows: GeofenceRow[] = [];
  for (;;) {
    const page = await getGeofences({ Take: MAX_PAGE_SIZE, Skip: rows.length });
    rows.push(...page.results);
    if (page.results.length === 0 || rows.length >= page.count) return rows;
  }
}

/** The unit's geofences for the map; edits refresh it (see geofence-mutations.ts). */
export function useMapGeofences(unitId: number | undefined) {
  return useQuery({ queryKey: geofenceKeys.map(unitId), queryFn: getAllGeofences, staleTime: 60_000 });
}

export function useGeofences(unitId: number | undefined, query: Query, enabled = true) {
  return useQuery({
    queryKey: geofenceKeys.list(unitId, query),
    queryFn: () => getGeofences(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}
