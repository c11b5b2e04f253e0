import {
  currentWorkOrder,
  workOrderKindLabels,
  workOrderUnitList,
  type DashboardSummary,
  type WorkOrderDetail,
  type WorkOrderKind,
  type WorkOrderRow,
} from '@pantau/contracts';
import { queryOptions, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useRef } from 'react';
import { api } from '../api-client';
import { useLiveEvent } from '../live/use-live-vehicles';
import { getEveryPage } from './every-page';

/**
 * Each vehicle's current SPK as the dashboard's table and the vehicle drawer show it (`spk/unit`,
 * `spk/current`), and the unit's labels of the kinds (`spk/kinds`). Every key starts with `spk`, so an
 * SPK write that refreshes `spk` refreshes these too.
 */
export const currentWorkOrderKeys = {
  all: ['spk'] as const,
  current: ['spk', 'current'] as const,
  byVehicle: (unitId: number | undefined) => [...currentWorkOrderKeys.current, 'unit', unitId] as const,
  ofVehicle: (unitId: number | undefined, kendaraanId: number | null) =>
    [...currentWorkOrderKeys.current, 'vehicle', unitId, kendaraanId] as const,
  kinds: (unitId: number | undefined) => [...currentWorkOrderKeys.all, 'kinds', unitId] as const,
};

/** The current SPK of every vehicle of the unit that has one, by kendaraanId. */
export async function getCurrentWorkOrders(): Promise<Map<number, WorkOrderRow>> {
  const rows = await getEveryPage('spk/unit', workOrderUnitList);
  return new Map(rows.flatMap((r) => (r.current ? [[r.kendaraanId, r.current] as const] : [])));
}

export const currentWorkOrdersQueryOptions = (unitId: number | undefined) =>
  queryOptions({
    queryKey: currentWorkOrderKeys.byVehicle(unitId),
    queryFn: getCurrentWorkOrders,
    // Milestones move without a status change (the next one, the ETA): look again now and then.
    refetchInterval: 60_000,
  });

/** GET spk/current — the vehicle's current SPK with its milestones, or null. */
export const getCurrentWorkOrder = async (kendaraanId: number): Promise<WorkOrderDetail | null> =>
  (await api.getAuth('spk/current', { query: { kendaraanId }, schema: currentWorkOrder })).spk;

export const currentWorkOrderQueryOptions = (unitId: number | undefined, kendaraanId: number | null) =>
  queryOptions({
    queryKey: currentWorkOrderKeys.ofVehicle(unitId, kendaraanId),
    queryFn: () => getCurrentWorkOrder(kendaraanId!),
    enabled: kendaraanId !== null,
    refetchInterval: 30_000,
  });

/** The unit's labels of the kinds, `{ results }` as `spk/kinds` answers (the SPK pages share the key). */
export const workOrderKindsQueryOptions = (unitId: number | undefined) =>
  queryOptions({
    queryKey: currentWorkOrderKeys.kinds(unitId),
    queryFn: () => api.getAuth('spk/kinds', { schema: workOrderKindLabels }),
    staleTime: 5 * 60_000,
  });

/** The label of a kind: the unit's, else the code. */
export function useWorkOrderKindLabel(unitId: number | undefined): (kind: WorkOrderKind) => string {
  const { data } = useQuery(workOrderKindsQueryOptions(unitId));
  return (kind) => data?.results.find((k) => k.kind === kind)?.label ?? kind.toUpperCase();
}

const orderGroupsOf = (s: DashboardSummary) =>
  JSON.stringify([s.orderKosongan, s.orderWaiting, s.orderOnProgress, s.orderAbnormal].map((g) => g.results));

/**
 * Refetches SPK queries (by default the current SPKs) when a live summary moves a vehicle between order
 * groups (an SPK's status changed, one was made or cancelled); later summaries that only move GPS or
 * ignition leave them alone. The server sends a summary only after something changed, so the first one
 * refetches too.
 */
export function useRefreshOnOrderChanges(
  queryKeys: readonly QueryKey[] = [currentWorkOrderKeys.current],
): void {
  const queryClient = useQueryClient();
  const last = useRef<string | null>(null);
  useLiveEvent('summary', (data) => {
    const groups = orderGroupsOf(data);
    if (last.current !== groups)
      for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
    last.current = groups;
  });
}
