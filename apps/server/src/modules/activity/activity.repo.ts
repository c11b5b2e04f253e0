import { sql, type SQL } from 'drizzle-orm';
import type { DetailActivityQuery } from '@pantau/contracts';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

const iso = (d: Date) => d.toISOString();

/** Counts of the violations that started in [start, end) of a vehicle, as columns os, ost, ort. */
const violationsBetween = (vehicleId: SQL, start: SQL, end: SQL) => sql`
  LEFT JOIN LATERAL (
    SELECT count(*) FILTER (WHERE e.kind = 'overspeed')::int AS os,
      count(*) FILTER (WHERE e.kind = 'overstop')::int AS ost,
      count(*) FILTER (WHERE e.kind = 'overroute')::int AS ort
    FROM events e
    WHERE e.vehicle_id = ${vehicleId} AND e.kind IN ('overspeed', 'overstop', 'overroute')
      AND e.started_at >= ${start} AND e.started_at < ${end}) v ON true`;

export interface TripDbRow {
  trip_id: number;
  vehicle_id: number;
  plate_number: string;
  hull_number: string;
  started_at: Date | string;
  ended_at: Date | string;
  open: boolean;
  start_lat: number;
  start_lon: number;
  end_lat: number;
  end_lon: number;
  distance_m: number;
  driving_s: number;
  idle_s: number;
  max_speed: number;
  halts: number;
  os: number;
  ost: number;
  ort: number;
}

export interface StopDbRow {
  stop_id: number;
  vehicle_id: number;
  plate_number: string;
  hull_number: string;
  started_at: Date | string;
  ended_at: Date | string;
  open: boolean;
  lat: number;
  lon: number;
  idle_s: number;
}

export interface DayDbRow {
  vehicle_id: number;
  plate_number: string;
  hull_number: string;
  day: string;
  distance_m: number;
  driving_s: number;
  idle_s: number;
  engine_s: number;
  first_move_at: Date | string | null;
  last_move_at: Date | string | null;
  max_speed: number;
  stops: number;
  os: number;
  ost: number;
  ort: number;
  total: number;
}

const DAY_SORTS: Record<NonNullable<DetailActivityQuery['sortBy']>, string> = {
  day: 'day',
  nomorPolisi: 'plate_number',
  distanceKm: 'distance_m',
  drivingTime: 'driving_s',
  idleTime: 'idle_s',
  engineHours: 'engine_s',
  stops: 'stops',
  maxSpeed: 'max_speed',
};

export function createActivityRepo(db: Db) {
  return {
    /** The vehicle's plate and hull number when it is in the unit. */
    async vehicleOfUnit(vehicleId: number, unitId: number) {
      const [row] = rowsOf<{ plate_number: string; hull_number: string }>(
        await db.execute(sql`
          SELECT plate_number, hull_number FROM vehicles WHERE vehicle_id = ${vehicleId} AND unit_id = ${unitId}`),
      );
      return row;
    },

    async timeZoneOf(unitId: number): Promise<string> {
      const [row] = rowsOf<{ time_zone: string }>(
        await db.execute(sql`SELECT time_zone FROM units WHERE unit_id = ${unitId}`),
      );
      return row?.time_zone ?? 'Asia/Jakarta';
    },

    /** A vehicle's trips overlapping [from, to), oldest first, with the violations that started in each. */
    async trips(vehicleId: number, from: Date, to: Date, take: number, skip: number) {
      const where = sql`t.vehicle_id = ${vehicleId} AND t.started_at < ${iso(to)}::timestamptz
        AND t.ended_at > ${iso(from)}::timestamptz`;
      const rows = rowsOf<TripDbRow & { n: number }>(
        await db.execute(sql`
          SELECT t.*, vh.plate_number, vh.hull_number, v.os, v.ost, v.ort, count(*) OVER ()::int AS n
          FROM trips t JOIN vehicles vh ON vh.vehicle_id = t.vehicle_id
          ${violationsBetween(sql`t.vehicle_id`, sql`t.started_at`, sql`t.ended_at`)}
          WHERE ${where}
          ORDER BY t.started_at LIMIT ${take} OFFSET ${skip}`),
      );
      const count =
        rows[0]?.n ??
        (skip > 0
          ? Number(
              rowsOf<{ n: number }>(
                await db.execute(sql`SELECT count(*)::int AS n FROM trips t WHERE ${where}`),
              )[0]?.n ?? 0,
            )
          : 0);
      return { count, rows };
    },

    /** A vehicle's stops overlapping [from, to), oldest first. */
    async stops(vehicleId: number, from: Date, to: Date, take: number, skip: number) {
      const where = sql`s.vehicle_id = ${vehicleId} AND s.started_at < ${iso(to)}::timestamptz
        AND s.ended_at > ${iso(from)}::timestamptz`;
      const [total] = rowsOf<{ n: number }>(
        await db.execute(sql`SELECT count(*)::int AS n FROM stops s WHERE ${where}`),
      );
      const rows = rowsOf<StopDbRow>(
        await db.execute(sql`
          SELECT s.*, vh.plate_number, vh.hull_number
          FROM stops s JOIN vehicles vh ON vh.vehicle_id = s.vehicle_id
          WHERE ${where} ORDER BY s.started_at LIMIT ${take} OFFSET ${skip}`),
      );
      return { count: Number(total?.n ?? 0), rows };
    },

    /**
     * The unit's vehicle days from `fromDay` to `toDay` (YYYY-MM-DD, inclusive), of the chosen vehicles
     * or fleet, with the stops and violations that began on each day (counted per query: indexed by
     * vehicle and start), sorted and paged.
     */
    async days(
      unitId: number,
      timeZone: string,
      q: { fromDay: string; toDay: string; vehicleIds?: number[]; fleetId?: number },
      order: { sortBy?: keyof typeof DAY_SORTS; sortDir?: 'ascend' | 'descend' },
      page: { take: number; skip: number },
    ) {
      const filters: SQL[] = [
        sql`a.unit_id = ${unitId}`,
        sql`a.day >= ${q.fromDay}::date`,
        sql`a.day <= ${q.toDay}::date`,
      ];
      if (q.vehicleIds?.length)
        filters.push(
          sql`a.vehicle_id IN (${sql.join(
            q.vehicleIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
      if (q.fleetId !== undefined)
        filters.push(
          sql`EXISTS (SELECT 1 FROM vehicle_fleets f WHERE f.vehicle_id = a.vehicle_id AND f.fleet_id = ${q.fleetId})`,
        );
      const where = sql.join(filters, sql` AND `);
      const column = sql.raw(DAY_SORTS[order.sortBy ?? 'day']);
      const direction = sql.raw(order.sortDir === 'descend' ? 'DESC' : 'ASC');
      const dayStart = sql`(a.day::timestamp AT TIME ZONE ${timeZone})`;
      const dayEnd = sql`((a.day + 1)::timestamp AT TIME ZONE ${timeZone})`;
      const rows = rowsOf<DayDbRow & { n: number }>(
        await db.execute(sql`
          WITH d AS (
            SELECT a.vehicle_id, vh.plate_number, vh.hull_number, to_char(a.day, 'YYYY-MM-DD') AS day,
              a.distance_m, a.driving_s, a.idle_s, a.engine_s, a.first_move_at, a.last_move_at, a.max_speed,
              st.n AS stops, v.os, v.ost, v.ort, (v.os + v.ost + v.ort) AS total
            FROM activity_days a JOIN vehicles vh ON vh.vehicle_id = a.vehicle_id
            LEFT JOIN LATERAL (
              SELECT count(*)::int AS n FROM stops s
              WHERE s.vehicle_id = a.vehicle_id AND s.started_at >= ${dayStart} AND s.started_at < ${dayEnd}) st ON true
            ${violationsBetween(sql`a.vehicle_id`, dayStart, dayEnd)}
            WHERE ${where})
          SELECT d.*, count(*) OVER ()::int AS n FROM d
          ORDER BY ${column} ${direction} NULLS LAST, day, plate_number, vehicle_id
          LIMIT ${page.take} OFFSET ${page.skip}`),
      );
      let count = rows[0]?.n;
      if (count === undefined && page.skip > 0) {
        const [row] = rowsOf<{ n: number }>(
          await db.execute(sql`SELECT count(*)::int AS n FROM activity_days a WHERE ${where}`),
        );
        count = row?.n;
      }
      return { count: Number(count ?? 0), rows };
    },
  };
}
export type ActivityRepo = ReturnType<typeof createActivityRepo>;
