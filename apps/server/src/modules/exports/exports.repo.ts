import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { revokedTokens, units, userGroups, users } from '../../db/schema/index.js';

export function createExportsRepo(db: Db) {
  return {
    /** Whether the user is enabled and still holds the role in the unit. */
    async holdsRole(userId: number, unitId: number, role: string): Promise<boolean> {
      const [row] = await db
        .select({ userId: users.userId })
        .from(userGroups)
        .innerJoin(users, eq(users.userId, userGroups.userId))
        .where(
          and(
            eq(userGroups.userId, userId),
            eq(userGroups.unitId, unitId),
            eq(userGroups.role, role),
            eq(users.disabled, false),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async timeZoneOf(unitId: number): Promise<string | null> {
      const [row] = await db.select({ tz: units.timeZone }).from(units).where(eq(units.unitId, unitId));
      return row?.tz ?? null;
    },

    /** Marks a link's id used; false when it already was (one download per link, on every instance). */
    async consume(jti: string, expiresAt: Date): Promise<boolean> {
      const inserted = await db
        .insert(revokedTokens)
        .values({ jti: `export:${jti}`, expiresAt })
        .onConflictDoNothing()
        .returning({ jti: revokedTokens.jti });
      return inserted.length > 0;
    },
  };
}
export type ExportsRepo = ReturnType<typeof createExportsRepo>;
