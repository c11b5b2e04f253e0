import { workOrderKindLabels, type WorkOrderKind, type WorkOrderKindLabel } from '@pantau/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { workOrderKeys } from './work-order-keys';

/** GET spk/kinds — the unit's labels of CCR and DT. */
export const getWorkOrderKinds = () => api.getAuth('spk/kinds', { schema: workOrderKindLabels });
/** PUT spk/kinds — rename them (Administrator). */
export const putWorkOrderKinds = (results: WorkOrderKindLabel[]) =>
  api.put('spk/kinds', { body: { results }, schema: workOrderKindLabels });

export function useWorkOrderKinds(unitId: number | undefined) {
  return useQuery({
    queryKey: workOrderKeys.kinds(unitId),
    queryFn: getWorkOrderKinds,
    staleTime: 5 * 60_000,
  });
}

/** The unit's label of a kind, once known. */
export function useKindLabel(
  unitId: number | undefined,
  kind: WorkOrderKind,
): WorkOrderKindLabel | undefined {
  return useWorkOrderKinds(unitId).data?.results.find((k) => k.kind === kind);
}

export function useSaveWorkOrderKinds(unitId: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putWorkOrderKinds,
    onSuccess: (saved) => client.setQueryData(workOrderKeys.kinds(unitId), saved),
  });
}
