import { count, desc, notExists, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { unknownTrackers, vehicles } from '../../db/schema/index.js';

export function createTrackersRepo(db: Db) {
  // A tracker registered since it was first seen is no longer "unregistered".
  const unregistered = notExists(
    db
      .select({ one: vehicles.vehicleId })
      .from(vehicles)
      .where(eq(vehicles.trackerId, unknownTrackers.trackerId)),
  );
  return {
    async unregistered(take: number, skip: number) {
      const [total] = await db.select({ n: count() }).from(unknownTrackers).where(unregistered);
      const rows = await db
        .select()
        .from(unknownTrackers)
        .where(unregistered)
        .orderBy(desc(unknownTrackers.lastSeen), unknownTrackers.trackerId)
        .limit(take)
        .offset(skip);
      return { count: total?.n ?? 0, rows };
    },
  };
}
export type TrackersRepo = ReturnType<typeof createTrackersRepo>;
