import { geofenceInput, type GeofenceInput, type LngLat } from '@pantau/contracts';
import { findCrossing, pointInRing } from './polygon.js';
import { geofenceGeometry, type GeofenceGeometry } from './shapes.js';

export interface FieldError {
  path: string;
  message: string;
}

export type GeofenceCheck =
  { ok: true; value: GeofenceInput; stored: GeofenceGeometry } | { ok: false; errors: FieldError[] };

const near = (p: LngLat) => `${p[1].toFixed(5)}, ${p[0].toFixed(5)}`;

/**
 * What the contract cannot see in a polygon: edges that cross or touch (a bow tie, a ring folding back
 * over itself, a hole crossing the outline) and holes outside the outline.
 */
export function polygonErrors(rings: readonly (readonly LngLat[])[]): FieldError[] {
  const crossing = findCrossing(rings);
  if (crossing) {
    const what =
      crossing.ring === crossing.otherRing
        ? crossing.ring === 0
          ? 'The outline crosses itself'
          : `Hole ${crossing.ring} crosses itself`
        : `Hole ${Math.max(crossing.ring, crossing.otherRing)} crosses ${
            Math.min(crossing.ring, crossing.otherRing) === 0
              ? 'the outline'
              : `hole ${Math.min(crossing.ring, crossing.otherRing)}`
          }`;
    return [{ path: 'geometry', message: `${what} near ${near(crossing.at)} (lat, lng)` }];
  }
  const outer = rings[0] ?? [];
  for (let h = 1; h < rings.length; h++) {
    const first = rings[h]![0]!;
    if (!pointInRing(outer, first[0], first[1]))
      return [{ path: `geometry.coordinates.${h}`, message: `Hole ${h} lies outside the outline` }];
  }
  return [];
}

/** The full check of a create or update body: the contract, then the polygon's shape. */
export function checkGeofence(raw: unknown): GeofenceCheck {
  const parsed = geofenceInput.safeParse(raw);
  if (!parsed.success)
    return {
      ok: false,
      errors: parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
    };
  const value = parsed.data;
  if (value.polygonType === 'polygon' && value.geometry?.type === 'Polygon') {
    const errors = polygonErrors(value.geometry.coordinates);
    if (errors.length > 0) return { ok: false, errors };
  }
  return { ok: true, value, stored: geofenceGeometry(value) };
}
