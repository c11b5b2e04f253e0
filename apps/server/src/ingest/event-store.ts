import type { Db } from '../db/client.js';
import { WriteGroup } from './write-group.js';
import { placeAndText } from '../places/place-names.js';
import type { RuleEvent } from '../rules/types.js';
import type { VehicleInfo } from '../live-state/live-state.js';

/** What a derivation found for a vehicle, on its way to the events table. */
export interface FoundEvent {
  vehicle: VehicleInfo;
  event: RuleEvent;
  /** Found from a fresh fix or the tick, so it may be pushed live. */
  live: boolean;
}

/** A stored event row, with what publishing it needs (the plate, whether it goes out live). */
export type StoredEvent = NewEventRow & { plate: string; live: boolean; eventId: number };

export interface NewEventRow {
  unitId: number;
  vehicleId: number;
  /** The vehicle's driver when the event happened. */
  driverId: number | null;
  kind: string;
  eventKey: string;
  open: boolean;
  startedAt: Date;
  endedAt: Date | null;
  maxValue: number | null;
  limitValue: number | null;
  lat: number | null;
  lon: number | null;
  location: string | null;
  attributes: Record<string, unknown> | null;
}

export interface EventEnd {
  vehicleId: number;
  eventKey: string;
  endedAt: Date;
  maxValue: number | null;
  attributes: Record<string, unknown> | null;
}

/**
 * Stores what the derivations found: an interval's start is an open row, its end closes it (in this batch
 * if the start is in this batch too, else the open row stored earlier). Answers the new rows.
 */
export async function storeEvents(tx: Db, found: FoundEvent[]): Promise<StoredEvent[]> {
  const group = new WriteGroup();
  const stored = addEventWrites(group, found);
  return stored(await group.run(tx));
}

/** Columns of a new event, as `json_populate_recordset` reads them from the batch's JSON. */
const EVENT_COLUMNS = `unit_id, vehicle_id, driver_id, kind, event_key, open, started_at, ended_at,
  duration_s, max_value, limit_value, lat, lon, location, attributes`;

/**
 * Adds the writes of what the derivations found to `group` (as `storeEvents`: new rows, and the ends
 * of intervals stored earlier), the new rows as one JSON parameter. Answers how to read the stored
 * events from the group's answer, once it has run.
 */
export function addEventWrites(
  group: WriteGroup,
  found: FoundEvent[],
): (answer: Record<string, unknown>[]) => StoredEvent[] {
  const rows: Omit<StoredEvent, 'eventId'>[] = [];
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
  closeEvents(group, ends);
  if (rows.length === 0) return () => [];
  const json = rows.map((e) => ({
    unit_id: e.unitId,
    vehicle_id: e.vehicleId,
    driver_id: e.driverId,
    kind: e.kind,
    event_key: e.eventKey,
    open: e.open,
    started_at: e.startedAt.toISOString(),
    ended_at: e.endedAt?.toISOString() ?? null,
    duration_s: e.endedAt ? Math.round((e.endedAt.getTime() - e.startedAt.getTime()) / 1000) : null,
    max_value: e.maxValue,
    limit_value: e.limitValue,
    lat: e.lat,
    lon: e.lon,
    location: e.location,
    attributes: e.attributes,
  }));
  group.add(
    'events_new',
    `INSERT INTO events (${EVENT_COLUMNS})
     SELECT ${EVENT_COLUMNS} FROM json_populate_recordset(NULL::events, ${group.param(JSON.stringify(json))}::json)
     RETURNING event_id`,
  );
  // Identities are taken in the order the rows go in, which is the JSON's.
  group.select('SELECT event_id FROM events_new ORDER BY event_id');
  return (answer) => {
    if (answer.length !== rows.length) throw new Error(`stored ${answer.length} of ${rows.length} events`);
    return rows.map((r, i) => ({ ...r, eventId: Number(answer[i]!.event_id) }));
  };
}

/**
 * Closes vehicles' open interval events whose starts were stored by earlier batches, in one statement
 * (the first end of a vehicle and key in the list, as one statement each would).
 */
function closeEvents(group: WriteGroup, ends: readonly EventEnd[]) {
  if (ends.length === 0) return;
  const seen = new Set<string>();
  const json = [];
  for (const end of ends) {
    const slot = `${end.vehicleId}:${end.eventKey}`;
    if (seen.has(slot)) continue;
    seen.add(slot);
    json.push({
      vehicle_id: end.vehicleId,
      event_key: end.eventKey,
      ended_at: end.endedAt.toISOString(),
      max_value: end.maxValue,
      attributes: end.attributes,
    });
  }
  group.add(
    'events_closed',
    `UPDATE events e SET open = false, ended_at = u.ended_at,
       duration_s = greatest(0, round(extract(epoch FROM u.ended_at - e.started_at)))::int,
       max_value = coalesce(u.max_value, e.max_value),
       attributes = coalesce(e.attributes, '{}'::jsonb) || coalesce(u.attributes, '{}'::jsonb)
     FROM json_to_recordset(${group.param(JSON.stringify(json))}::json)
       AS u(vehicle_id int, event_key text, ended_at timestamptz, max_value float8, attributes jsonb)
     WHERE e.vehicle_id = u.vehicle_id AND e.event_key = u.event_key AND e.open`,
  );
}
