import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** The signed-in user's own row: profile fields, password and settings. */
export function createProfileRepo(db: Db) {
  return {
    async findById(userId: number, tx: Db = db) {
      const [row] = await tx.select().from(users).where(eq(users.userId, userId));
      return row;
    },

    /** True when another account already uses this e-mail (case-insensitive). */
    async emailTakenByOther(email: string, userId: number, tx: Db = db) {
      const [row] = await tx
        .select({ id: users.userId })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.userId, userId)))
        .limit(1);
      return row !== undefined;
    },

    async updateProfile(userId: number, values: { displayName: string; email: string }, tx: Db = db) {
      await tx.update(users).set(values).where(eq(users.userId, userId));
    },

    /** Sets the password and bumps the token version (every earlier token stops working); the new version. */
    async setPassword(userId: number, passwordHash: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.userId, userId))
        .returning({ tokenVersion: users.tokenVersion });
      return row!.tokenVersion;
    },

    async setSettings(userId: number, settings: Record<string, unknown>, tx: Db = db) {
      await tx.update(users).set({ settings }).where(eq(users.userId, userId));
    },
  };
}
export type ProfileRepo = ReturnType<typeof createProfileRepo>;
