import { availabilityList, type AvailabilityList, type AvailabilityRow } from '@pantau/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getEveryPage } from '../../../lib/api/every-page';
import type { Query } from '../../../lib/query-string';
import { availabilityKeys } from './availability-keys';
import { AVAILABILITY_REFRESH_MS } from './use-availability-live';

/** GET kendaraan/availability — one page of vehicles with their category: fleet, category, paper, search. */
export const getAvailabilityPage = (query: Query): Promise<AvailabilityList> =>
  api.getAuth('kendaraan/availability', { query, schema: availabilityList });

/** Every vehicle matching the filters, for the export. */
export const getEveryAvailability = (query: Query): Promise<AvailabilityRow[]> =>
  getEveryPage('kendaraan/availability', availabilityList, query);

export function useAvailabilityPage(unitId: number | undefined, query: Query) {
  return useQuery({
    queryKey: availabilityKeys.page(unitId, query),
    queryFn: () => getAvailabilityPage(query),
    placeholderData: keepPreviousData,
    refetchInterval: AVAILABILITY_REFRESH_MS,
  });
}
