import { driverList } from '@pantau/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import type { Query } from '../query-string';
import { getEveryPage } from './every-page';

/** The drivers of the chosen unit (`GET pengemudi`), read by the driver list and the vehicle form. */
export const driverKeys = {
  all: ['pengemudi'] as const,
  page: (unitId: number | undefined, query: Query) => [...driverKeys.all, 'page', unitId, query] as const,
  every: (unitId: number | undefined) => [...driverKeys.all, 'every', unitId] as const,
};

/** One page: `Take`, `Skip` and the list's filters and sort. */
export const getDriverPage = (query: Query) => api.getAuth('pengemudi', { query, schema: driverList });

export function useDriverPage(unitId: number | undefined, query: Query) {
  return useQuery({
    queryKey: driverKeys.page(unitId, query),
    queryFn: () => getDriverPage(query),
    placeholderData: keepPreviousData,
  });
}

/** Every driver of the unit, by name (to pick one). */
export function useEveryDriver(unitId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: driverKeys.every(unitId),
    queryFn: () => getEveryPage('pengemudi', driverList, { sortBy: 'name' }),
    staleTime: 30_000,
    enabled,
  });
}
