import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { MarkerSearchQuery } from '@pantau/contracts';
import type { Db } from '../../db/client.js';
import { containing } from '../kit/list-query.js';
import { pois } from '../../db/schema/index.js';

export type MarkerValues = typeof pois.$inferInsert;
export type StoredMarker = typeof pois.$inferSelect;

export function createMarkersRepo(db: Db) {
  return {
    /** One page of the unit's markers by name, and how many match. */
    async search(unitId: number, q: MarkerSearchQuery) {
      const where = and(
        eq(pois.unitId, unitId),
        q.search ? sql`${pois.name} ilike ${containing(q.search)}` : undefined,
        q.icon ? eq(pois.icon, q.icon) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(pois).where(where);
      const rows = await db
        .select()
        .from(pois)
        .where(where)
        .orderBy(asc(pois.name), asc(pois.poiId))
        .limit(q.Take)
        .offset(q.Skip);
      return { total: total?.n ?? 0, rows };
    },

    async findOfUnit(unitId: number, poiId: number, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(pois)
        .where(and(eq(pois.unitId, unitId), eq(pois.poiId, poiId)));
      return row;
    },

    async insert(tx: Db, values: MarkerValues) {
      const [row] = await tx.insert(pois).values(values).returning();
      return row!;
    },

    async update(tx: Db, poiId: number, values: Partial<MarkerValues>) {
      const [row] = await tx
        .update(pois)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(pois.poiId, poiId))
        .returning();
      return row!;
    },

    async remove(tx: Db, poiId: number) {
      await tx.delete(pois).where(eq(pois.poiId, poiId));
    },
  };
}
export type MarkersRepo = ReturnType<typeof createMarkersRepo>;
