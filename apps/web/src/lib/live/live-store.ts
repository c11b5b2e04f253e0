import type { TrackingItem, TrackingPatch } from '@pantau/contracts';
import { create } from 'zustand';

export type LiveConnection = 'connecting' | 'open' | 'closed';

/** The live fleet: every vehicle of the chosen unit, in snapshot order, with an index by id. */
export interface LiveFleet {
  vehicles: TrackingItem[];
  byId: ReadonlyMap<number, TrackingItem>;
  /** Position of each vehicle in `vehicles`. */
  index: ReadonlyMap<number, number>;
  /** True once a snapshot has been applied. */
  seeded: boolean;
}

export const emptyFleet: LiveFleet = { vehicles: [], byId: new Map(), index: new Map(), seeded: false };

const fixMs = (v: TrackingItem) => (v.fixTime ? Date.parse(v.fixTime) : -Infinity);

function build(vehicles: TrackingItem[]): LiveFleet {
  const byId = new Map<number, TrackingItem>();
  const index = new Map<number, number>();
  vehicles.forEach((v, i) => {
    byId.set(v.kendaraanId, v);
    index.set(v.kendaraanId, i);
  });
  return { vehicles, byId, index, seeded: true };
}

/**
 * A snapshot (`GET /api/tracking`) decides which vehicles exist; for each one a live update that is
 * strictly newer than the snapshot's fix wins, so a snapshot that raced a `positions` message never
 * moves a vehicle back in time.
 */
export function applySnapshot(fleet: LiveFleet, snapshot: readonly TrackingItem[]): LiveFleet {
  const vehicles = snapshot.map((s) => {
    const live = fleet.byId.get(s.kendaraanId);
    return live && fixMs(live) > fixMs(s) ? live : s;
  });
  return build(vehicles);
}

/** A batched `positions` message: replaces the vehicles it names, appends ones not seen before. */
export function applyPositions(fleet: LiveFleet, updates: readonly TrackingItem[]): LiveFleet {
  if (updates.length === 0) return fleet;
  const vehicles = fleet.vehicles.slice();
  const byId = new Map(fleet.byId);
  let index = fleet.index as Map<number, number>;
  let indexCopied = false;
  for (const u of updates) {
    const at = index.get(u.kendaraanId);
    if (at === undefined) {
      if (!indexCopied) {
        index = new Map(index);
        indexCopied = true;
      }
      index.set(u.kendaraanId, vehicles.length);
      vehicles.push(u);
    } else {
      vehicles[at] = u;
    }
    byId.set(u.kendaraanId, u);
  }
  return { vehicles, byId, index, seeded: fleet.seeded };
}

/**
 * A `moves` message: each named vehicle takes the fields it carries. The socket sends a vehicle whole
 * before any change of it, so a change of a vehicle not in the fleet (the fleet was reset since) is left.
 */
export function applyMoves(fleet: LiveFleet, patches: readonly TrackingPatch[]): LiveFleet {
  const vehicles = fleet.vehicles.slice();
  const byId = new Map(fleet.byId);
  let changed = false;
  for (const p of patches) {
    const at = fleet.index.get(p.kendaraanId);
    if (at === undefined) continue;
    const v = { ...vehicles[at]!, ...p };
    vehicles[at] = v;
    byId.set(p.kendaraanId, v);
    changed = true;
  }
  return changed ? { vehicles, byId, index: fleet.index, seeded: fleet.seeded } : fleet;
}

interface LiveStore extends LiveFleet {
  connection: LiveConnection;
  /** The snapshot object last applied, so several hooks seeing the same query data apply it once. */
  seededFrom: unknown;
  seed: (snapshot: readonly TrackingItem[], source: unknown) => void;
  update: (updates: readonly TrackingItem[]) => void;
  move: (patches: readonly TrackingPatch[]) => void;
  setConnection: (connection: LiveConnection) => void;
  reset: () => void;
}

/** One shared store for the live fleet, written by the socket and the tracking snapshot. */
export const useLiveStore = create<LiveStore>()((set, get) => ({
  ...emptyFleet,
  connection: 'closed',
  seededFrom: undefined,
  seed: (snapshot, source) => {
    if (get().seededFrom === source) return;
    set((s) => ({ ...applySnapshot(s, snapshot), seededFrom: source }));
  },
  update: (updates) => set((s) => applyPositions(s, updates)),
  move: (patches) => set((s) => applyMoves(s, patches)),
  setConnection: (connection) => set({ connection }),
  reset: () => set({ ...emptyFleet, seededFrom: undefined }),
}));
