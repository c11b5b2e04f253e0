import { MAX_PAGE_SIZE, vehicleList, type VehicleRow } from '@pantau/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const fleetVehicleKeys = {
  all: ['kendaraan', 'all'] as const,
  unit: (unitId: number | undefined) => [...fleetVehicleKeys.all, unitId] as const,
};

/** Every vehicle row of the chosen unit (GET kendaraan, page by page): pool, dedicated and type. */
export async function getFleetVehicles(): Promise<VehicleRow[]> {
  const rows: VehicleRow[] = [];
  for (;;) {
    const page = await api.getAuth('kendaraan', {
      query: { Take: MAX_PAGE_SIZE, Skip: rows.length },
      schema: vehicleList,
    });
    rows.push(...page.results);
    if (page.results.length === 0 || rows.length >= page.count) return rows;
  }
}

export const fleetVehiclesQueryOptions = (unitId: number | undefined) =>
  queryOptions({
    queryKey: fleetVehicleKeys.unit(unitId),
    queryFn: getFleetVehicles,
    // Pool, dedicated and type change rarely; the live parts come from the tracking snapshot.
    staleTime: 5 * 60_000,
  });

export function useFleetVehicles(unitId: number | undefined) {
  return useQuery(fleetVehiclesQueryOptions(unitId));
}
