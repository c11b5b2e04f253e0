import { availabilitySummary, type AvailabilitySummary } from '@pantau/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { availabilityKeys } from './availability-keys';
import { AVAILABILITY_REFRESH_MS } from './use-availability-live';

/** GET availability/summary — the spec's 14 figures of the unit, or of one fleet. */
export const getAvailabilitySummary = (fleetId: number | undefined): Promise<AvailabilitySummary> =>
  api.getAuth('availability/summary', { query: { fleetId }, schema: availabilitySummary });

export function useAvailabilitySummary(unitId: number | undefined, fleetId: number | undefined) {
  return useQuery({
    queryKey: availabilityKeys.summary(unitId, fleetId),
    queryFn: () => getAvailabilitySummary(fleetId),
    placeholderData: keepPreviousData,
    refetchInterval: AVAILABILITY_REFRESH_MS,
  });
}
