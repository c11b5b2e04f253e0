import { markerList, MAX_PAGE_SIZE, type MarkerList, type MarkerRow } from '@pantau/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Query } from '../../../lib/query-string';
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

/** GET markers?Take&Skip&search&icon — one page, for the POI list. */
export const getMarkers = (query: Query): Promise<MarkerList> =>
  api.getAuth('markers', { query, schema: markerList });

export function useMarkers(unitId: number | undefined, query: Query) {
  return useQuery({
    queryKey: markerKeys.list(unitId, query),
    queryFn: () => getMarkers(query),
    placeholderData: keepPreviousData,
  });
}
