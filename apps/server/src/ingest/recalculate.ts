import { rowsOf, timeOf } from '../db/rows.js';
import type { Position } from '@pantau/protocols';
import { localMidnight } from '@pantau/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { geofenceVisitsRule } from '../rules/geofence-visits.js';
import { overrouteRule } from '../rules/overroute.js';
import { overspeedRule } from '../rules/overspeed.js';
import { overstopRule } from '../rules/overstop.js';
import { tripsRule } from '../rules/trips.js';
import type { Derivation, RuleContext, VehicleRuleState } from '../rules/types.js';
import type { LiveState, VehicleInfo } from '../live-state/live-state.js';
import { activityRebuildStart, rebuildActivity, storedPositions } from './activity-store.js';
import { storeEvents, type FoundEvent } from './event-store.js';
import { deriveWithRoutes, loadRouteHistory } from './route-periods.js';
import { rebuildStart, storeVisits } from './visit-store.js';

/** The derivations a recalculation runs again, besides trips: what reports read. */
export const RECALCULATED: readonly Derivation[] = [
  overspeedRule,
  overstopRule,
  overrouteRule,
  geofenceVisitsRule,
] as Derivation[];
/** The event kinds they find, replaced over the period. */
const RECALCULATED_KINDS = ['overspeed', 'overstop', 'overroute', 'geofence_enter', 'geofence_exit'];
/** How far before `from` the start may move (to the stop, visit or violation under way then). */
const MAX_BACK_MS = 2 * 86_400_000;
const DAY_MS = 86_400_000;

export interface Recalculated {
  ruleState: VehicleRuleState;
  /** What was worked out again: from `startMs` to the latest fix. */
  startMs: number;
  untilMs: number;
  counts: { positions: number; trips: number; stops: number; events: number; visits: number };
}

/** The earliest start of a violation that spans `atMs` (open then, or ended after it), or `atMs`. */
async function violationStart(db: Db, vehicleId: number, atMs: number): Promise<number> {
  const at = new Date(atMs).toISOString();
  const result = await db.execute(sql`
    SELECT min(started_at) AS start FROM events
    WHERE vehicle_id = ${vehicleId} AND kind IN ('overspeed', 'overstop', 'overroute')
      AND started_at < ${at}::timestamptz AND (open OR ended_at > ${at}::timestamptz)`);
  const start = rowsOf(result)[0]?.start;
  return start === null || start === undefined ? atMs : timeOf(start);
}

/**
 * Where working a vehicle's history out again from `fromMs` starts: moved back to the start of the
 * stop it was in, of any visit or violation under way then, until none spans it (at most two days).
 */
async function recalculationStart(db: Db, vehicleId: number, fromMs: number): Promise<number> {
  let start = fromMs;
  for (let i = 0; i < 5; i++) {
    const next = Math.min(
      await activityRebuildStart(db, vehicleId, start, MAX_BACK_MS),
      await rebuildStart(db, vehicleId, start),
      await violationStart(db, vehicleId, start),
    );
    if (next >= start) break;
    start = Math.max(next, fromMs - MAX_BACK_MS);
  }
  return start;
}

/**
 * Works a vehicle's trips, stops, days, geofence visits and violations (over speed, over stop, over
 * route, against the route of the SPK running at each fix) out again from its stored positions, from `fromMs` (moved back as `recalculationStart` says)
 * to its latest fix: the rows of the period are replaced in one transaction, so running it twice
 * leaves the same rows. The caller holds the vehicle's ingestion meanwhile (scheduler `withVehicle`)
 * and takes the answered slices as the live ones. `onProgress` hears 0…1 as the days are read.
 */
export async function recalculateVehicle(
  db: Db,
  vehicle: VehicleInfo,
  state: LiveState,
  fromMs: number,
  ctx: RuleContext,
  derivations: readonly Derivation[],
  onProgress: (fraction: number) => void = () => undefined,
): Promise<Recalculated> {
  const untilMs = state.fixTime.getTime();
  const startMs = Math.min(await recalculationStart(db, vehicle.vehicleId, fromMs), untilMs);
  const midnight = localMidnight(startMs, vehicle.timeZone);

  // Read a day at a time: the progress a client shows.
  const positions: Position[] = [];
  const days = Math.max(1, Math.ceil((untilMs - midnight) / DAY_MS));
  for (let d = 0; d < days; d++) {
    const a = midnight + d * DAY_MS;
    const last = d === days - 1;
    positions.push(...(await storedPositions(db, vehicle, a, last ? untilMs : a + DAY_MS, last)));
    onProgress((0.8 * (d + 1)) / days);
  }
  const fromStart = positions.filter((p) => p.fixTime.getTime() >= startMs);
  const rules = RECALCULATED.filter((r) => derivations.includes(r));
  // Over route against the route of the SPK running at each fix, not the route of today.
  const routes = await loadRouteHistory(db, vehicle.vehicleId, startMs, untilMs);
  const derived = deriveWithRoutes(rules, {}, fromStart, ctx, routes);

  const start = new Date(startMs).toISOString();
  const result = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await txDb.execute(sql`
      DELETE FROM events WHERE vehicle_id = ${vehicle.vehicleId} AND started_at >= ${start}::timestamptz
        AND kind IN (${sql.join(
          RECALCULATED_KINDS.map((k) => sql`${k}`),
          sql`, `,
        )})`);
    await txDb.execute(sql`
      DELETE FROM geofence_visits WHERE vehicle_id = ${vehicle.vehicleId} AND enter_time >= ${start}::timestamptz`);
    const found: FoundEvent[] = derived.found.map((f) => ({ vehicle, event: f.event, live: false }));
    const events = await storeEvents(txDb, found);
    await storeVisits(txDb, found);
    const slice = derivations.includes(tripsRule as never)
      ? await rebuildActivity(txDb, vehicle, startMs, untilMs, ctx, positions)
      : undefined;
    const counts = rowsOf(
      await txDb.execute(sql`
        SELECT
          (SELECT count(*) FROM trips WHERE vehicle_id = ${vehicle.vehicleId} AND started_at >= ${start}::timestamptz)::int AS trips,
          (SELECT count(*) FROM stops WHERE vehicle_id = ${vehicle.vehicleId} AND started_at >= ${start}::timestamptz)::int AS stops,
          (SELECT count(*) FROM geofence_visits WHERE vehicle_id = ${vehicle.vehicleId} AND enter_time >= ${start}::timestamptz)::int AS visits`),
    )[0]!;
    return { events: events.length, slice, counts };
  });
  onProgress(1);
  const ruleState = { ...state.ruleState, ...derived.state };
  if (result.slice) ruleState[tripsRule.name] = result.slice;
  return {
    ruleState,
    startMs,
    untilMs,
    counts: {
      positions: fromStart.length,
      trips: Number(result.counts.trips),
      stops: Number(result.counts.stops),
      events: result.events,
      visits: Number(result.counts.visits),
    },
  };
}
