import { sql, type SQL } from 'drizzle-orm';
import {
  VIOLATION_KINDS,
  VIOLATION_SEVERITY,
  type TrafficBucket,
  type ViolationKindName,
} from '@pantau/contracts';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { geofencesAt } from './geofence-at.js';

export interface TrafficFilters {
  from: string;
  to: string;
  fleetId?: number | 'none' | undefined;
  kendaraanId?: number[] | undefined;
  kind?: ViolationKindName | undefined;
  pengemudiId?: number | 'none' | undefined;
}

/** Seconds an event lasted, to `now` while it goes on (as the over speed and over stop reports count it). */
const durationOf = (now: Date) => sql`coalesce(e.duration_s, (e.attributes->>'durationS')::int,
  greatest(0, extract(epoch from (coalesce(e.ended_at, ${now.toISOString()}::timestamptz) - e.started_at))::int))`;

/**
 * What a violation's points are measured by: km/h over the limit, minutes beyond the place's
 * allowance (none known: 0), km driven off the route.
 */
const measureOf = (now: Date) => sql`CASE e.kind
  WHEN 'overspeed' THEN greatest(0, coalesce(e.max_value, 0) - coalesce(e.limit_value, 0))
  WHEN 'overstop' THEN CASE WHEN e.limit_value IS NULL THEN 0
    ELSE greatest(0, ${durationOf(now)} - round(e.limit_value * 60)) / 60.0 END
  ELSE greatest(0, coalesce((e.attributes->>'offRouteKm')::float8, 0)) END`;

/** `severityPoints` in SQL over a row `x` with its `measure`: 1, plus 1 per step of its kind gone past. */
const points = sql.raw(
  `CASE x.kind ${VIOLATION_KINDS.map(
    (kind) =>
      `WHEN '${kind}' THEN 1${VIOLATION_SEVERITY[kind].steps.map((s) => ` + (x.measure > ${Number(s)})::int`).join('')}`,
  ).join(' ')} END`,
);

const kinds = sql.raw(VIOLATION_KINDS.map((k) => `'${k}'`).join(', '));

/** Counts by kind and the points of a group of rows of `v`. */
const countsOf = sql`count(*) FILTER (WHERE v.kind = 'overspeed')::int AS overspeed,
  count(*) FILTER (WHERE v.kind = 'overstop')::int AS overstop,
  count(*) FILTER (WHERE v.kind = 'overroute')::int AS overroute,
  count(v.event_id)::int AS total,
  coalesce(sum(v.points), 0)::int AS points`;

interface Counts {
  overspeed: number;
  overstop: number;
  overroute: number;
  total: number;
  points: number;
}

export interface ViolationDbRow {
  event_id: number;
  kind: ViolationKindName;
  vehicle_id: number;
  plate_number: string;
  hull_number: string;
  driver_id: number | null;
  driver_name: string | null;
  started_at: Date | string;
  ended_at: Date | string | null;
  duration: number;
  open: boolean;
  lat: number | null;
  lon: number | null;
  location: string | null;
  /** The geofence it began in, if any (page rows only). */
  geofence?: string | null;
  max_value: number | null;
  measure: number;
  points: number;
}

/**
 * Violations (over speed, over stop, over route) of a unit that started in [from, to), counted by
 * kind, time, fleet and driver, and weighted by severity. An event belongs to the period it began in.
 */
export function createViolationTrafficRepo(db: Db) {
  /** The period's violations with their measure and points, as the CTE `v`. */
  const violations = (unitId: number, q: TrafficFilters, now: Date) => {
    const where = [
      sql`e.unit_id = ${unitId}`,
      q.kind ? sql`e.kind = ${q.kind}` : sql`e.kind IN (${kinds})`,
      sql`e.started_at >= ${q.from}::timestamptz`,
      sql`e.started_at < ${q.to}::timestamptz`,
    ];
    if (q.kendaraanId?.length)
      where.push(
        sql`e.vehicle_id IN (${sql.join(
          q.kendaraanId.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    if (q.fleetId === 'none')
      where.push(sql`NOT EXISTS (SELECT 1 FROM vehicle_fleets vf WHERE vf.vehicle_id = e.vehicle_id)`);
    else if (q.fleetId !== undefined)
      where.push(
        sql`EXISTS (SELECT 1 FROM vehicle_fleets vf WHERE vf.vehicle_id = e.vehicle_id AND vf.fleet_id = ${q.fleetId})`,
      );
    if (q.pengemudiId === 'none') where.push(sql`e.driver_id IS NULL`);
    else if (q.pengemudiId !== undefined) where.push(sql`e.driver_id = ${q.pengemudiId}`);
    return sql`v AS (
      SELECT x.*, ${points} AS points FROM (
        SELECT e.event_id, e.kind, e.vehicle_id, e.driver_id, e.started_at, e.ended_at, e.open, e.lat, e.lon,
          e.location, e.max_value, ${durationOf(now)} AS duration, ${measureOf(now)}::float8 AS measure
        FROM events e WHERE ${sql.join(where, sql` AND `)}) x)`;
  };

  return {
    async timeZoneOf(unitId: number): Promise<string> {
      const [row] = rowsOf<{ time_zone: string }>(
        await db.execute(sql`SELECT time_zone FROM units WHERE unit_id = ${unitId}`),
      );
      return row?.time_zone ?? 'Asia/Jakarta';
    },

    /** Every bucket of the period in the zone (empty ones too), with its counts, oldest first. */
    async traffic(unitId: number, q: TrafficFilters, bucket: TrafficBucket, timeZone: string, now: Date) {
      const unit = sql.raw(`'${bucket}'`);
      const step = sql.raw(`interval '1 ${bucket}'`);
      const local = (instant: SQL) => sql`(${instant} AT TIME ZONE ${timeZone})`;
      return rowsOf<Omit<Counts, 'points'> & { day: string; from: Date | string; to: Date | string }>(
        await db.execute(sql`
          WITH ${violations(unitId, q, now)},
          b AS (
            SELECT g AS local_start FROM generate_series(
              date_trunc(${unit}, ${local(sql`${q.from}::timestamptz`)}),
              ${local(sql`${q.to}::timestamptz`)} - interval '1 microsecond',
              ${step}) g),
          c AS (
            SELECT date_trunc(${unit}, ${local(sql`v.started_at`)}) AS local_start, ${countsOf}
            FROM v GROUP BY 1)
          SELECT to_char(b.local_start, 'YYYY-MM-DD') AS day,
            greatest(b.local_start AT TIME ZONE ${timeZone}, ${q.from}::timestamptz) AS "from",
            least((b.local_start + ${step}) AT TIME ZONE ${timeZone}, ${q.to}::timestamptz) AS "to",
            coalesce(c.overspeed, 0)::int AS overspeed, coalesce(c.overstop, 0)::int AS overstop,
            coalesce(c.overroute, 0)::int AS overroute, coalesce(c.total, 0)::int AS total
          FROM b LEFT JOIN c ON c.local_start = b.local_start
          ORDER BY b.local_start`),
      );
    },

    /** Counts per fleet of the vehicles (a vehicle in several fleets counts in each; none: fleet null). */
    async byFleet(unitId: number, q: TrafficFilters, now: Date) {
      return rowsOf<Counts & { fleet_id: number | null; fleet_name: string | null }>(
        await db.execute(sql`
          WITH ${violations(unitId, q, now)}
          SELECT f.fleet_id, f.fleet_name, ${countsOf}
          FROM v LEFT JOIN vehicle_fleets vf ON vf.vehicle_id = v.vehicle_id
            LEFT JOIN fleets f ON f.fleet_id = vf.fleet_id
          GROUP BY f.fleet_id, f.fleet_name
          ORDER BY total DESC, points DESC, f.fleet_name NULLS LAST`),
      );
    },

    /** Counts and points per driver at the time (none assigned: driver null). */
    async byDriver(unitId: number, q: TrafficFilters, now: Date) {
      return rowsOf<
        Counts & { driver_id: number | null; name: string | null; employee_number: string | null }
      >(
        await db.execute(sql`
          WITH ${violations(unitId, q, now)}
          SELECT d.driver_id, d.name, d.employee_number, ${countsOf}
          FROM v LEFT JOIN drivers d ON d.driver_id = v.driver_id
          GROUP BY d.driver_id, d.name, d.employee_number
          ORDER BY total DESC, points DESC, d.name NULLS LAST`),
      );
    },

    /** One page of the violations, newest first, and how many there are. */
    async page(unitId: number, q: TrafficFilters, page: { take: number; skip: number }, now: Date) {
      const cte = violations(unitId, q, now);
      const [rows, counted] = await Promise.all([
        db.execute(sql`
          WITH ${cte}
          SELECT v.event_id, v.kind, v.vehicle_id, ve.plate_number, ve.hull_number, v.driver_id,
            d.name AS driver_name, v.started_at, v.ended_at, v.duration, v.open, v.lat, v.lon,
            v.location, v.max_value,
            v.measure, v.points
          FROM v JOIN vehicles ve ON ve.vehicle_id = v.vehicle_id
            LEFT JOIN drivers d ON d.driver_id = v.driver_id
          ORDER BY v.started_at DESC, v.event_id DESC
          LIMIT ${page.take} OFFSET ${page.skip}`),
        db.execute(sql`WITH ${cte} SELECT count(*)::int AS n FROM v`),
      ]);
      // Where each began: the geofence it was in (as the violation reports name places), else its place.
      const list = rowsOf<ViolationDbRow>(rows);
      const places = await geofencesAt(
        db,
        list.map((r) => ({ vehicleId: r.vehicle_id, at: new Date(r.started_at) })),
      );
      return {
        rows: list.map((r, i) => ({
          ...r,
          location: places[i]?.name ?? r.location,
          geofence: places[i]?.name ?? null,
        })),
        count: rowsOf<{ n: number }>(counted)[0]?.n ?? 0,
      };
    },

    /** The vehicles, fleets or drivers asked for that are not the unit's. */
    async foreign(
      unitId: number,
      ids: { vehicles: readonly number[]; fleet?: number | undefined; driver?: number | undefined },
    ) {
      const missing: string[] = [];
      const check = async (table: SQL, idColumn: SQL, list: readonly number[], what: string) => {
        if (!list.length) return;
        const own = rowsOf<{ id: number }>(
          await db.execute(sql`SELECT ${idColumn} AS id FROM ${table}
            WHERE unit_id = ${unitId} AND ${idColumn} IN (${sql.join(
              list.map((id) => sql`${id}`),
              sql`, `,
            )})`),
        ).map((r) => r.id);
        const gone = list.filter((id) => !own.includes(id));
        if (gone.length) missing.push(`${what} ${gone.join(', ')}`);
      };
      await check(sql`vehicles`, sql`vehicle_id`, ids.vehicles, 'vehicle');
      await check(sql`fleets`, sql`fleet_id`, ids.fleet ? [ids.fleet] : [], 'fleet');
      await check(sql`drivers`, sql`driver_id`, ids.driver ? [ids.driver] : [], 'driver');
      return missing;
    },
  };
}
export type ViolationTrafficRepo = ReturnType<typeof createViolationTrafficRepo>;
