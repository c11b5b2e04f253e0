import type {
  DashboardGroupKey,
  DashboardSummary,
  TrackingItem,
  WorkOrderRow,
  WorkOrderStatus,
} from '@pantau/contracts';
import type { TrackingService } from '../tracking/tracking.service.js';

/** The order group of a vehicle, from its current SPK (docs/decisions.md, "Dashboard groups"). */
export type OrderGroup = 'orderKosongan' | 'orderWaiting' | 'orderOnProgress' | 'orderAbnormal';

/**
 * The four order groups partition the vehicles by their current SPK: abnormal whatever its load; a
 * loaded one on progress or waiting; no SPK, or a kosongan (empty repositioning) one, is an empty order.
 */
export function orderGroupOf(
  current: Pick<WorkOrderRow, 'status' | 'kosongan'> | null | undefined,
): OrderGroup {
  if (!current) return 'orderKosongan';
  const status: WorkOrderStatus = current.status;
  if (status === 'abnormal') return 'orderAbnormal';
  if (current.kosongan) return 'orderKosongan';
  if (status === 'on_progress') return 'orderOnProgress';
  if (status === 'waiting') return 'orderWaiting';
  return 'orderKosongan';
}

const group = (items: TrackingItem[]) => ({ count: items.length, results: items.map((i) => i.kendaraanId) });

/**
 * The dashboard groups from the vehicles' live state and their current SPKs. Ignition on/off split
 * every vehicle (no signal counts as off); so do the four order groups.
 */
export function summaryOf(
  items: TrackingItem[],
  currentOf: (kendaraanId: number) => Pick<WorkOrderRow, 'status' | 'kosongan'> | undefined,
): DashboardSummary {
  const order = (g: OrderGroup) => items.filter((i) => orderGroupOf(currentOf(i.kendaraanId)) === g);
  const groups: Record<DashboardGroupKey, TrackingItem[]> = {
    allStates: items,
    gpsOff: items.filter((i) => i.gpsStatus === 'off'),
    gpsOn: items.filter((i) => i.gpsStatus === 'on'),
    ignitionOff: items.filter((i) => i.ignition !== true),
    ignitionOn: items.filter((i) => i.ignition === true),
    orderKosongan: order('orderKosongan'),
    orderWaiting: order('orderWaiting'),
    orderOnProgress: order('orderOnProgress'),
    orderAbnormal: order('orderAbnormal'),
  };
  return Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, group(v)])) as DashboardSummary;
}

export function createDashboardService(deps: {
  trackingService: Pick<TrackingService, 'listOfUnit'>;
  /** Every vehicle's current SPK in the unit, by vehicle (work-orders). */
  currentWorkOrders: (unitId: number) => Promise<Map<number, WorkOrderRow>>;
}) {
  return {
    async summary(unitId: number): Promise<DashboardSummary> {
      const [{ results }, current] = await Promise.all([
        deps.trackingService.listOfUnit(unitId),
        deps.currentWorkOrders(unitId),
      ]);
      return summaryOf(results, (id) => current.get(id));
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
