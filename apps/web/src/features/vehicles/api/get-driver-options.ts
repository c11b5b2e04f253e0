import { driverList, type DriverRow } from '@pantau/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { vehicleKeys } from './vehicle-keys';

/** GET pengemudi?Take=1000 — the unit's drivers, to assign as driver 1 and 2; none while the endpoint is missing. */
export async function getDriverOptions(): Promise<DriverRow[]> {
  try {
    return (await api.getAuth('pengemudi', { query: { Take: 1000, sortBy: 'name' }, schema: driverList }))
      .results;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

export function useDriverOptions(unitId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: vehicleKeys.drivers(unitId),
    queryFn: getDriverOptions,
    staleTime: 30_000,
    enabled,
  });
}
