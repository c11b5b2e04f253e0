import type { GpsLogQuery, TrackingItem, TrackingList } from '@pantau/contracts';
import { NotFoundError } from '../../errors.js';
import { checkedPeriod, MAX_PERIOD_DAYS } from '../../lib/period.js';
import { liveStateOf } from '../../live-state/stored-state.js';
import { trackingItemOf, type LiveState, type VehicleInfo } from '../../live-state/live-state.js';
import type { RuleThresholds } from '../../rules/types.js';
import type { TrackingRepo } from './tracking.repo.js';

/** The longest period one `logs/gps` call may ask for. */
export const MAX_GPS_LOG_DAYS = MAX_PERIOD_DAYS;

export function createTrackingService(deps: {
  trackingRepo: TrackingRepo;
  clock: () => Date;
  thresholdsFor(vehicle: VehicleInfo): RuleThresholds;
  /** The pipeline's in-memory state of a vehicle, newer than its `vehicle_state` row between flushes. */
  liveState?: (vehicleId: number) => LiveState | null;
}) {
  const { trackingRepo, clock } = deps;
  /**
   * This instance's state, unless the stored row has a later fix (another instance took the
   * vehicle's last positions and this one has not read them yet).
   */
  const stateOf = (vehicleId: number, row: Parameters<typeof liveStateOf>[0] | null | undefined) => {
    const live = deps.liveState?.(vehicleId) ?? null;
    if (!row) return live;
    return !live || row.fixTime > live.fixTime ? liveStateOf(row) : live;
  };
  return {
    /**
     * The unit's vehicles with their latest state; every vehicle unless a page is asked for. `then`
     * sees the items in the turn they are built (nothing else runs between).
     */
    async listOfUnit(
      unitId: number,
      page: { Take?: number; Skip?: number } = {},
      then: (items: TrackingItem[]) => TrackingList = (results) => ({ count: results.length, results }),
    ): Promise<TrackingList> {
      const paged = page.Take !== undefined || page.Skip !== undefined;
      const [total, rows] = [
        await trackingRepo.countOfUnit(unitId),
        await trackingRepo.vehiclesOfUnit(
          unitId,
          paged ? { take: page.Take ?? 1000, skip: page.Skip ?? 0 } : undefined,
        ),
      ];
      const now = clock();
      const results: TrackingItem[] = rows.map(({ vehicle, state }) =>
        trackingItemOf(vehicle, stateOf(vehicle.vehicleId, state), now, deps.thresholdsFor(vehicle)),
      );
      return { ...then(results), count: total };
    },

    /** One vehicle's latest state by id, or null when there is no such vehicle (shared live-location link). */
    async itemOfVehicle(vehicleId: number): Promise<TrackingItem | null> {
      const row = await trackingRepo.vehicleById(vehicleId);
      if (!row) return null;
      const { vehicle, state } = row;
      const live = stateOf(vehicle.vehicleId, state);
      return trackingItemOf(vehicle, live, clock(), deps.thresholdsFor(vehicle));
    },

    /** The `GpsLogList` answer as JSON text (the page's rows are written by the database). */
    async gpsLogJson(unitId: number, q: GpsLogQuery): Promise<string> {
      const { from, to } = checkedPeriod(q);
      if (!(await trackingRepo.isVehicleOfUnit(q.kendaraanId, unitId)))
        throw new NotFoundError('No such vehicle in this unit');
      const { count, json } = await trackingRepo.positionsPageJson(q.kendaraanId, from, to, q.Take, q.Skip);
      return `{"count":${count},"results":${json}}`;
    },
  };
}
export type TrackingService = ReturnType<typeof createTrackingService>;
