import {
  ccDaily,
  ccStatusList,
  ccSummary,
  ccUtility,
  ccVehicleDayList,
  MAX_PAGE_SIZE,
  workOrderList,
  type CcDaily,
  type CcSummary,
  type CcUtility,
} from '@pantau/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Query } from '../../../lib/query-string';

/** Query keys of the Car Carrier pages: the resource, the unit, then the query, so a role change refetches. */
export const carCarrierKeys = {
  all: ['car-carrier'] as const,
  of: (what: string, unitId: number | undefined, query: Query | null) =>
    [...carCarrierKeys.all, what, unitId, query ?? {}] as const,
};

/** A query asked only when `query` is not null (a period chosen). */
const options = <T>(what: string, unitId: number | undefined, query: Query | null, fn: () => Promise<T>) => ({
  queryKey: carCarrierKeys.of(what, unitId, query),
  queryFn: fn,
  enabled: query !== null,
  placeholderData: keepPreviousData,
  retry: false,
});

/** GET activities/daily: the figures of each day of the period and their total. */
export const useCcDaily = (unitId: number | undefined, query: Query | null) =>
  useQuery(
    options<CcDaily>('daily', unitId, query, () =>
      api.getAuthLong('activities/daily', { query: query!, schema: ccDaily }),
    ),
  );

/** GET reports/activities/daily: each car carrier's days with their class, one page. */
export const useCcVehicleDays = (unitId: number | undefined, query: Query | null) =>
  useQuery(
    options('vehicle-days', unitId, query, () =>
      api.getAuthLong('reports/activities/daily', { query: query!, schema: ccVehicleDayList }),
    ),
  );

/** GET activities/summary: the unit and each of its fleets over the period. */
export const useCcSummary = (unitId: number | undefined, query: Query | null) =>
  useQuery(
    options<CcSummary>('summary', unitId, query, () =>
      api.getAuthLong('activities/summary', { query: query!, schema: ccSummary }),
    ),
  );

export type UtilityTab = 'weekly' | 'monthly' | 'yearly';

/** GET utilitas/weekly|monthly|yearly. */
export const useCcUtility = (unitId: number | undefined, tab: UtilityTab, query: Query | null) =>
  useQuery(
    options<CcUtility>(`utility-${tab}`, unitId, query, () =>
      api.getAuthLong(`utilitas/${tab}`, { query: query!, schema: ccUtility }),
    ),
  );

/** GET kendaraan/status: each car carrier now, ready or trouble. */
export const useCcStatus = (unitId: number | undefined) =>
  useQuery({
    queryKey: carCarrierKeys.of('status', unitId, null),
    queryFn: () => api.getAuth('kendaraan/status', { schema: ccStatusList }),
    refetchInterval: 60_000,
  });

/** GET spk (both kinds): one page of trips. */
export const useTrafficTrips = (unitId: number | undefined, query: Query | null) =>
  useQuery(
    options('traffic', unitId, query, () => api.getAuth('spk', { query: query!, schema: workOrderList })),
  );

/** Every SPK the Traffic All filters match, a thousand at a time (the export). */
export async function allTrafficTrips(query: Query) {
  const first = await api.getAuth('spk', {
    query: { ...query, Take: MAX_PAGE_SIZE, Skip: 0 },
    schema: workOrderList,
  });
  const rows = [...first.results];
  while (rows.length < first.count) {
    const next = await api.getAuth('spk', {
      query: { ...query, Take: MAX_PAGE_SIZE, Skip: rows.length },
      schema: workOrderList,
    });
    if (next.results.length === 0) break;
    rows.push(...next.results);
  }
  return rows;
}
