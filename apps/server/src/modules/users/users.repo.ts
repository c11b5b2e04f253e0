import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userGroups, users } from '../../db/schema/index.js';

export function createUsersRepo(db: Db) {
  return {
    async pageOfUnit(unitId: number, take: number, skip: number) {
      const [total] = await db.select({ n: count() }).from(userGroups).where(eq(userGroups.unitId, unitId));
      const rows = await db
        .select({
          userId: users.userId,
          username: users.username,
          displayName: users.displayName,
          email: users.email,
          role: userGroups.role,
          disabled: users.disabled,
          lastLogin: users.lastLogin,
        })
        .from(userGroups)
        .innerJoin(users, eq(users.userId, userGroups.userId))
        .where(eq(userGroups.unitId, unitId))
        .orderBy(asc(users.username), asc(users.userId))
        .limit(take)
        .offset(skip);
      return { count: total?.n ?? 0, rows };
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
