import {
  availabilityList,
  MAX_PAGE_SIZE,
  type AvailabilityList,
  type AvailabilityRow,
} from '@pantau/contracts';
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

/**
 * One vehicle as it stands now, whatever the page's filter (a vehicle opened from a figure may leave it):
 * found by its plate, kept current like the page.
 */
export function useAvailabilityVehicle(unitId: number | undefined, opened: AvailabilityRow | null) {
  return useQuery({
    queryKey: availabilityKeys.vehicle(unitId, opened?.kendaraanId ?? 0),
    queryFn: async () => {
      const page = await getAvailabilityPage({ search: opened!.nomorPolisi, Take: MAX_PAGE_SIZE, Skip: 0 });
      return page.results.find((r) => r.kendaraanId === opened!.kendaraanId) ?? null;
    },
    enabled: opened !== null,
    refetchInterval: AVAILABILITY_REFRESH_MS,
  });
}
