import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { cacheVersions } from '../db/schema/index.js';
import { rowsOf } from '../db/rows.js';

/**
 * What the pipeline caches from the database and another instance may change: the vehicle index
 * (`vehicles`) and each unit's geofences and routes (`geography:<unitId>`). The instance that changes
 * one raises its version; the others read it again when they see a higher one.
 */
export const cacheNames = {
  vehicles: 'vehicles',
  geography: (unitId: number) => `geography:${unitId}`,
  unitOf: (name: string): number | null =>
    name.startsWith('geography:') ? Number(name.slice('geography:'.length)) : null,
};

/** Raises the version of `name`; answers the new one. */
export async function raiseCacheVersion(db: Db, name: string): Promise<number> {
  const [row] = rowsOf<{ version: unknown }>(
    await db.execute(sql`
      INSERT INTO cache_versions (name, version) VALUES (${name}, 1)
      ON CONFLICT (name) DO UPDATE SET version = cache_versions.version + 1
      RETURNING version`),
  );
  return Number(row?.version ?? 0);
}

/** Every cached thing's version, by name. */
export async function readCacheVersions(db: Db): Promise<Map<string, number>> {
  const rows = await db.select().from(cacheVersions);
  return new Map(rows.map((r) => [r.name, Number(r.version)]));
}
