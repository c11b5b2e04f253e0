import { workOrderList, type WorkOrderKind, type WorkOrderList } from '@pantau/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Query } from '../../../lib/query-string';
import { workOrderKeys } from './work-order-keys';

/** GET spk — one page of one kind: `Take`, `Skip`, the filters and the sort. */
export const getWorkOrders = (kind: WorkOrderKind, query: Query): Promise<WorkOrderList> =>
  api.getAuth('spk', { query: { ...query, kind }, schema: workOrderList });

export function useWorkOrders(unitId: number | undefined, kind: WorkOrderKind, query: Query) {
  return useQuery({
    queryKey: workOrderKeys.page(unitId, kind, query),
    queryFn: () => getWorkOrders(kind, query),
    placeholderData: keepPreviousData,
    // Milestones arrive from the GPS while the page is open.
    refetchInterval: 60_000,
  });
}
