import type { RuleEvent } from '../rules/types.js';
import type { Db } from '../db/client.js';
import { placeAndText } from '../places/place-names.js';
import { closeEvent, insertEvents, type EventEnd, type NewEventRow } from './position-store.js';
import type { VehicleInfo } from '../live-state/live-state.js';

/** What a rule found for a vehicle, on its way to the events table. */
export interface FoundEvent {
  vehicle: VehicleInfo;
  event: RuleEvent;
  /** Found from a fresh fix or the tick, so it may be pushed live. */
  live: boolean;
}

/**
 * Stores what the rules found: an interval's start is an open row, its end closes it (in this batch
 * if the start is in this batch too, else the open row stored earlier). Answers the new rows.
 */
export async function storeEvents(tx: Db, found: FoundEvent[]) {
  const rows: (NewEventRow & { plate: string; live: boolean })[] = [];
  const openInBatch = new Map<string, number>();
  const ends: EventEnd[] = [];
  for (const { vehicle, event: e, live } of found) {
    const slot = `${vehicle.vehicleId}:${e.key}`;
    if (e.phase === 'end') {
      const k = openInBatch.get(slot);
      if (k !== undefined) {
        const row = rows[k]!;
        row.open = false;
        row.endedAt = e.endedAt ?? e.startedAt;
        row.maxValue = e.maxValue ?? row.maxValue;
        if (e.attributes) row.attributes = { ...row.attributes, ...e.attributes };
        openInBatch.delete(slot);
      } else
        ends.push({
          vehicleId: vehicle.vehicleId,
          eventKey: e.key,
          endedAt: e.endedAt ?? e.startedAt,
          maxValue: e.maxValue,
          attributes: e.attributes ?? null,
        });
      continue;
    }
    if (e.phase === 'start') openInBatch.set(slot, rows.length);
    rows.push({
      unitId: vehicle.unitId,
      vehicleId: vehicle.vehicleId,
      driverId: vehicle.driver?.pengemudiId ?? null,
      kind: e.kind,
      eventKey: e.key,
      open: e.phase === 'start',
      startedAt: e.startedAt,
      endedAt: e.endedAt,
      maxValue: e.maxValue,
      limitValue: e.limitValue,
      lat: e.lat,
      lon: e.lon,
      location: placeAndText(e.lat, e.lon, e.kind === 'overspeed' ? (e.maxValue ?? 0) : 0).location,
      attributes: e.attributes ?? null,
      plate: vehicle.plate,
      live,
    });
  }
  for (const end of ends) await closeEvent(tx, end);
  const ids = await insertEvents(
    tx,
    rows.map(({ plate: _plate, live: _live, ...row }) => row),
  );
  return rows.map((r, i) => ({ ...r, eventId: ids[i]! }));
}
