import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { events, vehicles } from '../../db/schema/index.js';

export function createNotificationsRepo(db: Db) {
  return {
    async latestOfUnit(unitId: number, limit: number) {
      const [total] = await db.select({ n: count() }).from(events).where(eq(events.unitId, unitId));
      const rows = await db
        .select({
          eventId: events.eventId,
          kind: events.kind,
          plate: vehicles.plateNumber,
          startedAt: events.startedAt,
        })
        .from(events)
        .innerJoin(vehicles, eq(vehicles.vehicleId, events.vehicleId))
        .where(eq(events.unitId, unitId))
        .orderBy(desc(events.startedAt), desc(events.eventId))
        .limit(limit);
      return { count: total?.n ?? 0, rows };
    },
  };
}
export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
