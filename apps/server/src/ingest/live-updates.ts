import type { TrackingItem } from '@pantau/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { isNotifying, notificationOf } from '../live-state/notification.js';
import type { LiveEvent } from '../plugins/live.js';
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
 * Tells the live hub what a commit changed: the moved vehicles' items per unit, the new events that
 * notify (those found from fresh fixes), and the units whose dashboard summary changed.
 */
export function publishChanges(
  moved: readonly Moved[],
  events: readonly StoredEvent[],
  now: Date,
  vehicles: VehicleIndex,
  publish: (event: LiveEvent) => void,
  logger: Pick<FastifyBaseLogger, 'error'>,
): void {
  const changed = new Map<number, TrackingItem[]>();
  const summaryUnits = new Set<number>();
  for (const { vehicleId, before, state } of moved) {
    const vehicle = vehicles.get(vehicleId);
    if (!vehicle) continue;
    const item = trackingItemOf(vehicle, state, now, vehicles.thresholdsOf(vehicleId));
    const list = changed.get(vehicle.unitId);
    if (list) list.push(item);
    else changed.set(vehicle.unitId, [item]);
    if (changesSummary(before, state)) summaryUnits.add(vehicle.unitId);
  }
  try {
    for (const [unitId, items] of changed) publish({ type: 'positions', unitId, items });
    for (const e of events)
      if (e.live && isNotifying(e.kind, e.attributes))
        publish({ type: 'notification', unitId: e.unitId, data: notificationOf(e) });
    for (const unitId of summaryUnits) publish({ type: 'summary', unitId });
  } catch (err) {
    logger.error({ err }, 'publishing live updates failed');
  }
}
