import type { Bbox, LngLat } from '@pantau/contracts';
import Flatbush from 'flatbush';
import { containsPoint, shapeBbox, type GeofenceShape } from './shapes.js';

export interface IndexedGeofence<T> {
  value: T;
  shape: GeofenceShape;
}

/**
 * A unit's geofences for point lookups on every fix: a static flatbush index of their bounding boxes
 * narrows to the few whose box holds the point, then the exact test decides. Immutable: when
 * geofences change, build a new one from the list (10,000 geofences build in milliseconds) and swap.
 */
export class GeofenceIndex<T> {
  private readonly entries: readonly IndexedGeofence<T>[];
  private readonly boxes: readonly Bbox[];
  private readonly index: Flatbush | null;

  constructor(entries: readonly IndexedGeofence<T>[]) {
    this.entries = entries;
    this.boxes = entries.map((e) => shapeBbox(e.shape));
    if (entries.length === 0) {
      this.index = null;
      return;
    }
    this.index = new Flatbush(entries.length);
    for (const b of this.boxes) this.index.add(b[0], b[1], b[2], b[3]);
    this.index.finish();
  }

  get size(): number {
    return this.entries.length;
  }

  /** The geofences that hold the point, in the order they were given. */
  containing(p: LngLat): T[] {
    if (!this.index) return [];
    const found = this.index.search(p[0], p[1], p[0], p[1], (i) => containsPoint(this.entries[i]!.shape, p));
    if (found.length > 1) found.sort((a, b) => a - b);
    return found.map((i) => this.entries[i]!.value);
  }

  /** Whether any geofence holds the point. */
  anyContaining(p: LngLat, accept: (value: T) => boolean = () => true): boolean {
    if (!this.index) return false;
    return this.index.collides(p[0], p[1], p[0], p[1], (i) => {
      const e = this.entries[i]!;
      return accept(e.value) && containsPoint(e.shape, p);
    });
  }
}
