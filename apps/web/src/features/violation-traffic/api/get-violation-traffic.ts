import { violationTraffic, type ViolationTraffic } from '@pantau/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Query } from '../../../lib/query-string';
import { violationTrafficKeys } from './violation-traffic-keys';

/** The page's counts, traffic, fleets, drivers and top 10 for a period and filters (GET violation-traffic). */
export const getViolationTraffic = (query: Query, signal?: AbortSignal): Promise<ViolationTraffic> =>
  api.getAuthLong('violation-traffic', { query, schema: violationTraffic, signal });

/** `query` null: no period chosen, nothing asked. */
export const violationTrafficQueryOptions = (unitId: number | undefined, query: Query | null) =>
  queryOptions({
    queryKey: violationTrafficKeys.page(unitId, query ?? {}),
    queryFn: ({ signal }) => getViolationTraffic(query!, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useViolationTraffic = (unitId: number | undefined, query: Query | null) =>
  useQuery(violationTrafficQueryOptions(unitId, query));
