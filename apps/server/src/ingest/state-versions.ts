import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { vehicleState } from '../db/schema/index.js';
import type { LiveState } from '../live-state/live-state.js';
import { liveStateOf } from '../live-state/stored-state.js';
import { rawOf } from './position-store.js';

/**
 * `vehicle_state` as several instances share it: each row carries a version raised by every write
 * (`upsertStates`). An instance keeps the version of each state it caches; a writer locks the rows it
 * is about to move, reads again those whose version is not the one it cached (another instance wrote
 * them since), and writes in the same transaction. Versions only grow, so "the higher version wins"
 * merges what an instance reads at any time into its cache.
 */

export interface VersionedState {
  state: LiveState;
  version: number;
}

const idArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

/**
 * Locks the rows of `vehicleIds` until the transaction ends and answers their versions (a vehicle
 * without a row has none). Rows are locked in id order, so two instances never wait on each other in
 * a circle.
 */
export async function lockVersions(tx: Db, vehicleIds: readonly number[]): Promise<Map<number, number>> {
  const versions = new Map<number, number>();
  if (vehicleIds.length === 0) return versions;
  const { rows } = await rawOf(tx).query(
    `SELECT vehicle_id AS v, version::float8 AS n FROM vehicle_state
     WHERE vehicle_id = ANY($1::int[]) ORDER BY vehicle_id FOR UPDATE`,
    [idArray(vehicleIds)],
  );
  for (const r of rows) versions.set(Number(r.v), Number(r.n));
  return versions;
}

/** Every row's version, by vehicle id. */
export async function storedVersions(db: Db): Promise<Map<number, number>> {
  const rows = await db.select({ v: vehicleState.vehicleId, n: vehicleState.version }).from(vehicleState);
  return new Map(rows.map((r) => [r.v, Number(r.n)]));
}

/** The stored states of `vehicleIds` with their versions (a vehicle without a row is absent). */
export async function readStates(
  db: Db,
  vehicleIds: readonly number[],
): Promise<Map<number, VersionedState>> {
  if (vehicleIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(vehicleState)
    .where(inArray(vehicleState.vehicleId, [...vehicleIds]));
  return new Map(rows.map((r) => [r.vehicleId, { state: liveStateOf(r), version: Number(r.version) }]));
}

/** The vehicles whose cached version is not the stored one. */
export function staleOf(
  vehicleIds: Iterable<number>,
  stored: ReadonlyMap<number, number>,
  cached: ReadonlyMap<number, number>,
): number[] {
  const stale: number[] = [];
  for (const id of vehicleIds) if ((stored.get(id) ?? 0) !== (cached.get(id) ?? 0)) stale.push(id);
  return stale;
}
