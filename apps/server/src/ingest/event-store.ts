import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { events } from '../db/schema/index.js';
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
  for (const end of ends) await closeEvent(tx, end);
  const ids = await insertEvents(
    tx,
    rows.map(({ plate: _plate, live: _live, ...row }) => row),
  );
  return rows.map((r, i) => ({ ...r, eventId: ids[i]! }));
}

/** Stores new events; answers their ids in the same order. */
export async function insertEvents(db: Db, list: NewEventRow[]): Promise<number[]> {
  if (list.length === 0) return [];
  const ids = await db
    .insert(events)
    .values(
      list.map((e) => ({
        ...e,
        durationS: e.endedAt ? Math.round((e.endedAt.getTime() - e.startedAt.getTime()) / 1000) : null,
      })),
    )
    .returning({ eventId: events.eventId });
  return ids.map((r) => r.eventId);
}

/** Closes a vehicle's open interval event with that key (its start was stored by an earlier batch). */
export async function closeEvent(db: Db, end: EventEnd) {
  await db.execute(sql`
    UPDATE events SET open = false, ended_at = ${end.endedAt.toISOString()}::timestamptz,
      duration_s = greatest(0, round(extract(epoch FROM ${end.endedAt.toISOString()}::timestamptz - started_at)))::int,
      max_value = coalesce(${end.maxValue}::float8, max_value),
      attributes = coalesce(attributes, '{}'::jsonb) || coalesce(${end.attributes ? JSON.stringify(end.attributes) : null}::jsonb, '{}'::jsonb)
    WHERE vehicle_id = ${end.vehicleId} AND event_key = ${end.eventKey} AND open`);
}
