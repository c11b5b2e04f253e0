import type { TrackingItem } from '@pantau/contracts';
import type { GeoJSONFeatureDiff, GeoJSONSourceDiff } from 'maplibre-gl';
import { vehicleIconId } from './motion-colors';

export interface VehicleProps {
  icon: string;
  course: number;
  plate: string;
}
export type VehicleFeature = GeoJSON.Feature<GeoJSON.Point, VehicleProps>;

/** A vehicle as a map point (its id is the kendaraanId), or null before its first fix. */
export function vehicleFeature(v: TrackingItem): VehicleFeature | null {
  if (v.lat === null || v.lon === null) return null;
  return {
    type: 'Feature',
    id: v.kendaraanId,
    geometry: { type: 'Point', coordinates: [v.lon, v.lat] },
    properties: { icon: vehicleIconId(v), course: v.course ?? 0, plate: v.nomorPolisi },
  };
}

export function vehicleCollection(
  vehicles: readonly TrackingItem[],
): GeoJSON.FeatureCollection<GeoJSON.Point, VehicleProps> {
  const features: VehicleFeature[] = [];
  for (const v of vehicles) {
    const f = vehicleFeature(v);
    if (f) features.push(f);
  }
  return { type: 'FeatureCollection', features };
}

/** What the map must change to go from `previous` to `next`: the vehicles whose item changed, and removals. */
export interface VehicleDiff {
  changed: TrackingItem[];
  removed: number[];
  next: Map<number, TrackingItem>;
  /** The items the map showed before (to send only what changed of each vehicle). */
  previous: ReadonlyMap<number, TrackingItem>;
}

/**
 * Compares by reference: the live store replaces the item of every vehicle a message names and keeps
 * the others, so unchanged vehicles cost one map lookup.
 */
export function diffVehicles(
  previous: ReadonlyMap<number, TrackingItem>,
  vehicles: readonly TrackingItem[],
): VehicleDiff {
  const next = new Map<number, TrackingItem>();
  const changed: TrackingItem[] = [];
  for (const v of vehicles) {
    next.set(v.kendaraanId, v);
    if (previous.get(v.kendaraanId) !== v) changed.push(v);
  }
  const removed: number[] = [];
  for (const id of previous.keys()) if (!next.has(id)) removed.push(id);
  return { changed, removed, next, previous };
}

/**
 * GeoJSON-source diff for `updateData`, as small as the changes: a vehicle already on the map gets an
 * `update` with only its new position and the properties that changed (a move is one small object,
 * not a whole feature to copy to the worker), a new one an `add`, one that lost its fix a `remove`;
 * a new item that changes nothing the map shows (speed, driver …) is left out.
 */
export function sourceDiff(diff: VehicleDiff): {
  add: VehicleFeature[];
  remove: number[];
  update: GeoJSONFeatureDiff[];
} & GeoJSONSourceDiff {
  const add: VehicleFeature[] = [];
  const update: GeoJSONFeatureDiff[] = [];
  const remove = diff.removed.slice();
  for (const v of diff.changed) {
    const p = diff.previous.get(v.kendaraanId);
    const f = vehicleFeature(v);
    if (!f) {
      if (p && p.lat !== null && p.lon !== null) remove.push(v.kendaraanId); // lost its fix: off the map
      continue;
    }
    if (!p || p.lat === null || p.lon === null) {
      add.push(f);
      continue;
    }
    const change: GeoJSONFeatureDiff = { id: v.kendaraanId };
    if (p.lat !== v.lat || p.lon !== v.lon) change.newGeometry = f.geometry;
    const props: { key: string; value: unknown }[] = [];
    if (vehicleIconId(p) !== f.properties.icon) props.push({ key: 'icon', value: f.properties.icon });
    if ((p.course ?? 0) !== f.properties.course) props.push({ key: 'course', value: f.properties.course });
    if (p.nomorPolisi !== v.nomorPolisi) props.push({ key: 'plate', value: v.nomorPolisi });
    if (props.length > 0) change.addOrUpdateProperties = props;
    if (change.newGeometry || props.length > 0) update.push(change);
  }
  return { add, remove, update };
}

/** True when a source diff changes nothing. */
export const emptySourceDiff = (d: ReturnType<typeof sourceDiff>): boolean =>
  d.add.length === 0 && d.remove.length === 0 && d.update.length === 0;

/** Bounds [west, south, east, north] of the vehicles with a fix, or null. */
export function vehicleBounds(vehicles: readonly TrackingItem[]): [number, number, number, number] | null {
  let w = Infinity,
    s = Infinity,
    e = -Infinity,
    n = -Infinity;
  for (const v of vehicles) {
    if (v.lat === null || v.lon === null) continue;
    if (v.lon < w) w = v.lon;
    if (v.lon > e) e = v.lon;
    if (v.lat < s) s = v.lat;
    if (v.lat > n) n = v.lat;
  }
  return Number.isFinite(w) ? [w, s, e, n] : null;
}
