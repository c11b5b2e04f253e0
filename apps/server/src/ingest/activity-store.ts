import { rowsOf, timeOf } from '../db/rows.js';
import { BinaryArray, type ElementType } from '../db/binary-array.js';
import type { Position } from '@pantau/protocols';
import { localMidnight } from '@pantau/contracts';
import { sql } from 'drizzle-orm';
import { WriteGroup } from './write-group.js';
import type { Db } from '../db/client.js';
import type { activityDays, stops, trips } from '../db/schema/index.js';
import {
  openOf,
  tripsRule,
  type DayAcc,
  type StopRecord,
  type TripRecord,
  type TripsSlice,
} from '../rules/trips.js';
import type { RuleContext, RuleEvent } from '../rules/types.js';
import type { VehicleInfo } from '../live-state/live-state.js';

/** The kinds the trips derivation finds: kept in trips, stops and activity_days, never in `events`. */
export const ACTIVITY_KINDS: ReadonlySet<string> = new Set(['trip', 'stop', 'activity_day']);
export const isActivityEvent = (e: RuleEvent) => ACTIVITY_KINDS.has(e.kind);

/** Rows to write for a vehicle: closed ones (final) and its open trip, stop and days (rewritten as they grow). */
export interface ActivityRows {
  trips: (typeof trips.$inferInsert)[];
  stops: (typeof stops.$inferInsert)[];
  days: (typeof activityDays.$inferInsert)[];
}

export const emptyActivity = (): ActivityRows => ({ trips: [], stops: [], days: [] });

const tripRow = (v: VehicleInfo, r: TripRecord, open: boolean): typeof trips.$inferInsert => ({
  unitId: v.unitId,
  vehicleId: v.vehicleId,
  startedAt: new Date(r.startMs),
  endedAt: new Date(r.endMs),
  open,
  startLat: r.startLat,
  startLon: r.startLon,
  endLat: r.endLat,
  endLon: r.endLon,
  distanceM: r.distM,
  drivingS: Math.round(r.drivingS),
  idleS: Math.round(r.idleS),
  maxSpeed: r.maxKmh,
  halts: r.halts,
});

const stopRow = (v: VehicleInfo, r: StopRecord, open: boolean): typeof stops.$inferInsert => ({
  unitId: v.unitId,
  vehicleId: v.vehicleId,
  startedAt: new Date(r.startMs),
  endedAt: new Date(r.endMs),
  open,
  lat: r.lat,
  lon: r.lon,
  idleS: Math.round(r.idleS),
});

const dayRow = (v: VehicleInfo, d: DayAcc, closed: boolean): typeof activityDays.$inferInsert => ({
  vehicleId: v.vehicleId,
  day: d.day,
  unitId: v.unitId,
  distanceM: d.distM,
  drivingS: Math.round(d.drivingS),
  idleS: Math.round(d.idleS),
  engineS: Math.round(d.engineS),
  firstMoveAt: d.firstMoveMs === null ? null : new Date(d.firstMoveMs),
  lastMoveAt: d.lastMoveMs === null ? null : new Date(d.lastMoveMs),
  maxSpeed: d.maxKmh,
  closed,
});

/**
 * Adds a vehicle's rows: the closed trips, stops and days among `events`, then (when `slice` is given)
 * the open ones of its trips slice. `sinceMs` keeps only trips and stops that start then or later.
 */
export function addActivity(
  into: ActivityRows,
  vehicle: VehicleInfo,
  events: readonly RuleEvent[],
  slice: unknown,
  sinceMs = -Infinity,
): void {
  for (const e of events) {
    const r = e.attributes as unknown;
    if (e.kind === 'trip' && (r as TripRecord).startMs >= sinceMs)
      into.trips.push(tripRow(vehicle, r as TripRecord, false));
    else if (e.kind === 'stop' && (r as StopRecord).startMs >= sinceMs)
      into.stops.push(stopRow(vehicle, r as StopRecord, false));
    else if (e.kind === 'activity_day') into.days.push(dayRow(vehicle, r as DayAcc, true));
  }
  if (slice === undefined) return;
  const open = openOf(slice);
  if (open.trip && open.trip.startMs >= sinceMs) into.trips.push(tripRow(vehicle, open.trip, true));
  if (open.stop && open.stop.startMs >= sinceMs) into.stops.push(stopRow(vehicle, open.stop, true));
  for (const d of open.days) into.days.push(dayRow(vehicle, d, false));
}

/** The last row of each key: one statement may not write a row twice. */
function lastByKey<T extends { vehicleId: number }>(rows: T[], key: (r: T) => string | number): T[] {
  const byKey = new Map<string, T>();
  for (const r of rows) byKey.set(`${r.vehicleId}:${key(r)}`, r);
  return [...byKey.values()];
}

/** A column of an upsert: its name, its PostgreSQL array type, and how a row gives its value. */
interface Column<T> {
  name: string;
  type: string;
  of: (r: T) => number | boolean | string | Date | null | undefined;
}

/** The column types sent as binary arrays (db/binary-array.ts); the others (days) as array literals. */
const BINARY: Partial<Record<string, ElementType>> = {
  int: 'int4',
  float8: 'float8',
  real: 'float4',
  boolean: 'bool',
  timestamptz: 'timestamptz',
};

/** An array literal element: numbers, booleans, days and ISO times need no quotes. */
const element = (v: number | boolean | string | Date | null | undefined) =>
  v === null || v === undefined ? 'NULL' : v instanceof Date ? v.toISOString() : String(v);

/**
 * One `INSERT … SELECT FROM unnest(…) ON CONFLICT (key) DO UPDATE` with each column sent as one array:
 * a few parameters whatever the number of rows, where the query builder binds one per value (most of
 * the write's time with a thousand vehicles a batch). Added to `group`, sent with its other writes.
 */
function upsertRows<T>(
  group: WriteGroup,
  table: string,
  columns: readonly Column<T>[],
  key: readonly string[],
  rows: readonly T[],
): void {
  if (rows.length === 0) return;
  const arrays = columns.map((c) => {
    const type = BINARY[c.type];
    if (type) {
      const array = new BinaryArray(type, rows.length);
      for (const row of rows) {
        const v = c.of(row);
        array.push(v instanceof Date ? v.getTime() : (v as number | boolean | null | undefined));
      }
      return array.bytes();
    }
    let out = '';
    for (let i = 0; i < rows.length; i++) out += (i === 0 ? '' : ',') + element(c.of(rows[i]!));
    return `{${out}}`;
  });
  const names = columns.map((c) => c.name).join(', ');
  const update = columns
    .filter((c) => !key.includes(c.name))
    .map((c) => `${c.name} = excluded.${c.name}`)
    .join(', ');
  const unnest = arrays.map((a, i) => `${group.param(a)}::${columns[i]!.type}[]`).join(', ');
  group.add(
    `${table}_upsert`,
    `INSERT INTO ${table} (${names}) SELECT * FROM unnest(${unnest})
    ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${update}`,
  );
}

type TripRow = typeof trips.$inferInsert;
type StopRow = typeof stops.$inferInsert;
type DayRow = typeof activityDays.$inferInsert;

const TRIP_COLUMNS: Column<TripRow>[] = [
  { name: 'unit_id', type: 'int', of: (r) => r.unitId },
  { name: 'vehicle_id', type: 'int', of: (r) => r.vehicleId },
  { name: 'started_at', type: 'timestamptz', of: (r) => r.startedAt },
  { name: 'ended_at', type: 'timestamptz', of: (r) => r.endedAt },
  { name: 'open', type: 'boolean', of: (r) => r.open },
  { name: 'start_lat', type: 'float8', of: (r) => r.startLat },
  { name: 'start_lon', type: 'float8', of: (r) => r.startLon },
  { name: 'end_lat', type: 'float8', of: (r) => r.endLat },
  { name: 'end_lon', type: 'float8', of: (r) => r.endLon },
  { name: 'distance_m', type: 'float8', of: (r) => r.distanceM },
  { name: 'driving_s', type: 'int', of: (r) => r.drivingS },
  { name: 'idle_s', type: 'int', of: (r) => r.idleS },
  { name: 'max_speed', type: 'real', of: (r) => r.maxSpeed },
  { name: 'halts', type: 'int', of: (r) => r.halts },
];
const STOP_COLUMNS: Column<StopRow>[] = [
  { name: 'unit_id', type: 'int', of: (r) => r.unitId },
  { name: 'vehicle_id', type: 'int', of: (r) => r.vehicleId },
  { name: 'started_at', type: 'timestamptz', of: (r) => r.startedAt },
  { name: 'ended_at', type: 'timestamptz', of: (r) => r.endedAt },
  { name: 'open', type: 'boolean', of: (r) => r.open },
  { name: 'lat', type: 'float8', of: (r) => r.lat },
  { name: 'lon', type: 'float8', of: (r) => r.lon },
  { name: 'idle_s', type: 'int', of: (r) => r.idleS },
];
const DAY_COLUMNS: Column<DayRow>[] = [
  { name: 'vehicle_id', type: 'int', of: (r) => r.vehicleId },
  { name: 'day', type: 'date', of: (r) => r.day },
  { name: 'unit_id', type: 'int', of: (r) => r.unitId },
  { name: 'distance_m', type: 'float8', of: (r) => r.distanceM },
  { name: 'driving_s', type: 'int', of: (r) => r.drivingS },
  { name: 'idle_s', type: 'int', of: (r) => r.idleS },
  { name: 'engine_s', type: 'int', of: (r) => r.engineS },
  { name: 'first_move_at', type: 'timestamptz', of: (r) => r.firstMoveAt },
  { name: 'last_move_at', type: 'timestamptz', of: (r) => r.lastMoveAt },
  { name: 'max_speed', type: 'real', of: (r) => r.maxSpeed },
  { name: 'closed', type: 'boolean', of: (r) => r.closed },
];

/** Adds the rows' writes to `group`: one upsert per table (a trip or stop by vehicle and start, a day by vehicle and day). */
export function addActivityWrites(group: WriteGroup, rows: ActivityRows): void {
  const t = lastByKey(rows.trips, (r) => (r.startedAt as Date).getTime());
  const s = lastByKey(rows.stops, (r) => (r.startedAt as Date).getTime());
  const d = lastByKey(rows.days, (r) => r.day);
  upsertRows(group, 'trips', TRIP_COLUMNS, ['vehicle_id', 'started_at'], t);
  upsertRows(group, 'stops', STOP_COLUMNS, ['vehicle_id', 'started_at'], s);
  upsertRows(group, 'activity_days', DAY_COLUMNS, ['vehicle_id', 'day'], d);
}

/** Writes the rows, in one statement. */
export async function storeActivity(tx: Db, rows: ActivityRows): Promise<void> {
  const group = new WriteGroup();
  addActivityWrites(group, rows);
  await group.run(tx);
}

/** How far back late positions make trips and stops be worked out again. */
const MAX_REBUILD_MS = 7 * 24 * 3600_000;

/**
 * Where working a vehicle's movement out again from `fromMs` starts: the start of the stop it was in
 * then (or the last one before), so no trip is cut; at most `maxBackMs` before `fromMs`.
 */
export async function activityRebuildStart(
  tx: Db,
  vehicleId: number,
  fromMs: number,
  maxBackMs = MAX_REBUILD_MS,
): Promise<number> {
  const at = new Date(fromMs).toISOString();
  const result = await tx.execute(sql`
    SELECT max(started_at) AS start FROM stops
    WHERE vehicle_id = ${vehicleId} AND started_at <= ${at}::timestamptz`);
  const start = rowsOf(result)[0]?.start;
  const stopStart = start === null || start === undefined ? fromMs : timeOf(start);
  return Math.max(stopStart, fromMs - maxBackMs);
}

/** A vehicle's stored positions with fromMs ≤ fix time ≤ toMs, in fix-time order, as the derivations see them. */
export async function storedPositions(
  tx: Db,
  vehicle: VehicleInfo,
  fromMs: number,
  toMs: number,
  inclusiveTo = true,
): Promise<Position[]> {
  const from = new Date(fromMs).toISOString();
  const to = new Date(toMs).toISOString();
  const result = await tx.execute(sql`
    SELECT fix_time, lat, lon, speed, course, ignition, valid FROM positions
    WHERE vehicle_id = ${vehicle.vehicleId} AND fix_time >= ${from}::timestamptz
      AND ${inclusiveTo ? sql`fix_time <= ${to}::timestamptz` : sql`fix_time < ${to}::timestamptz`}
    ORDER BY fix_time`);
  return rowsOf(result).map((r) => positionOfRow(r, vehicle.trackerId));
}

/** A `positions` row (fix_time, lat, lon, speed, course, ignition, valid) as the derivations see it. */
export const positionOfRow = (r: Record<string, unknown>, trackerId: string): Position => ({
  trackerId,
  fixTime: new Date(timeOf(r.fix_time)),
  valid: Boolean(r.valid),
  lat: Number(r.lat),
  lon: Number(r.lon),
  speedKmh: Number(r.speed),
  course: r.course === null ? null : Number(r.course),
  altitude: null,
  satellites: null,
  accuracy: null,
  ignition: r.ignition === null ? null : Boolean(r.ignition),
  alarm: null,
  attributes: {},
});

/** Deletes a vehicle's trips and stops that start at or after `fromMs` (to be found again). */
export async function deleteActivityFrom(tx: Db, vehicleId: number, fromMs: number): Promise<void> {
  const from = new Date(fromMs).toISOString();
  await tx.execute(
    sql`DELETE FROM trips WHERE vehicle_id = ${vehicleId} AND started_at >= ${from}::timestamptz`,
  );
  await tx.execute(
    sql`DELETE FROM stops WHERE vehicle_id = ${vehicleId} AND started_at >= ${from}::timestamptz`,
  );
}

/**
 * Works a vehicle's trips, stops and days out again from its stored positions, from the stop it was in
 * at `startMs` (found by `activityRebuildStart`) to its latest fix `untilMs`. The derivation runs from
 * local midnight of that day, so the day's row is whole; the trips and stops from `startMs` on replace
 * the stored ones. Answers the new slice.
 */
export async function rebuildActivity(
  tx: Db,
  vehicle: VehicleInfo,
  startMs: number,
  untilMs: number,
  ctx: RuleContext,
  positions?: readonly Position[],
): Promise<TripsSlice> {
  const midnight = localMidnight(startMs, vehicle.timeZone);
  const list = positions ?? (await storedPositions(tx, vehicle, midnight, untilMs));
  const derived = tripsRule.onPositions(tripsRule.initial, list, ctx);
  await deleteActivityFrom(tx, vehicle.vehicleId, startMs);
  const rows = emptyActivity();
  addActivity(
    rows,
    vehicle,
    derived.events.map((f) => f.event),
    derived.slice,
    startMs,
  );
  await storeActivity(tx, rows);
  return derived.slice;
}
