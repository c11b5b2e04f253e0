import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { units, userGroups } from '../../db/schema/index.js';

export function createUnitsRepo(db: Db) {
  return {
    /** Units the user holds a role in, with that role, ordered by unit. */
    ofUser(userId: number) {
      return db
        .select({
          unitId: units.unitId,
          unitName: units.unitName,
          role: userGroups.role,
          timeZone: units.timeZone,
        })
        .from(userGroups)
        .innerJoin(units, eq(units.unitId, userGroups.unitId))
        .where(eq(userGroups.userId, userId))
        .orderBy(asc(units.unitId));
    },
  };
}
export type UnitsRepo = ReturnType<typeof createUnitsRepo>;
