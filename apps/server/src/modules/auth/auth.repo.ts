import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passwordResets, revokedTokens, units, userGroups, users } from '../../db/schema/index.js';

export type UserRecord = typeof users.$inferSelect;

export function createAuthRepo(db: Db) {
  return {
    /** By username or e-mail, case-insensitive. */
    async findByLogin(login: string): Promise<UserRecord | undefined> {
      const l = login.toLowerCase();
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = ${l} or lower(${users.email}) = ${l}`)
        .orderBy(sql`lower(${users.username}) = ${l} desc`)
        .limit(1);
      return row;
    },

    async findById(userId: number): Promise<UserRecord | undefined> {
      const [row] = await db.select().from(users).where(eq(users.userId, userId));
      return row;
    },

    /** The user, and whether the token `jti` was signed out, in one round trip (every request asks). */
    async findForToken(
      userId: number,
      jti: string,
    ): Promise<{ user: UserRecord; revoked: boolean } | undefined> {
      const [row] = await db
        .select({
          user: users,
          revoked: sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${jti})`,
        })
        .from(users)
        .where(eq(users.userId, userId));
      return row;
    },

    /** Signs a token out until it expires; forgets sign-outs of tokens that have expired anyway. */
    async revokeToken(jti: string, expiresAt: Date, now: Date) {
      await db.insert(revokedTokens).values({ jti, expiresAt }).onConflictDoNothing();
      await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now));
    },

    /** The user's groups ordered by unit. */
    groupsOf(userId: number) {
      return db
        .select({
          unitId: userGroups.unitId,
          unitName: units.unitName,
          role: userGroups.role,
          timeZone: units.timeZone,
        })
        .from(userGroups)
        .innerJoin(units, eq(units.unitId, userGroups.unitId))
        .where(eq(userGroups.userId, userId))
        .orderBy(asc(userGroups.unitId));
    },

    async setLastLogin(userId: number, at: Date) {
      await db.update(users).set({ lastLogin: at }).where(eq(users.userId, userId));
    },

    async usernameOrEmailTaken(username: string, email: string) {
      const rows = await db
        .select({ username: users.username, email: users.email })
        .from(users)
        .where(
          sql`lower(${users.username}) = ${username.toLowerCase()} or lower(${users.email}) = ${email.toLowerCase()}`,
        );
      return {
        username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
        email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
      };
    },

    async insertUser(values: { username: string; email: string; displayName: string; passwordHash: string }) {
      const [row] = await db.insert(users).values(values).returning({ userId: users.userId });
      return row!.userId;
    },

    async insertReset(values: { userId: number; tokenHash: string; expiresAt: Date }) {
      await db.insert(passwordResets).values(values);
    },

    /**
     * Uses a reset token: marks it used, sets the password and bumps the token version, all at once.
     * Returns false when the token is unknown, used or expired.
     */
    async consumeReset(tokenHash: string, now: Date, passwordHash: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [reset] = await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(
            and(
              eq(passwordResets.tokenHash, tokenHash),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, now),
            ),
          )
          .returning({ userId: passwordResets.userId });
        if (!reset) return false;
        await tx
          .update(users)
          .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
          .where(eq(users.userId, reset.userId));
        return true;
      });
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;
