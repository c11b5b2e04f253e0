import { vehicleList, type VehicleList } from '@pantau/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import type { Query } from '../query-string';
import { getEveryPage } from './every-page';

/**
 * The vehicles of the chosen unit (`GET kendaraan`), read by the vehicle list, the dashboard and the
 * fleet picker. Every key starts with `kendaraan` and the unit, so a write refreshes them all and a
 * role change refetches.
 */
export const vehicleKeys = {
  all: ['kendaraan'] as const,
  page: (unitId: number | undefined, query: Query) => [...vehicleKeys.all, 'page', unitId, query] as const,
  every: (unitId: number | undefined) => [...vehicleKeys.all, 'every', unitId] as const,
  brands: (unitId: number | undefined) => [...vehicleKeys.all, 'merk', unitId] as const,
};

/** One page: `Take`, `Skip` and the list's filters and sort. */
export const getVehiclePage = (query: Query): Promise<VehicleList> =>
  api.getAuth('kendaraan', { query, schema: vehicleList });

/** Every vehicle of the unit. */
export const getEveryVehicle = () => getEveryPage('kendaraan', vehicleList);

export function useVehiclePage(unitId: number | undefined, query: Query) {
  return useQuery({
    queryKey: vehicleKeys.page(unitId, query),
    queryFn: () => getVehiclePage(query),
    placeholderData: keepPreviousData,
  });
}

export const everyVehicleQueryOptions = (unitId: number | undefined) =>
  queryOptions({
    queryKey: vehicleKeys.every(unitId),
    queryFn: getEveryVehicle,
    // Pool, dedicated and type change rarely, and every vehicle write refreshes the key.
    staleTime: 5 * 60_000,
  });
