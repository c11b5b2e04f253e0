import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { events, vehicles } from '../../db/schema/index.js';
import { GEOFENCE_EVENT_KINDS, NOTIFYING_EVENT_KINDS } from '../../live-state/notification.js';

export function createNotificationsRepo(db: Db) {
  return {
    async latestOfUnit(unitId: number, limit: number) {
      const ofUnit = and(
        eq(events.unitId, unitId),
        or(
          inArray(events.kind, [...NOTIFYING_EVENT_KINDS]),
          // Geofence crossings only of geofences that ask for them.
          and(
            inArray(events.kind, [...GEOFENCE_EVENT_KINDS]),
            sql`(${events.attributes} ->> 'notify') = 'true'`,
          ),
        ),
      );
      const [total] = await db.select({ n: count() }).from(events).where(ofUnit);
      const rows = await db
        .select({
          eventId: events.eventId,
          vehicleId: events.vehicleId,
          kind: events.kind,
          plate: vehicles.plateNumber,
          startedAt: events.startedAt,
          endedAt: events.endedAt,
          open: events.open,
          maxValue: events.maxValue,
          limitValue: events.limitValue,
          lat: events.lat,
          lon: events.lon,
          attributes: events.attributes,
        })
        .from(events)
        .innerJoin(vehicles, eq(vehicles.vehicleId, events.vehicleId))
        .where(ofUnit)
        .orderBy(desc(events.startedAt), desc(events.eventId))
        .limit(limit);
      return { count: total?.n ?? 0, rows };
    },
  };
}
export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
