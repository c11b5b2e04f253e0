import type { TrackingItem } from '@pantau/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { isNotifying, notificationOf } from '../live-state/notification.js';
import type { LiveEvent } from '../plugins/live.js';
import type { MovedVehicle } from '../plugins/live-events.js';
import type { StoredEvent } from './event-store.js';
import type { VehicleIndex } from './vehicle-index.js';
import { trackingItemOf, type LiveState } from '../live-state/live-state.js';
import { changesSummary } from './vehicle-state.js';

/** A vehicle's live state before and after a commit. */
export interface Moved {
  vehicleId: number;
  before: LiveState | null;
  state: LiveState;
}

/**
 * Tells the live hub what a commit changed: the moved vehicles per unit (each one's item is built when
 * the hub sends it, if anyone listens), the new events that
 * notify (those found from fresh fixes), and the units whose dashboard summary changed. A deactivated
 * vehicle is in none of them: its fixes and events are stored, but the live views show vehicles in service.
 */
export function publishChanges(
  moved: readonly Moved[],
  events: readonly StoredEvent[],
  now: Date,
  vehicles: VehicleIndex,
  publish: (event: LiveEvent) => void,
  logger: Pick<FastifyBaseLogger, 'error'>,
): void {
  const changed = new Map<number, MovedVehicle[]>();
  const summaryUnits = new Set<number>();
  for (const { vehicleId, before, state } of moved) {
    const vehicle = vehicles.get(vehicleId);
    if (!vehicle || !vehicles.isActive(vehicleId)) continue;
    let built: TrackingItem | undefined;
    const m: MovedVehicle = {
      kendaraanId: vehicleId,
      item: () => (built ??= trackingItemOf(vehicle, state, now, vehicles.thresholdsOf(vehicleId))),
    };
    const list = changed.get(vehicle.unitId);
    if (list) list.push(m);
    else changed.set(vehicle.unitId, [m]);
    if (changesSummary(before, state)) summaryUnits.add(vehicle.unitId);
  }
  try {
    for (const [unitId, list] of changed) publish({ type: 'moved', unitId, vehicles: list });
    for (const e of events)
      if (e.live && isNotifying(e.kind, e.attributes) && vehicles.isActive(e.vehicleId))
        publish({ type: 'notification', unitId: e.unitId, data: notificationOf(e) });
    for (const unitId of summaryUnits) publish({ type: 'summary', unitId });
  } catch (err) {
    logger.error({ err }, 'publishing live updates failed');
  }
}
