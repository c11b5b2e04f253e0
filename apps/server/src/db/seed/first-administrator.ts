import { count } from 'drizzle-orm';
import { hashPassword } from '../../lib/password.js';
import type { Db } from '../client.js';
import { units, userGroups, users } from '../schema/index.js';

export interface FirstAdministrator {
  username: string;
  password: string;
  email: string | undefined;
  unitName: string;
}

/**
 * An install without the demo starts with no unit and no one who may make one: the first Administrator
 * comes from the environment (PANTAU_ADMIN_*). Made with their unit in one transaction when the database
 * has no unit yet; answers false (and changes nothing) once it has one.
 */
export async function createFirstAdministrator(db: Db, first: FirstAdministrator): Promise<boolean> {
  const passwordHash = await hashPassword(first.password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(units);
    if ((existing?.n ?? 0) > 0) return false;
    const [unit] = await tx.insert(units).values({ unitName: first.unitName }).returning();
    const [user] = await tx
      .insert(users)
      .values({
        username: first.username,
        // The reserved .invalid domain until they give theirs on the profile page.
        email: first.email ?? `${first.username.toLowerCase()}@pantau.invalid`,
        displayName: first.username,
        passwordHash,
      })
      .returning();
    await tx.insert(userGroups).values({ userId: user!.userId, unitId: unit!.unitId, role: 'Administrator' });
    return true;
  });
}
