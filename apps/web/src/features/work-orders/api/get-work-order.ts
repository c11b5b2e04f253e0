import { workOrderDetail, type WorkOrderDetail } from '@pantau/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { workOrderKeys } from './work-order-keys';

/** GET spk/{spkId} — one SPK with its milestones. */
export const getWorkOrder = (spkId: number): Promise<WorkOrderDetail> =>
  api.getAuth(`spk/${spkId}`, { schema: workOrderDetail });

export function useWorkOrder(unitId: number | undefined, spkId: number | null) {
  return useQuery({
    queryKey: workOrderKeys.detail(unitId, spkId ?? 0),
    queryFn: () => getWorkOrder(spkId!),
    enabled: spkId !== null,
    refetchInterval: 60_000,
  });
}
