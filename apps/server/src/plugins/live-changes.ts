import type { TrackingItem, TrackingPatch } from '@pantau/contracts';

/** Equal values of a tracking item's field: the same primitive, or plain objects with equal fields. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  return keys.every((k) => x[k] === y[k]);
}

/**
 * What changed in a vehicle's item since the one sent before: its id and every field whose value
 * differs, or null when nothing did. Without an earlier item the whole item is the change.
 */
export function patchOf(item: TrackingItem, before: TrackingItem | undefined): TrackingPatch | null {
  if (!before) return item;
  const patch: Record<string, unknown> = { kendaraanId: item.kendaraanId };
  let changed = false;
  for (const key of Object.keys(item) as (keyof TrackingItem)[]) {
    if (key === 'kendaraanId' || sameValue(item[key], before[key])) continue;
    patch[key] = item[key];
    changed = true;
  }
  return changed ? (patch as TrackingPatch) : null;
}

/** The patches of a flush's items against the items sent before (`sent`, by vehicle), without empty ones. */
export function patchesOf(
  items: readonly TrackingItem[],
  sent: ReadonlyMap<number, TrackingItem>,
): TrackingPatch[] {
  const patches: TrackingPatch[] = [];
  for (const item of items) {
    const patch = patchOf(item, sent.get(item.kendaraanId));
    if (patch) patches.push(patch);
  }
  return patches;
}
