import type { Db } from '../db/client.js';
import type { RuleContext, RuleThresholds } from '../rules/types.js';
import type { GeographyCache } from './geography.js';
import { isStopAllowedAt } from './places.js';
import { loadVehicles } from './position-store.js';
import type { VehicleInfo } from '../live-state/live-state.js';

/** The registered vehicles, by tracker id and by id, with the thresholds their derivations use. */
export class VehicleIndex {
  private byTracker = new Map<string, VehicleInfo>();
  private byId = new Map<number, VehicleInfo>();
  private thresholds = new Map<number, RuleThresholds>();
  private inactive = new Set<number>();
  /** When the index was last read (epoch ms). */
  refreshedAt = 0;

  constructor(
    private readonly thresholdsFor: (vehicle: VehicleInfo) => RuleThresholds,
    private readonly geography: GeographyCache,
  ) {}

  async refresh(db: Db): Promise<void> {
    const { list, inactive } = await loadVehicles(db);
    this.inactive = inactive;
    this.byTracker = new Map(list.map((v) => [v.trackerId, v]));
    this.byId = new Map(list.map((v) => [v.vehicleId, v]));
    this.thresholds = new Map(list.map((v) => [v.vehicleId, this.thresholdsFor(v)]));
    this.refreshedAt = Date.now();
  }

  byTrackerId(trackerId: string): VehicleInfo | undefined {
    return this.byTracker.get(trackerId);
  }

  get(vehicleId: number): VehicleInfo | undefined {
    return this.byId.get(vehicleId);
  }

  /**
   * Whether the vehicle is in service. A deactivated vehicle's tracker is still heard and its history
   * kept, but the live views (tracking, the dashboard, the map) show only the vehicles in service.
   */
  isActive(vehicleId: number): boolean {
    return !this.inactive.has(vehicleId);
  }

  /** Every registered vehicle by id. */
  get all(): ReadonlyMap<number, VehicleInfo> {
    return this.byId;
  }

  thresholdsOf(vehicleId: number): RuleThresholds {
    return this.thresholds.get(vehicleId)!;
  }

  /** What a vehicle's derivations may ask about the world. */
  contextOf(v: VehicleInfo): RuleContext {
    return {
      vehicle: { kendaraanId: v.vehicleId, unitId: v.unitId, timeZone: v.timeZone },
      thresholds: this.thresholds.get(v.vehicleId)!,
      isStopAllowedAt,
      geography: this.geography.geographyOf(v.unitId),
      route: this.geography.routeOf(v.unitId, v.vehicleId),
    };
  }
}
