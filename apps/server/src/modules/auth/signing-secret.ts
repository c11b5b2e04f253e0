import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { serverSettings } from '../../db/schema/index.js';

const KEY = 'signing_secret';
/** Shorter than this is not a secret worth keeping (PANTAU_JWT_SECRET asks the same). */
export const MIN_SECRET_LENGTH = 32;

/**
 * The secret tokens are signed with: `PANTAU_JWT_SECRET` when set; otherwise the one kept in the
 * database, so every instance on it signs and accepts the same tokens. The first instance to ask
 * stores one (`carried`, a secret an older version kept in the data dir, so its signed-in users stay
 * signed in; else a new random one); instances starting together agree, as only the first insert counts.
 */
export async function resolveSigningSecret(
  db: Db,
  opts: { configured?: string | undefined; carried?: string | null | undefined } = {},
): Promise<string> {
  if (opts.configured) return opts.configured;
  const candidate =
    opts.carried && opts.carried.length >= MIN_SECRET_LENGTH
      ? opts.carried
      : randomBytes(48).toString('base64url');
  await db.insert(serverSettings).values({ key: KEY, value: candidate }).onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSettings.value })
    .from(serverSettings)
    .where(eq(serverSettings.key, KEY));
  if (!row) throw new Error('the signing secret could not be stored');
  return row.value;
}
