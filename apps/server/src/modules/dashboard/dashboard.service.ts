import type { DashboardGroupKey, DashboardSummary, TrackingItem } from '@pantau/contracts';
import type { TrackingService } from '../tracking/tracking.service.js';

const group = (items: TrackingItem[]) => ({ count: items.length, results: items.map((i) => i.kendaraanId) });

/**
 * The dashboard groups from the vehicles' live state. Ignition on/off split every vehicle (no signal
 * counts as off). Until work orders exist every vehicle is `orderKosongan` (no order) and the other
 * order groups are empty; the work-order issue fills them.
 */
export function summaryOf(items: TrackingItem[]): DashboardSummary {
  const groups: Record<DashboardGroupKey, TrackingItem[]> = {
    allStates: items,
    gpsOff: items.filter((i) => i.gpsStatus === 'off'),
    gpsOn: items.filter((i) => i.gpsStatus === 'on'),
    ignitionOff: items.filter((i) => i.ignition !== true),
    ignitionOn: items.filter((i) => i.ignition === true),
    orderKosongan: items,
    orderWaiting: [],
    orderOnProgress: [],
    orderAbnormal: [],
  };
  return Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, group(v)])) as DashboardSummary;
}

export function createDashboardService(deps: { trackingService: TrackingService }) {
  return {
    async summary(unitId: number): Promise<DashboardSummary> {
      const { results } = await deps.trackingService.listOfUnit(unitId);
      return summaryOf(results);
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
