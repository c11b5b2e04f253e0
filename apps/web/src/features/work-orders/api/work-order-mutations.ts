import {
  workOrderDetail,
  workOrderSaved,
  type MilestoneCorrection,
  type MilestoneKind,
  type WorkOrderInput,
  type WorkOrderSaved,
} from '@pantau/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { workOrderKeys } from './work-order-keys';

/** POST spk (201) — answers the SPK and the warnings it was saved with. */
export const createWorkOrder = (input: WorkOrderInput) =>
  api.postAuth('spk', { body: input, schema: workOrderSaved });
/** PUT spk/{spkId} — a waiting, on progress or abnormal SPK. */
export const updateWorkOrder = (spkId: number, input: WorkOrderInput) =>
  api.put(`spk/${spkId}`, { body: input, schema: workOrderSaved });
/** POST spk/{spkId}/cancel, with an optional reason. */
export const cancelWorkOrder = (spkId: number, reason: string | null) =>
  api.postAuth(`spk/${spkId}/cancel`, { body: { reason }, schema: workOrderDetail });
/** PUT spk/{spkId}/milestones/{milestone} — a correction, a clearing (at null) or a revert. */
export const correctMilestone = (spkId: number, milestone: MilestoneKind, body: MilestoneCorrection) =>
  api.put(`spk/${spkId}/milestones/${milestone}`, { body, schema: workOrderDetail });

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: workOrderKeys.all });
}

/** Creates (spkId null) or saves an SPK. */
export function useSaveWorkOrder() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: ({
      spkId,
      input,
    }: {
      spkId: number | null;
      input: WorkOrderInput;
    }): Promise<WorkOrderSaved> => (spkId === null ? createWorkOrder(input) : updateWorkOrder(spkId, input)),
    onSuccess,
  });
}

export function useCancelWorkOrder() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: ({ spkId, reason }: { spkId: number; reason: string | null }) =>
      cancelWorkOrder(spkId, reason),
    onSuccess,
  });
}

export function useCorrectMilestone() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (v: { spkId: number; milestone: MilestoneKind; body: MilestoneCorrection }) =>
      correctMilestone(v.spkId, v.milestone, v.body),
    onSuccess,
  });
}
