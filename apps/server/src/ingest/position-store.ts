import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { events, vehicles, vehicleState } from '../db/schema/index.js';
import type { IngestSource } from './types.js';
import type { LiveState, VehicleInfo } from './vehicle-state.js';

/**
 * The pipeline's SQL: one multi-row statement per table per batch (`unnest` of array parameters), so
 * a batch of a thousand positions costs a handful of round trips (DESIGN.md §8: single-row inserts
 * manage ~3k rows/s, unnest batches 60–100k).
 */

export interface PositionRow {
  vehicleId: number;
  fixTime: Date;
  serverTime: Date;
  lat: number;
  lon: number;
  speed: number;
  course: number | null;
  altitude: number | null;
  satellites: number | null;
  accuracy: number | null;
  ignition: boolean | null;
  valid: boolean;
  odometerKm: number | null;
  attributes: Record<string, unknown>;
}

export interface NewEventRow {
  unitId: number;
  vehicleId: number;
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

const arr = (values: unknown[]) => sql.param(values);
const iso = (d: Date) => d.toISOString();

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Appends positions; a (vehicle, fix time) already stored is skipped. Answers the keys inserted. */
export async function insertPositions(db: Db, batch: PositionRow[]): Promise<Set<string>> {
  if (batch.length === 0) return new Set();
  const inserted = await rows<{ v: number; t: number }>(
    db,
    sql`INSERT INTO positions (vehicle_id, fix_time, server_time, lat, lon, speed, course, altitude,
          satellites, accuracy, ignition, valid, odometer_km, attributes)
        SELECT * FROM unnest(
          ${arr(batch.map((r) => r.vehicleId))}::int[],
          ${arr(batch.map((r) => iso(r.fixTime)))}::timestamptz[],
          ${arr(batch.map((r) => iso(r.serverTime)))}::timestamptz[],
          ${arr(batch.map((r) => r.lat))}::float8[],
          ${arr(batch.map((r) => r.lon))}::float8[],
          ${arr(batch.map((r) => r.speed))}::real[],
          ${arr(batch.map((r) => r.course))}::real[],
          ${arr(batch.map((r) => r.altitude))}::real[],
          ${arr(batch.map((r) => r.satellites))}::smallint[],
          ${arr(batch.map((r) => r.accuracy))}::real[],
          ${arr(batch.map((r) => r.ignition))}::boolean[],
          ${arr(batch.map((r) => r.valid))}::boolean[],
          ${arr(batch.map((r) => r.odometerKm))}::float8[],
          ${arr(batch.map((r) => (Object.keys(r.attributes).length ? JSON.stringify(r.attributes) : null)))}::jsonb[])
        ON CONFLICT (vehicle_id, fix_time) DO NOTHING
        RETURNING vehicle_id AS v, (extract(epoch FROM fix_time) * 1000)::float8 AS t`,
  );
  return new Set(inserted.map((r) => positionKey(Number(r.v), Math.round(Number(r.t)))));
}

export const positionKey = (vehicleId: number, fixTimeMs: number) => `${vehicleId}:${fixTimeMs}`;

/** Writes the live state of the given vehicles (insert or replace). */
export async function upsertStates(db: Db, states: { vehicleId: number; s: LiveState }[], now: Date) {
  if (states.length === 0) return;
  const col = <T>(f: (s: LiveState) => T) => arr(states.map(({ s }) => f(s)));
  await db.execute(sql`
    INSERT INTO vehicle_state (vehicle_id, fix_time, server_time, lat, lon, speed, course, ignition, valid,
      odometer_km, motion, gps_status, day, today_distance_km, today_engine_s, rule_state, updated_at)
    SELECT u.*, ${iso(now)}::timestamptz FROM unnest(
      ${arr(states.map((x) => x.vehicleId))}::int[],
      ${col((s) => iso(s.fixTime))}::timestamptz[],
      ${col((s) => iso(s.serverTime))}::timestamptz[],
      ${col((s) => s.lat)}::float8[],
      ${col((s) => s.lon)}::float8[],
      ${col((s) => s.speed)}::real[],
      ${col((s) => s.course)}::real[],
      ${col((s) => s.ignition)}::boolean[],
      ${col((s) => s.valid)}::boolean[],
      ${col((s) => s.odometerKm)}::float8[],
      ${col((s) => s.motion)}::text[],
      ${col((s) => s.gpsStatus)}::text[],
      ${col((s) => s.day)}::date[],
      ${col((s) => s.todayDistanceKm)}::float8[],
      ${col((s) => s.todayEngineS)}::int[],
      ${col((s) => JSON.stringify(s.ruleState))}::jsonb[]) AS u
    ON CONFLICT (vehicle_id) DO UPDATE SET
      fix_time = excluded.fix_time, server_time = excluded.server_time, lat = excluded.lat,
      lon = excluded.lon, speed = excluded.speed, course = excluded.course, ignition = excluded.ignition,
      valid = excluded.valid, odometer_km = excluded.odometer_km, motion = excluded.motion,
      gps_status = excluded.gps_status, day = excluded.day, today_distance_km = excluded.today_distance_km,
      today_engine_s = excluded.today_engine_s, rule_state = excluded.rule_state,
      updated_at = excluded.updated_at`);
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
    UPDATE events SET open = false, ended_at = ${iso(end.endedAt)}::timestamptz,
      duration_s = greatest(0, round(extract(epoch FROM ${iso(end.endedAt)}::timestamptz - started_at)))::int,
      max_value = coalesce(${end.maxValue}::float8, max_value),
      attributes = coalesce(attributes, '{}'::jsonb) || coalesce(${end.attributes ? JSON.stringify(end.attributes) : null}::jsonb, '{}'::jsonb)
    WHERE vehicle_id = ${end.vehicleId} AND event_key = ${end.eventKey} AND open`);
}

/** Counts messages of unregistered trackers (one statement for all of them). */
export async function noteUnknownTrackers(
  db: Db,
  seen: { trackerId: string; source: IngestSource; messages: number; at: Date }[],
) {
  if (seen.length === 0) return;
  await db.execute(sql`
    INSERT INTO unknown_trackers (tracker_id, protocol, remote_address, first_seen, last_seen, messages)
    SELECT t, p, r, s, s, m FROM unnest(
      ${arr(seen.map((x) => x.trackerId))}::text[],
      ${arr(seen.map((x) => x.source.protocol))}::text[],
      ${arr(seen.map((x) => x.source.remoteAddress ?? null))}::text[],
      ${arr(seen.map((x) => iso(x.at)))}::timestamptz[],
      ${arr(seen.map((x) => x.messages))}::bigint[]) AS u(t, p, r, s, m)
    ON CONFLICT (tracker_id) DO UPDATE SET protocol = excluded.protocol,
      remote_address = coalesce(excluded.remote_address, unknown_trackers.remote_address),
      last_seen = excluded.last_seen, messages = unknown_trackers.messages + excluded.messages`);
}

export async function loadVehicles(db: Db): Promise<VehicleInfo[]> {
  return db
    .select({
      vehicleId: vehicles.vehicleId,
      unitId: vehicles.unitId,
      trackerId: vehicles.trackerId,
      plate: vehicles.plateNumber,
      hull: vehicles.hullNumber,
      vehicleClass: vehicles.vehicleClass,
      speedLimit: vehicles.speedLimit,
      odometer: vehicles.odometer,
    })
    .from(vehicles);
}

export type StateRow = typeof vehicleState.$inferSelect;

export const liveStateOf = (r: StateRow): LiveState => ({
  fixTime: r.fixTime,
  serverTime: r.serverTime,
  lat: r.lat,
  lon: r.lon,
  speed: r.speed,
  course: r.course,
  ignition: r.ignition,
  valid: r.valid,
  odometerKm: r.odometerKm,
  motion: r.motion,
  gpsStatus: r.gpsStatus,
  day: r.day,
  todayDistanceKm: r.todayDistanceKm,
  todayEngineS: r.todayEngineS,
  ruleState: r.ruleState,
});

export async function loadStates(db: Db): Promise<Map<number, LiveState>> {
  const list = await db.select().from(vehicleState);
  return new Map(list.map((r) => [r.vehicleId, liveStateOf(r)]));
}
