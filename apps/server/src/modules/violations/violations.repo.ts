import { and, asc, count, desc, eq, gte, inArray, lt, max, sql, sum, type SQL } from 'drizzle-orm';
import type { ViolationQuery } from '@pantau/contracts';
import type { Db } from '../../db/client.js';
import { drivers, events, vehicleFleets, vehicles } from '../../db/schema/index.js';
import { geofencesAt } from './geofence-at.js';

export type ViolationKind = 'overspeed' | 'overstop';
type Filters = Pick<ViolationQuery, 'from' | 'to' | 'kendaraanId' | 'fleetId'>;
type Order = Pick<ViolationQuery, 'sortBy' | 'sortDir'>;

/** Seconds an event lasted, to `now` while it goes on. */
const durationOf = (now: Date) =>
  sql<number>`coalesce(${events.durationS}, (${events.attributes}->>'durationS')::int,
    greatest(0, extract(epoch from (coalesce(${events.endedAt}, ${now.toISOString()}::timestamptz) - ${events.startedAt}))::int))`;

/**
 * Violations (over speed, over stop) of a unit that started in the period [from, to): an event belongs
 * to the period it began in, so a report's rows never depend on how long the events lasted.
 */
export function createViolationsRepo(db: Db) {
  const whereOf = (unitId: number, kind: ViolationKind, q: Filters): SQL | undefined =>
    and(
      eq(events.unitId, unitId),
      eq(events.kind, kind),
      gte(events.startedAt, new Date(q.from)),
      lt(events.startedAt, new Date(q.to)),
      q.kendaraanId?.length ? inArray(events.vehicleId, q.kendaraanId) : undefined,
      q.fleetId
        ? sql`exists (select 1 from ${vehicleFleets} where ${vehicleFleets.vehicleId} = ${events.vehicleId}
            and ${vehicleFleets.fleetId} = ${q.fleetId})`
        : undefined,
    );

  return {
    /** One page of the period's events, in the asked order, with what a report row shows. */
    async page(
      unitId: number,
      kind: ViolationKind,
      q: Filters & Order,
      page: { take: number; skip: number },
      now: Date,
    ) {
      const duration = durationOf(now);
      const column = {
        start: events.startedAt,
        duration,
        max: events.maxValue,
        nomorKendaraan: vehicles.hullNumber,
      }[q.sortBy];
      const dir = q.sortDir === 'ascend' ? asc : desc;
      const rows = await db
        .select({
          event: events,
          duration,
          plate: vehicles.plateNumber,
          hull: vehicles.hullNumber,
          driver: drivers.name,
        })
        .from(events)
        .innerJoin(vehicles, eq(vehicles.vehicleId, events.vehicleId))
        .leftJoin(drivers, eq(drivers.driverId, events.driverId))
        .where(whereOf(unitId, kind, q))
        .orderBy(dir(column), dir(events.eventId))
        .limit(page.take)
        .offset(page.skip);
      // Where each began: the geofence it was in, looked up for this page's rows only.
      const places = await geofencesAt(
        db,
        rows.map((r) => ({ vehicleId: r.event.vehicleId, at: r.event.startedAt })),
      );
      return rows.map((r, i) => ({
        ...r,
        geofence: places[i]?.name ?? null,
        geofenceCategory: places[i]?.category ?? null,
      }));
    },

    /** How many events match, their total duration and the highest value among them. */
    async totals(unitId: number, kind: ViolationKind, q: Filters, now: Date) {
      const [row] = await db
        .select({
          count: count(),
          duration: sum(durationOf(now)).mapWith(Number),
          max: max(events.maxValue),
        })
        .from(events)
        .where(whereOf(unitId, kind, q));
      return { count: row?.count ?? 0, duration: row?.duration ?? 0, max: row?.max ?? null };
    },

    /** The vehicles asked for that are not the unit's. */
    async foreignVehicles(unitId: number, ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const own = await db
        .select({ id: vehicles.vehicleId })
        .from(vehicles)
        .where(and(eq(vehicles.unitId, unitId), inArray(vehicles.vehicleId, [...ids])));
      const ownIds = new Set(own.map((r) => r.id));
      return ids.filter((id) => !ownIds.has(id));
    },
  };
}
export type ViolationsRepo = ReturnType<typeof createViolationsRepo>;
