import { rowsOf, timeOf } from '../db/rows.js';
import type { Position } from '@pantau/protocols';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { geofenceVisitsRule, type VisitsSlice } from '../rules/geofence-visits.js';
import type { RuleContext, RuleEvent } from '../rules/types.js';
import type { LiveState, VehicleInfo } from '../live-state/live-state.js';
import { storeEvents, type FoundEvent, type StoredEvent } from './event-store.js';

/**
 * The visits (`geofence_visits`) follow the visits derivation's crossings: an enter opens a visit, an
 * exit closes the vehicle's open visit of that geofence. A geofence deleted meanwhile has no visits.
 */
export async function storeVisits(tx: Db, found: readonly FoundEvent[]): Promise<void> {
  for (const { vehicle, event } of found) {
    if (event.kind !== 'geofence_enter' && event.kind !== 'geofence_exit') continue;
    const geofenceId = Number(event.attributes?.geofenceId);
    if (!Number.isInteger(geofenceId)) continue;
    if (event.kind === 'geofence_enter') await openVisit(tx, vehicle, geofenceId, event.startedAt);
    else await closeVisit(tx, vehicle, geofenceId, event);
  }
}

async function openVisit(tx: Db, vehicle: VehicleInfo, geofenceId: number, enter: Date) {
  await tx.execute(sql`
    INSERT INTO geofence_visits (unit_id, vehicle_id, geofence_id, enter_time, open)
    SELECT ${vehicle.unitId}, ${vehicle.vehicleId}, geofence_id, ${enter.toISOString()}::timestamptz, true
    FROM geofences WHERE geofence_id = ${geofenceId}
    ON CONFLICT (vehicle_id, geofence_id) WHERE open DO NOTHING`);
}

async function closeVisit(tx: Db, vehicle: VehicleInfo, geofenceId: number, exit: RuleEvent) {
  const exitAt = exit.startedAt.toISOString();
  const enteredAt = typeof exit.attributes?.enteredAt === 'string' ? exit.attributes.enteredAt : exitAt;
  // The open visit, or (its enter stored before visits were kept) a closed one from the exit's facts.
  await tx.execute(sql`
    WITH closed AS (
      UPDATE geofence_visits SET exit_time = ${exitAt}::timestamptz, open = false,
        duration_s = greatest(0, round(extract(epoch FROM ${exitAt}::timestamptz - enter_time)))::int
      WHERE vehicle_id = ${vehicle.vehicleId} AND geofence_id = ${geofenceId} AND open
      RETURNING visit_id)
    INSERT INTO geofence_visits (unit_id, vehicle_id, geofence_id, enter_time, exit_time, duration_s, open)
    SELECT ${vehicle.unitId}, ${vehicle.vehicleId}, geofence_id, ${enteredAt}::timestamptz,
      ${exitAt}::timestamptz,
      greatest(0, round(extract(epoch FROM ${exitAt}::timestamptz - ${enteredAt}::timestamptz)))::int, false
    FROM geofences WHERE geofence_id = ${geofenceId} AND NOT EXISTS (SELECT 1 FROM closed)`);
}

/** How far back late positions make the visits be worked out again. */
const MAX_REBUILD_MS = 7 * 24 * 3600_000;

/**
 * The start of the period to work out again when positions from `fromMs` arrived late: the earliest
 * enter of a visit that spans it, and so on, so no visit crosses the start.
 */
export async function rebuildStart(tx: Db, vehicleId: number, fromMs: number): Promise<number> {
  let start = fromMs;
  for (let i = 0; i < 10; i++) {
    const at = new Date(start).toISOString();
    const result = await tx.execute(sql`
      SELECT min(enter_time) AS enter FROM geofence_visits
      WHERE vehicle_id = ${vehicleId} AND enter_time < ${at}::timestamptz
        AND (open OR exit_time > ${at}::timestamptz)`);
    const enter = rowsOf(result)[0]?.enter;
    if (enter === null || enter === undefined) break;
    start = timeOf(enter);
  }
  return start;
}

/**
 * Late positions (a tracker's buffer arriving after newer fixes): the vehicle's visits from the first
 * of them are worked out again from its stored positions. The period starts where no visit spans it;
 * its visits and crossing events are deleted and replaced by those the visits derivation finds over
 * the period's positions, from a vehicle outside every geofence; its slice replaces the live one.
 * Answers the new slice and the stored events (none is pushed live: they are history).
 */
export async function rebuildVisits(
  tx: Db,
  vehicle: VehicleInfo,
  lateFromMs: number,
  state: LiveState,
  ctx: RuleContext,
): Promise<{ slice: VisitsSlice; events: StoredEvent[] }> {
  const untilMs = state.fixTime.getTime();
  const startMs = Math.max(await rebuildStart(tx, vehicle.vehicleId, lateFromMs), untilMs - MAX_REBUILD_MS);
  const from = new Date(startMs).toISOString();
  const until = state.fixTime.toISOString();
  const result = await tx.execute(sql`
    SELECT fix_time, lat, lon, speed, valid FROM positions
    WHERE vehicle_id = ${vehicle.vehicleId} AND fix_time >= ${from}::timestamptz
      AND fix_time <= ${until}::timestamptz
    ORDER BY fix_time`);
  const positions: Position[] = rowsOf(result).map((r) => ({
    trackerId: vehicle.trackerId,
    fixTime: new Date(timeOf(r.fix_time)),
    valid: Boolean(r.valid),
    lat: Number(r.lat),
    lon: Number(r.lon),
    speedKmh: Number(r.speed),
    course: null,
    altitude: null,
    satellites: null,
    accuracy: null,
    ignition: null,
    alarm: null,
    attributes: {},
  }));
  const derived = geofenceVisitsRule.onPositions(geofenceVisitsRule.initial as VisitsSlice, positions, ctx);
  await tx.execute(sql`
    DELETE FROM geofence_visits WHERE vehicle_id = ${vehicle.vehicleId} AND enter_time >= ${from}::timestamptz`);
  await tx.execute(sql`
    DELETE FROM events WHERE vehicle_id = ${vehicle.vehicleId}
      AND kind IN ('geofence_enter', 'geofence_exit') AND started_at >= ${from}::timestamptz`);
  const found: FoundEvent[] = derived.events.map((f) => ({ vehicle, event: f.event, live: false }));
  const events = await storeEvents(tx, found);
  await storeVisits(tx, found);
  return { slice: derived.slice, events };
}
