import { fleetList, type FleetList, type FleetSearchQuery } from '@pantau/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fleetKeys } from './fleet-keys';

/** GET units/fleet?Take&Skip&search — one page of the unit's fleets with their vehicle counts. */
export const getFleets = (query: FleetSearchQuery): Promise<FleetList> =>
  api.getAuth('units/fleet', { query: { ...query }, schema: fleetList });

export function useFleets(unitId: number | undefined, query: FleetSearchQuery) {
  return useQuery({
    queryKey: fleetKeys.list(unitId, query),
    queryFn: () => getFleets(query),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
