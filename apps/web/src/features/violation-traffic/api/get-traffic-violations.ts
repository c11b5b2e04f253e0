import { trafficViolationList, type TrafficViolationList } from '@pantau/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Query } from '../../../lib/query-string';
import { violationTrafficKeys } from './violation-traffic-keys';

/** One page of the violations behind a bar (GET violation-traffic/violations). */
export const getTrafficViolations = (query: Query, signal?: AbortSignal): Promise<TrafficViolationList> =>
  api.getAuth('violation-traffic/violations', { query, schema: trafficViolationList, signal });

/** `query` null: no bar chosen. */
export const trafficViolationsQueryOptions = (unitId: number | undefined, query: Query | null) =>
  queryOptions({
    queryKey: violationTrafficKeys.violations(unitId, query ?? {}),
    queryFn: ({ signal }) => getTrafficViolations(query!, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useTrafficViolations = (unitId: number | undefined, query: Query | null) =>
  useQuery(trafficViolationsQueryOptions(unitId, query));
