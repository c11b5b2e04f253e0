import { sql, type SQL } from 'drizzle-orm';
import { ANOMALY_KINDS, UNBILLED_MIN_KM, WORK_ORDER_STATUSES, type WorkOrderKind } from '@pantau/contracts';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

// The trip window of an SPK (docs/decisions.md, "Matching SPKs to trips"): from out of the pool (else
// the run date) to back into the pool (else the planned period after that start). A trip is the SPK's
// when its midpoint falls in the window.
const WINDOW_START = sql.raw('coalesce(w.out_pool_at, w.run_at)');
const WINDOW_END = sql.raw(
  'coalesce(w.enter_pool_at, coalesce(w.out_pool_at, w.run_at) + (w.planned_end - w.run_at))',
);
const MIDPOINT = sql.raw('(t.started_at + (t.ended_at - t.started_at) / 2)');
/** Trips of `o` (a row with vehicle_id, ws, we) in its window; the start bound lets the index on (vehicle, start) answer. */
const tripInWindow = (o: string) =>
  sql.raw(`t.vehicle_id = ${o}.vehicle_id AND t.started_at < ${o}.we
    AND t.started_at >= ${o}.ws - interval '2 days'
    AND (t.started_at + (t.ended_at - t.started_at) / 2) >= ${o}.ws
    AND (t.started_at + (t.ended_at - t.started_at) / 2) < ${o}.we`);

/** Filters of the SPKs a matching or recap covers. */
export interface SpkFilters {
  from: string;
  to: string;
  kind?: WorkOrderKind | undefined;
  kendaraanIds?: number[] | undefined;
  fleetId?: number | undefined;
  trayekId?: number | undefined;
  /** Cancelled SPKs count in the recap's statuses; matching leaves them out. */
  withCancelled: boolean;
}

const vehicleFilter = (column: SQL, ids: number[] | undefined, fleetId: number | undefined) =>
  sql`${
    ids?.length
      ? sql`AND ${column} IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``
  }
  ${fleetId ? sql`AND EXISTS (SELECT 1 FROM vehicle_fleets vf WHERE vf.vehicle_id = ${column} AND vf.fleet_id = ${fleetId})` : sql``}`;

const spkWhere = (unitId: number, f: SpkFilters) => sql`w.unit_id = ${unitId}
  AND w.run_at >= ${f.from}::timestamptz AND w.run_at < ${f.to}::timestamptz
  ${f.withCancelled ? sql`` : sql`AND w.status <> 'cancelled'`}
  ${f.kind ? sql`AND w.kind = ${f.kind}` : sql``}
  ${f.trayekId ? sql`AND w.route_id = ${f.trayekId}` : sql``}
  ${vehicleFilter(sql.raw('w.vehicle_id'), f.kendaraanIds, f.fleetId)}`;

/** The SPKs with their trip window, as the CTE `o`. */
const spksWithWindow = (unitId: number, f: SpkFilters) => sql`o AS (
  SELECT w.*, ${WINDOW_START} AS ws, ${WINDOW_END} AS we FROM work_orders w WHERE ${spkWhere(unitId, f)})`;

export interface UnbilledFilters {
  from: string;
  to: string;
  kendaraanIds?: number[] | undefined;
  fleetId?: number | undefined;
}

/** Trips whose start is in the period, of 5 km or more, touching a work site, in no SPK's window. */
const unbilledTrips = (unitId: number, f: UnbilledFilters) => sql`u AS (
  SELECT t.trip_id, t.vehicle_id, t.started_at, t.ended_at, t.open, t.distance_m, s.sites
  FROM trips t
  CROSS JOIN LATERAL (
    SELECT array_agg(DISTINCT g.name ORDER BY g.name) AS sites
    FROM geofence_visits gv JOIN geofences g ON g.geofence_id = gv.geofence_id
    WHERE gv.vehicle_id = t.vehicle_id AND g.category IN ('plant', 'port', 'dealer')
      AND gv.enter_time <= t.ended_at AND (gv.exit_time IS NULL OR gv.exit_time >= t.started_at)
  ) s
  WHERE t.unit_id = ${unitId}
    AND t.started_at >= ${f.from}::timestamptz AND t.started_at < ${f.to}::timestamptz
    AND t.distance_m >= ${UNBILLED_MIN_KM * 1000}
    ${vehicleFilter(sql.raw('t.vehicle_id'), f.kendaraanIds, f.fleetId)}
    AND s.sites IS NOT NULL
    AND NOT EXISTS (
      SELECT 1 FROM work_orders w
      WHERE w.vehicle_id = t.vehicle_id AND w.status <> 'cancelled'
        AND w.run_at <= t.ended_at + interval '1 day'
        AND ${MIDPOINT} >= ${WINDOW_START} AND ${MIDPOINT} < ${WINDOW_END}))`;

const driverSorts = {
  name: 'dr.name',
  spks: 'a.spks',
  done: 'a.done',
  abnormal: 'a.abnormal',
  over: 'a.over',
  actualHours: 'a.circle_minutes',
  distanceKm: 'a.distance_m',
} as const;

/** The statuses and anomaly kinds counted in a recap's figures, column by column. */
const figureColumns = sql.raw(
  [
    'count(*) AS total',
    ...WORK_ORDER_STATUSES.map((s) => `count(*) FILTER (WHERE w.status = '${s}') AS "s_${s}"`),
    `count(*) FILTER (WHERE w.status <> 'cancelled' AND w.over_lead_minutes = 0) AS lead_on_time`,
    `count(*) FILTER (WHERE w.status <> 'cancelled' AND w.over_lead_minutes > 0) AS lead_over`,
    `count(*) FILTER (WHERE w.status <> 'cancelled' AND w.over_circle_minutes = 0) AS circle_on_time`,
    `count(*) FILTER (WHERE w.status <> 'cancelled' AND w.over_circle_minutes > 0) AS circle_over`,
    `coalesce(sum(w.actual_lead_minutes) FILTER (WHERE w.status <> 'cancelled'), 0) AS lead_sum`,
    `count(w.actual_lead_minutes) FILTER (WHERE w.status <> 'cancelled') AS lead_n`,
    `coalesce(sum(w.actual_circle_minutes) FILTER (WHERE w.status <> 'cancelled'), 0) AS circle_sum`,
    `count(w.actual_circle_minutes) FILTER (WHERE w.status <> 'cancelled') AS circle_n`,
    ...ANOMALY_KINDS.map(
      (k) =>
        `count(*) FILTER (WHERE w.status <> 'cancelled' AND w.anomalies @> '[{"kind":"${k}"}]'::jsonb) AS "a_${k}"`,
    ),
  ].join(',\n'),
);

export type FigureRow = Record<string, unknown>;

export function createRecapsRepo(db: Db) {
  return {
    async timeZoneOf(unitId: number): Promise<string> {
      const [r] = rowsOf<{ time_zone: string }>(
        await db.execute(sql`SELECT time_zone FROM units WHERE unit_id = ${unitId}`),
      );
      return r?.time_zone ?? 'Asia/Jakarta';
    },

    /** One page of the SPKs with their trips (oldest run date first). */
    async matchedPage(unitId: number, f: SpkFilters, take: number, skip: number) {
      return rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          WITH ${spksWithWindow(unitId, f)}, p AS (
            SELECT * FROM o ORDER BY run_at, work_order_id LIMIT ${take} OFFSET ${skip})
          SELECT p.work_order_id, p.kind, p.spk_number, p.dt_number, p.status, p.vehicle_id,
            p.customer, p.kosongan, p.run_at, p.ws, p.we,
            p.out_pool_at IS NOT NULL AS start_from_pool, p.enter_pool_at IS NOT NULL AS end_from_pool,
            v.plate_number, v.hull_number, r.code AS route_code, m.trips
          FROM p
          JOIN vehicles v ON v.vehicle_id = p.vehicle_id
          LEFT JOIN routes r ON r.route_id = p.route_id
          CROSS JOIN LATERAL (
            SELECT coalesce(json_agg(json_build_object('tripId', t.trip_id, 'start', t.started_at,
              'end', t.ended_at, 'open', t.open, 'distanceM', t.distance_m) ORDER BY t.started_at), '[]'::json) AS trips
            FROM trips t WHERE ${tripInWindow('p')}) m
          ORDER BY p.run_at, p.work_order_id`),
      );
    },

    async matchedTotals(unitId: number, f: SpkFilters) {
      const [r] = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          WITH ${spksWithWindow(unitId, f)}, m AS (
            SELECT o.work_order_id, count(t.trip_id) AS n, coalesce(sum(t.distance_m), 0) AS d
            FROM o LEFT JOIN trips t ON ${tripInWindow('o')} GROUP BY o.work_order_id)
          SELECT count(*) AS spks, count(*) FILTER (WHERE n > 0) AS with_trips,
            coalesce(sum(n), 0) AS trips, coalesce(sum(d), 0) AS distance_m FROM m`),
      );
      return r ?? {};
    },

    async unbilledPage(unitId: number, f: UnbilledFilters, take: number, skip: number) {
      return rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          WITH ${unbilledTrips(unitId, f)}
          SELECT u.*, v.plate_number, v.hull_number FROM u JOIN vehicles v ON v.vehicle_id = u.vehicle_id
          ORDER BY u.started_at, u.trip_id LIMIT ${take} OFFSET ${skip}`),
      );
    },

    async unbilledTotals(unitId: number, f: UnbilledFilters) {
      const [r] = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          WITH ${unbilledTrips(unitId, f)}
          SELECT count(*) AS n, coalesce(sum(distance_m), 0) AS distance_m FROM u`),
      );
      return r ?? {};
    },

    /** The recap's figures by local month of the run date and route. */
    async figuresByMonthAndRoute(unitId: number, f: SpkFilters, timeZone: string) {
      return rowsOf<FigureRow>(
        await db.execute(sql`
          SELECT to_char(w.run_at AT TIME ZONE ${timeZone}, 'YYYY-MM') AS month, w.route_id,
            r.code AS route_code, r.name AS route_name, ${figureColumns}
          FROM work_orders w LEFT JOIN routes r ON r.route_id = w.route_id
          WHERE ${spkWhere(unitId, f)}
          GROUP BY 1, w.route_id, r.code, r.name
          ORDER BY 1, r.code NULLS LAST`),
      );
    },

    /** Per driver (driver 1 or 2) of the SPKs: one page, sorted, with how many drivers and the totals. */
    async drivers(
      unitId: number,
      f: SpkFilters,
      q: {
        search: string | null;
        sortBy: keyof typeof driverSorts;
        sortDir: 'ascend' | 'descend';
        take: number;
        skip: number;
      },
    ) {
      const ctes = sql`${spksWithWindow(unitId, f)},
        seats AS (
          SELECT work_order_id, driver_id, 1 AS seat FROM o WHERE driver_id IS NOT NULL
          UNION ALL SELECT work_order_id, co_driver_id, 2 FROM o WHERE co_driver_id IS NOT NULL),
        dist AS (
          SELECT o.work_order_id, coalesce(sum(t.distance_m), 0) AS m
          FROM o LEFT JOIN trips t ON ${tripInWindow('o')} GROUP BY o.work_order_id),
        a AS (
          SELECT s.driver_id, count(*) AS spks,
            count(*) FILTER (WHERE s.seat = 1) AS as_driver1, count(*) FILTER (WHERE s.seat = 2) AS as_driver2,
            count(*) FILTER (WHERE o.status = 'done') AS done,
            count(*) FILTER (WHERE o.anomaly_count > 0) AS abnormal,
            count(*) FILTER (WHERE o.over_lead_minutes > 0 OR o.over_circle_minutes > 0) AS over,
            coalesce(sum(o.actual_circle_minutes), 0) AS circle_minutes,
            coalesce(sum(dist.m), 0) AS distance_m
          FROM seats s JOIN o ON o.work_order_id = s.work_order_id
          JOIN dist ON dist.work_order_id = s.work_order_id
          GROUP BY s.driver_id),
        d AS (
          SELECT a.*, dr.name, dr.employee_number FROM a JOIN drivers dr ON dr.driver_id = a.driver_id
          ${q.search ? sql`WHERE dr.name ILIKE ${q.search} OR dr.employee_number ILIKE ${q.search}` : sql``})`;
      const dir = q.sortDir === 'descend' ? 'DESC' : 'ASC';
      const order = sql.raw(
        `${driverSorts[q.sortBy].replace(/^(a|dr)\./, 'd.')} ${dir}, d.name ${dir}, d.driver_id ${dir}`,
      );
      const [rows, totals] = await Promise.all([
        db.execute(sql`WITH ${ctes} SELECT * FROM d ORDER BY ${order} LIMIT ${q.take} OFFSET ${q.skip}`),
        db.execute(sql`WITH ${ctes}
          SELECT count(*) AS n, coalesce(sum(spks), 0) AS spks, coalesce(sum(as_driver1), 0) AS as_driver1,
            coalesce(sum(as_driver2), 0) AS as_driver2, coalesce(sum(done), 0) AS done,
            coalesce(sum(abnormal), 0) AS abnormal, coalesce(sum(over), 0) AS over,
            coalesce(sum(circle_minutes), 0) AS circle_minutes, coalesce(sum(distance_m), 0) AS distance_m
          FROM d`),
      ]);
      return {
        rows: rowsOf<Record<string, unknown>>(rows),
        totals: rowsOf<Record<string, unknown>>(totals)[0] ?? {},
      };
    },
  };
}

export type RecapsRepo = ReturnType<typeof createRecapsRepo>;
