import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { RoleName } from '@pantau/contracts';
import type { Db } from '../../db/client.js';
import { userGroups, users } from '../../db/schema/index.js';
import { containing } from '../kit/list-query.js';

const memberColumns = {
  userId: users.userId,
  username: users.username,
  displayName: users.displayName,
  email: users.email,
  role: userGroups.role,
  disabled: users.disabled,
  lastLogin: users.lastLogin,
};
export type MemberRecord = {
  userId: number;
  username: string;
  displayName: string;
  email: string;
  role: string;
  disabled: boolean;
  lastLogin: Date | null;
};

export interface MemberFilter {
  search?: string | undefined;
  role?: RoleName | undefined;
  disabled?: boolean | undefined;
}

/** Every query takes the database or the transaction it runs in. */
export function createUsersRepo(db: Db) {
  return {
    async pageOfUnit(unitId: number, filter: MemberFilter, take: number, skip: number) {
      const conditions: (SQL | undefined)[] = [eq(userGroups.unitId, unitId)];
      if (filter.search) {
        const like = containing(filter.search);
        conditions.push(
          or(ilike(users.username, like), ilike(users.displayName, like), ilike(users.email, like)),
        );
      }
      if (filter.role) conditions.push(eq(userGroups.role, filter.role));
      if (filter.disabled !== undefined) conditions.push(eq(users.disabled, filter.disabled));
      const where = and(...conditions);
      const [total] = await db
        .select({ n: count() })
        .from(userGroups)
        .innerJoin(users, eq(users.userId, userGroups.userId))
        .where(where);
      const rows: MemberRecord[] = await db
        .select(memberColumns)
        .from(userGroups)
        .innerJoin(users, eq(users.userId, userGroups.userId))
        .where(where)
        .orderBy(asc(sql`lower(${users.username})`), asc(users.userId))
        .limit(take)
        .offset(skip);
      return { count: total?.n ?? 0, rows };
    },

    /** The user with their role in the unit, or undefined when they hold none there. */
    async memberOfUnit(tx: Db, unitId: number, userId: number): Promise<MemberRecord | undefined> {
      const [row] = await tx
        .select(memberColumns)
        .from(userGroups)
        .innerJoin(users, eq(users.userId, userGroups.userId))
        .where(and(eq(userGroups.unitId, unitId), eq(userGroups.userId, userId)));
      return row;
    },

    /** Every unit each user holds a role in. */
    async unitsOf(tx: Db, userIds: number[]): Promise<Map<number, number[]>> {
      const byUser = new Map<number, number[]>();
      if (userIds.length === 0) return byUser;
      const rows = await tx
        .select({ userId: userGroups.userId, unitId: userGroups.unitId })
        .from(userGroups)
        .where(inArray(userGroups.userId, userIds));
      for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r.unitId]);
      return byUser;
    },

    /** Enabled Administrators of the unit (a disabled one cannot run it), locked for the transaction. */
    async activeAdministrators(tx: Db, unitId: number): Promise<number[]> {
      const rows = await tx
        .select({ userId: userGroups.userId })
        .from(userGroups)
        .innerJoin(users, eq(users.userId, userGroups.userId))
        .where(
          and(eq(userGroups.unitId, unitId), eq(userGroups.role, 'Administrator'), eq(users.disabled, false)),
        )
        .for('update');
      return rows.map((r) => r.userId);
    },

    async findByLogin(tx: Db, login: string) {
      const [row] = await tx
        .select({ userId: users.userId, username: users.username })
        .from(users)
        .where(
          or(sql`lower(${users.username}) = lower(${login})`, sql`lower(${users.email}) = lower(${login})`),
        );
      return row;
    },

    async taken(
      tx: Db,
      values: { username?: string | undefined; email?: string | undefined },
      exceptUserId?: number,
    ) {
      const check = async (column: typeof users.username | typeof users.email, value: string | undefined) => {
        if (value === undefined) return false;
        const [row] = await tx
          .select({ userId: users.userId })
          .from(users)
          .where(sql`lower(${column}) = lower(${value})`);
        return row !== undefined && row.userId !== exceptUserId;
      };
      return {
        username: await check(users.username, values.username),
        email: await check(users.email, values.email),
      };
    },

    async insertUser(
      tx: Db,
      values: { username: string; email: string; displayName: string; passwordHash: string },
    ): Promise<number> {
      const [row] = await tx.insert(users).values(values).returning({ userId: users.userId });
      return row!.userId;
    },

    async insertMembership(tx: Db, values: { userId: number; unitId: number; role: string }) {
      await tx.insert(userGroups).values(values);
    },

    async setRole(tx: Db, unitId: number, userId: number, role: string) {
      await tx
        .update(userGroups)
        .set({ role })
        .where(and(eq(userGroups.unitId, unitId), eq(userGroups.userId, userId)));
    },

    async deleteMembership(tx: Db, unitId: number, userId: number) {
      await tx.delete(userGroups).where(and(eq(userGroups.unitId, unitId), eq(userGroups.userId, userId)));
    },

    async updateAccount(
      tx: Db,
      userId: number,
      values: { disabled?: boolean; displayName?: string; email?: string },
    ) {
      if (Object.keys(values).length === 0) return;
      await tx.update(users).set(values).where(eq(users.userId, userId));
    },

    /** A new password; bumping the token version ends every session of the user. */
    async setPassword(tx: Db, userId: number, passwordHash: string) {
      await tx
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.userId, userId));
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
