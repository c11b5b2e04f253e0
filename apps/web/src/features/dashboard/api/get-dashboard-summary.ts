import { dashboardSummary, type DashboardSummary } from '@pantau/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client';
import { useLiveStore } from '../../../lib/live/live-store';
import { useLiveEvent } from '../../../lib/live/use-live-vehicles';

export const dashboardSummaryKeys = {
  all: ['dashboard-summary'] as const,
  unit: (unitId: number | undefined) => [...dashboardSummaryKeys.all, unitId] as const,
};

/** GET dashboard/summary — the nine dashboard groups of the chosen unit (spec §3, S-047). */
export const getDashboardSummary = (): Promise<DashboardSummary> =>
  api.getAuth('dashboard/summary', { schema: dashboardSummary });

export const dashboardSummaryQueryOptions = (unitId: number | undefined) =>
  queryOptions({
    queryKey: dashboardSummaryKeys.unit(unitId),
    queryFn: getDashboardSummary,
  });

/** The groups, kept current by the live channel's `summary` messages. */
export function useDashboardSummary(unitId: number | undefined) {
  const queryClient = useQueryClient();
  // The socket parses every message with the contract before it reaches us.
  useLiveEvent('summary', (data) => queryClient.setQueryData(dashboardSummaryKeys.unit(unitId), data));
  // The server sends a summary only when a group changes: one fetched before the socket opened
  // could miss a change for a long time, so take a fresh one each time the socket (re)opens.
  const open = useLiveStore((s) => s.connection === 'open');
  useEffect(() => {
    if (open) void queryClient.invalidateQueries({ queryKey: dashboardSummaryKeys.unit(unitId) });
  }, [open, queryClient, unitId]);
  return useQuery(dashboardSummaryQueryOptions(unitId));
}
