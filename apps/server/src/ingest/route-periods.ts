import type { Position } from '@pantau/protocols';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { derivePositions, type Derived } from '../rules/run.js';
import type { Derivation, RuleContext, RuleRoute, VehicleRuleState } from '../rules/types.js';
import { ROUTE_COLUMNS, routeRecordOf, ruleRouteOf } from './geography.js';

/** The route of an SPK while it ran: from its first milestone to its return to the pool. */
export interface RoutePeriod {
  fromMs: number;
  /** Null while the SPK runs. */
  untilMs: number | null;
  route: RuleRoute;
  /** When the SPK arrived at loading and at unloading (null: not yet): where along its route it was. */
  loadingMs: number | null;
  unloadingMs: number | null;
}

/** What routes a vehicle drove over a stretch of its history. */
export interface RouteHistory {
  periods: RoutePeriod[];
  /** The route an Administrator set for the vehicle: it applies outside the SPKs' periods. */
  own: RuleRoute | null;
}

/**
 * The routes of a vehicle's SPKs that ran between `fromMs` and `untilMs`, earliest first. An SPK runs
 * from its first milestone (out of the pool, or at loading for one that starts there) until it is back
 * in the pool, or until it was done or cancelled; live, its route applies while it is on progress or
 * abnormal (geography.ts), and these are the same stretches after the fact. An inactive route applies
 * to nothing.
 */
export async function loadRouteHistory(
  db: Db,
  vehicleId: number,
  fromMs: number,
  untilMs: number,
): Promise<RouteHistory> {
  const from = new Date(fromMs).toISOString();
  const until = new Date(untilMs).toISOString();
  const [spks, own] = await Promise.all([
    db.execute(sql`
      SELECT * FROM (
        SELECT r.*, w.arrive_loading_at AS loading_at, w.enter_unloading_at AS unloading_at,
          coalesce(w.out_pool_at, w.arrive_loading_at, w.exit_loading_at, w.enter_unloading_at,
            w.exit_unloading_at) AS started,
          coalesce(w.enter_pool_at,
            CASE WHEN w.status IN ('done', 'cancelled') THEN w.status_changed_at END) AS ended
        FROM work_orders w JOIN routes r USING (route_id)
        WHERE w.vehicle_id = ${vehicleId} AND r.aktif) AS s
      WHERE started IS NOT NULL AND started < ${until}::timestamptz
        AND (ended IS NULL OR ended > ${from}::timestamptz)
      ORDER BY started`),
    db.execute(sql`
      SELECT ${ROUTE_COLUMNS} FROM vehicle_routes JOIN routes USING (route_id)
      WHERE vehicle_id = ${vehicleId} AND aktif`),
  ]);
  const msOf = (v: unknown) =>
    v === null || v === undefined ? null : new Date(v as string | Date).getTime();
  const periods: RoutePeriod[] = rowsOf(spks).map((r) => ({
    fromMs: msOf(r.started)!,
    untilMs: msOf(r.ended),
    route: ruleRouteOf(routeRecordOf(r)),
    loadingMs: msOf(r.loading_at),
    unloadingMs: msOf(r.unloading_at),
  }));
  const ownRow = rowsOf(own)[0];
  return { periods, own: ownRow ? ruleRouteOf(routeRecordOf(ownRow)) : null };
}

/** The SPK period at `t`: the earliest-started SPK running then (as live takes the earliest), or null. */
function periodAt(history: RouteHistory, t: number): RoutePeriod | null {
  for (const p of history.periods) {
    if (p.fromMs > t) break;
    if (p.untilMs === null || t < p.untilMs) return p;
  }
  return null;
}

/** The route at `t`: the SPK's running then, else the vehicle's own. */
export function routeAt(history: RouteHistory, t: number): RuleRoute | null {
  return periodAt(history, t)?.route ?? history.own;
}

/** An SPK's route at `t` with where along it the SPK was then (its milestones), as live has it. */
function routeWithLeg(period: RoutePeriod, t: number): RuleRoute {
  const leg =
    period.unloadingMs !== null && period.unloadingMs <= t
      ? 'done'
      : period.loadingMs !== null && period.loadingMs <= t
        ? 'on_route'
        : 'to_origin';
  return { ...period.route, leg };
}

/**
 * Derives a stretch of history with the route each fix was driven under, rather than today's: the
 * positions go through the derivations in runs of one route, the state carried from run to run.
 */
export function deriveWithRoutes(
  derivations: readonly Derivation[],
  state: VehicleRuleState,
  positions: readonly Position[],
  ctx: RuleContext,
  history: RouteHistory,
): Derived {
  let current = state;
  const found: Derived['found'] = [];
  for (let i = 0; i < positions.length;) {
    const t = positions[i]!.fixTime.getTime();
    const period = periodAt(history, t);
    const route = period?.route ?? history.own;
    let j = i + 1;
    while (j < positions.length && routeAt(history, positions[j]!.fixTime.getTime()) === route) j++;
    const run = derivePositions(derivations, current, positions.slice(i, j), {
      ...ctx,
      route: period ? routeWithLeg(period, t) : route,
    });
    current = run.state;
    for (const f of run.found) found.push(f);
    i = j;
  }
  return { state: current, found };
}
