import { rowsOf, timeOf } from '../db/rows.js';
import type { Position } from '@pantau/protocols';
import { sql } from 'drizzle-orm';
import { BinaryArray } from '../db/binary-array.js';
import type { Db } from '../db/client.js';
import { geofenceVisitsRule, type VisitsSlice } from '../rules/geofence-visits.js';
import type { RuleContext, RuleEvent } from '../rules/types.js';
import type { LiveState, VehicleInfo } from '../live-state/live-state.js';
import { storeEvents, type FoundEvent, type StoredEvent } from './event-store.js';
import { WriteGroup } from './write-group.js';

/**
 * The visits (`geofence_visits`) follow the visits derivation's crossings: an enter opens a visit, an
 * exit closes the vehicle's open visit of that geofence. A geofence deleted meanwhile has no visits.
 * With `group`, the last round's writes are left in it, to go with the batch's other writes.
 */
export async function storeVisits(tx: Db, found: readonly FoundEvent[], group?: WriteGroup): Promise<void> {
  const rounds = roundsOf(found);
  // A round touches each pair once, so its exits and enters go in one statement; the next round
  // reads what this one wrote, so it waits for it.
  const writes = group ?? new WriteGroup();
  for (const [i, round] of rounds.entries()) {
    if (i > 0) await writes.run(tx);
    closeVisits(
      writes,
      `v${i}`,
      round.filter((c) => c.event.kind === 'geofence_exit'),
    );
    openVisits(
      writes,
      `v${i}`,
      round.filter((c) => c.event.kind === 'geofence_enter'),
    );
  }
  if (!group) await writes.run(tx);
}

/**
 * A batch's crossings in rounds: the n-th crossing of a (vehicle, geofence) goes in round n, so each
 * round touches a pair once and is one statement whatever its size; rounds keep each pair's order.
 */
function roundsOf(found: readonly FoundEvent[]): Crossing[][] {
  const rounds: Crossing[][] = [];
  const seen = new Map<string, number>();
  for (const { vehicle, event } of found) {
    if (event.kind !== 'geofence_enter' && event.kind !== 'geofence_exit') continue;
    const geofenceId = Number(event.attributes?.geofenceId);
    if (!Number.isInteger(geofenceId)) continue;
    const pair = `${vehicle.vehicleId}:${geofenceId}`;
    const round = seen.get(pair) ?? 0;
    seen.set(pair, round + 1);
    (rounds[round] ??= []).push({ vehicle, geofenceId, event });
  }
  return rounds;
}

/** How many statements in turn the crossings in `found` take (storeVisits). */
export const visitRounds = (found: readonly FoundEvent[]): number => roundsOf(found).length;

interface Crossing {
  vehicle: VehicleInfo;
  geofenceId: number;
  event: RuleEvent;
}

/** The crossings' units, vehicles and geofences as binary array parameters. */
function idsOf(crossings: readonly Crossing[]): Buffer[] {
  const units = new BinaryArray('int4', crossings.length);
  const vehicleIds = new BinaryArray('int4', crossings.length);
  const geofenceIds = new BinaryArray('int4', crossings.length);
  for (const c of crossings) {
    units.int4(c.vehicle.unitId);
    vehicleIds.int4(c.vehicle.vehicleId);
    geofenceIds.int4(c.geofenceId);
  }
  return [units.bytes(), vehicleIds.bytes(), geofenceIds.bytes()];
}

function timesOf(times: readonly number[]): Buffer {
  const array = new BinaryArray('timestamptz', times.length);
  for (const t of times) array.timestamptz(t);
  return array.bytes();
}

function openVisits(group: WriteGroup, name: string, enters: readonly Crossing[]) {
  if (enters.length === 0) return;
  const [units, vehicles, geofenceIds] = idsOf(enters).map((a) => group.param(a));
  const times = group.param(timesOf(enters.map((c) => c.event.startedAt.getTime())));
  group.add(
    `${name}_opened`,
    `INSERT INTO geofence_visits (unit_id, vehicle_id, geofence_id, enter_time, open)
     SELECT u.unit_id, u.vehicle_id, g.geofence_id, u.enter_time, true
     FROM unnest(${units}::int[], ${vehicles}::int[], ${geofenceIds}::int[], ${times}::timestamptz[])
       AS u(unit_id, vehicle_id, geofence_id, enter_time)
     JOIN geofences g ON g.geofence_id = u.geofence_id
     ON CONFLICT (vehicle_id, geofence_id) WHERE open DO NOTHING`,
  );
}

function closeVisits(group: WriteGroup, name: string, exits: readonly Crossing[]) {
  if (exits.length === 0) return;
  const exitTimes = exits.map((c) => c.event.startedAt.getTime());
  const enterTimes = exits.map((c, i) => {
    const enteredAt = c.event.attributes?.enteredAt;
    const ms = typeof enteredAt === 'string' ? Date.parse(enteredAt) : NaN;
    return Number.isFinite(ms) ? ms : exitTimes[i]!;
  });
  // Each vehicle's open visit of the geofence, or (its enter stored before visits were kept) a closed
  // one from the exit's facts.
  const [units, vehicles, geofenceIds] = idsOf(exits).map((a) => group.param(a));
  const [exitAt, enterAt] = [timesOf(exitTimes), timesOf(enterTimes)].map((a) => group.param(a));
  const u = `${name}_exits`;
  group.add(
    u,
    `SELECT * FROM unnest(${units}::int[], ${vehicles}::int[], ${geofenceIds}::int[],
       ${exitAt}::timestamptz[], ${enterAt}::timestamptz[])
       AS u(unit_id, vehicle_id, geofence_id, exit_time, enter_time)`,
  );
  group.add(
    `${name}_closed`,
    `UPDATE geofence_visits v SET exit_time = u.exit_time, open = false,
       duration_s = greatest(0, round(extract(epoch FROM u.exit_time - v.enter_time)))::int
     FROM ${u} u WHERE v.vehicle_id = u.vehicle_id AND v.geofence_id = u.geofence_id AND v.open
     RETURNING v.vehicle_id, v.geofence_id`,
  );
  group.add(
    `${name}_kept`,
    `INSERT INTO geofence_visits (unit_id, vehicle_id, geofence_id, enter_time, exit_time, duration_s, open)
     SELECT u.unit_id, u.vehicle_id, g.geofence_id, u.enter_time, u.exit_time,
       greatest(0, round(extract(epoch FROM u.exit_time - u.enter_time)))::int, false
     FROM ${u} u JOIN geofences g ON g.geofence_id = u.geofence_id
     WHERE NOT EXISTS (
       SELECT 1 FROM ${name}_closed c WHERE c.vehicle_id = u.vehicle_id AND c.geofence_id = u.geofence_id)`,
  );
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
