import { fleetList, type FleetRow } from '@pantau/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { vehicleKeys } from './vehicle-keys';

/** GET units/fleet?Take=1000 — the unit's fleets for the filter and the form; none while the endpoint is missing. */
export async function getFleetOptions(): Promise<FleetRow[]> {
  try {
    return (await api.getAuth('units/fleet', { query: { Take: 1000 }, schema: fleetList })).results;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

export function useFleetOptions(unitId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: vehicleKeys.fleets(unitId),
    queryFn: getFleetOptions,
    staleTime: 60_000,
    enabled,
  });
}
