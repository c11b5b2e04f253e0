import { vehicleList, type VehicleList } from '@pantau/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const vehicleKeys = {
  all: ['kendaraan'] as const,
  page: (unitId: number | undefined, take: number, skip: number) =>
    [...vehicleKeys.all, { unitId, take, skip }] as const,
};

/** GET kendaraan?Take=&Skip= — the vehicles of the chosen unit, one page. */
export const getVehicles = (take: number, skip: number): Promise<VehicleList> =>
  api.getAuth('kendaraan', { query: { Take: take, Skip: skip }, schema: vehicleList });

export const vehiclesQueryOptions = (unitId: number | undefined, take: number, skip: number) =>
  queryOptions({
    queryKey: vehicleKeys.page(unitId, take, skip),
    queryFn: () => getVehicles(take, skip),
    placeholderData: keepPreviousData,
  });

export function useVehicles(unitId: number | undefined, take: number, skip: number) {
  return useQuery(vehiclesQueryOptions(unitId, take, skip));
}
