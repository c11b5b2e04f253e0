import {
  driverRecap,
  monthlyRecap,
  workOrderMatching,
  type DriverRecap,
  type MonthlyRecap,
  type WorkOrderMatching,
} from '@pantau/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Query } from '../../../lib/query-string';
import { workOrderKeys } from '../api/work-order-keys';

/** Recap queries live under the SPK keys, so an SPK write or an import refreshes them too. */
const recapKey = (unitId: number | undefined, what: string, query: Query) =>
  [...workOrderKeys.all, 'recap', unitId, what, query] as const;

/** GET recap/monthly — per local month and per route. */
export const getMonthlyRecap = (query: Query): Promise<MonthlyRecap> =>
  api.getAuth('recap/monthly', { query, schema: monthlyRecap });
/** GET recap/pengemudi — per driver, sorted and paged. */
export const getDriverRecap = (query: Query): Promise<DriverRecap> =>
  api.getAuth('recap/pengemudi', { query, schema: driverRecap });
/** GET spk/matching — SPKs with their trips, and unbilled trips. */
export const getMatching = (query: Query): Promise<WorkOrderMatching> =>
  api.getAuth('spk/matching', { query, schema: workOrderMatching });

export const useMonthlyRecap = (unitId: number | undefined, query: Query | null) =>
  useQuery({
    queryKey: recapKey(unitId, 'monthly', query ?? {}),
    queryFn: () => getMonthlyRecap(query!),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });

export const useDriverRecap = (unitId: number | undefined, query: Query | null) =>
  useQuery({
    queryKey: recapKey(unitId, 'drivers', query ?? {}),
    queryFn: () => getDriverRecap(query!),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });

export const useMatching = (unitId: number | undefined, query: Query | null) =>
  useQuery({
    queryKey: recapKey(unitId, 'matching', query ?? {}),
    queryFn: () => getMatching(query!),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
