import type { Db } from '../db/client.js';
import type { LiveState } from '../live-state/live-state.js';
import { cacheNames, raiseCacheVersion, readCacheVersions } from './cache-versions.js';
import { readStates, storedVersions } from './state-versions.js';

/**
 * What one pipeline takes in from the other instances on its database: the vehicle states they wrote
 * (by row version, state-versions.ts) and the caches they changed (cache-versions.ts); and what it
 * tells them it changed itself.
 */
export function createInstanceSync(deps: {
  db: Db;
  /** The pipeline's cached states and their row versions (updated here). */
  states: Map<number, LiveState>;
  versions: Map<number, number>;
  /** Reads the vehicle index again. */
  refreshVehicles(): Promise<void>;
  /** Reads a unit's geofences and routes again. */
  refreshGeography(unitId: number): Promise<void>;
}) {
  const { db, states, versions } = deps;
  const cachesSeen = new Map<string, number>();

  return {
    /** Notes the caches' versions before the pipeline reads them at its start. */
    async begin(): Promise<void> {
      for (const [name, version] of await readCacheVersions(db)) cachesSeen.set(name, version);
    },

    /**
     * Takes in the states other instances wrote since this one cached them. Higher versions win, so
     * it may run beside batches (a batch locks and checks its own rows).
     */
    async states(): Promise<void> {
      const newer: number[] = [];
      for (const [vehicleId, version] of await storedVersions(db))
        if (version > (versions.get(vehicleId) ?? 0)) newer.push(vehicleId);
      for (const [vehicleId, row] of await readStates(db, newer))
        if (row.version > (versions.get(vehicleId) ?? 0)) {
          states.set(vehicleId, row.state);
          versions.set(vehicleId, row.version);
        }
    },

    /** Reads again what another instance changed (the vehicles, a unit's geography). */
    async caches(): Promise<void> {
      for (const [name, version] of await readCacheVersions(db)) {
        if (version <= (cachesSeen.get(name) ?? 0)) continue;
        cachesSeen.set(name, version);
        const unitId = cacheNames.unitOf(name);
        if (name === cacheNames.vehicles) await deps.refreshVehicles();
        else if (unitId !== null) await deps.refreshGeography(unitId);
      }
    },

    /** Tells the other instances to read `name` again (this one has). */
    async announce(name: string): Promise<void> {
      const version = await raiseCacheVersion(db, name);
      cachesSeen.set(name, Math.max(cachesSeen.get(name) ?? 0, version));
    },
  };
}
export type InstanceSync = ReturnType<typeof createInstanceSync>;
