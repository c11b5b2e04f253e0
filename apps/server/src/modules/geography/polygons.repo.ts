import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { GeofenceSearchQuery } from '@pantau/contracts';
import type { Db } from '../../db/client.js';
import { containing } from '../kit/list-query.js';
import { geofences } from '../../db/schema/index.js';

export type GeofenceValues = typeof geofences.$inferInsert;
export type StoredGeofence = typeof geofences.$inferSelect;
type GeofenceFilters = Partial<Omit<GeofenceSearchQuery, 'Take' | 'Skip'>>;

export function createPolygonsRepo(db: Db) {
  function whereOf(unitId: number, f: GeofenceFilters) {
    const search = f.search ? containing(f.search) : null;
    return and(
      eq(geofences.unitId, unitId),
      search ? sql`(${geofences.code} ilike ${search} or ${geofences.name} ilike ${search})` : undefined,
      f.category ? eq(geofences.category, f.category) : undefined,
      f.polygonType ? eq(geofences.shape, f.polygonType) : undefined,
    );
  }
  const order = [asc(geofences.polyIndex), asc(geofences.code), asc(geofences.geofenceId)];

  return {
    /** One page of the unit's geofences matching the filters (in map-legend order), and how many match. */
    async search(unitId: number, q: GeofenceFilters & { Take: number; Skip: number }) {
      const where = whereOf(unitId, q);
      const [total] = await db.select({ n: count() }).from(geofences).where(where);
      const rows = await db
        .select()
        .from(geofences)
        .where(where)
        .orderBy(...order)
        .limit(q.Take)
        .offset(q.Skip);
      return { total: total?.n ?? 0, rows };
    },

    /** Every geofence of the unit matching the filters (the export). */
    all(unitId: number, f: GeofenceFilters = {}) {
      return db
        .select()
        .from(geofences)
        .where(whereOf(unitId, f))
        .orderBy(...order);
    },

    async findOfUnit(unitId: number, geofenceId: number, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(geofences)
        .where(and(eq(geofences.unitId, unitId), eq(geofences.geofenceId, geofenceId)));
      return row;
    },

    /** Geofences of the unit other than `exceptId` that already use one of these codes. */
    /** The unit's geofences holding any of these codes, compared ignoring case. */
    holdersOf(unitId: number, codes: string[], exceptId?: number) {
      if (codes.length === 0) return Promise.resolve([]);
      return db
        .select({ geofenceId: geofences.geofenceId, code: geofences.code })
        .from(geofences)
        .where(
          and(
            eq(geofences.unitId, unitId),
            inArray(
              sql`lower(${geofences.code})`,
              codes.map((c) => c.toLowerCase()),
            ),
            exceptId === undefined ? undefined : sql`${geofences.geofenceId} <> ${exceptId}`,
          ),
        );
    },

    /** The order the next new geofence of the unit takes. */
    async nextIndex(unitId: number, tx: Db = db) {
      const [row] = await tx
        .select({ next: sql<number>`coalesce(max(${geofences.polyIndex}) + 1, 0)::int` })
        .from(geofences)
        .where(eq(geofences.unitId, unitId));
      return row?.next ?? 0;
    },

    async insertMany(tx: Db, values: GeofenceValues[]) {
      if (values.length === 0) return [];
      return tx.insert(geofences).values(values).returning();
    },

    async update(tx: Db, geofenceId: number, values: Partial<GeofenceValues>) {
      const [row] = await tx
        .update(geofences)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(geofences.geofenceId, geofenceId))
        .returning();
      return row!;
    },

    async remove(tx: Db, geofenceId: number) {
      await tx.delete(geofences).where(eq(geofences.geofenceId, geofenceId));
    },
  };
}
export type PolygonsRepo = ReturnType<typeof createPolygonsRepo>;
