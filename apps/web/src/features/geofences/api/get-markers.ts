import { markerList, MAX_PAGE_SIZE, type MarkerRow } from '@pantau/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { markerKeys } from './geofence-keys';

/** GET markers?Take&Skip — every POI of the unit, a full page at a time. */
export async function getAllMarkers(): Promise<MarkerRow[]> {
  const rows: MarkerRow[] = [];
  for (;;) {
    const page = await api.getAuth('markers', {
      query: { Take: MAX_PAGE_SIZE, Skip: rows.length },
      schema: markerList,
    });
    rows.push(...page.results);
    if (page.results.length === 0 || rows.length >= page.count) return rows;
  }
}

export function useMapMarkers(unitId: number | undefined, enabled: boolean) {
  return useQuery({ queryKey: markerKeys.map(unitId), queryFn: getAllMarkers, staleTime: 60_000, enabled });
}
