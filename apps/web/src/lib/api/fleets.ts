import { fleetList, type FleetList, type FleetSearchQuery } from '@pantau/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { getEveryPage } from './every-page';

/**
 * The fleets of the chosen unit (`GET units/fleet`), read by fleet management and the vehicle list's
 * filter and form. The unit's own details sit beside them (`units`, see units.ts).
 */
export const fleetKeys = {
  all: ['units', 'fleet'] as const,
  page: (unitId: number | undefined, query: FleetSearchQuery) =>
    [...fleetKeys.all, 'page', unitId, query] as const,
  every: (unitId: number | undefined) => [...fleetKeys.all, 'every', unitId] as const,
  members: (fleetId: number) => [...fleetKeys.all, 'vehicles', fleetId] as const,
};

/** One page of fleets with their vehicle counts. */
export const getFleetPage = (query: FleetSearchQuery): Promise<FleetList> =>
  api.getAuth('units/fleet', { query: { ...query }, schema: fleetList });

export function useFleetPage(unitId: number | undefined, query: FleetSearchQuery) {
  return useQuery({
    queryKey: fleetKeys.page(unitId, query),
    queryFn: () => getFleetPage(query),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Every fleet of the unit (to filter by or to pick). */
export function useEveryFleet(unitId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: fleetKeys.every(unitId),
    queryFn: () => getEveryPage('units/fleet', fleetList),
    staleTime: 60_000,
    enabled,
  });
}
