import type { ExpressionSpecification } from 'maplibre-gl';
import type { GeofenceRow, LngLat, MarkerRow, RoutePath } from '@pantau/contracts';

const EARTH_RADIUS_M = 6_371_008.8;
/** Metres per pixel at zoom 0 on the equator (web mercator, 512 px tiles). */
const METRES_PER_PX_Z0 = (2 * Math.PI * 6_378_137) / 512;
export const CIRCLE_STEPS = 64;
export const DEFAULT_GEOFENCE_COLOR = '#1677ff';

/** A circle as a closed ring of `steps` points (good to well under a metre for geofence radii). */
export function circleRing(center: LngLat, radiusM: number, steps = CIRCLE_STEPS): LngLat[] {
  const [lng, lat] = center;
  const dLat = (radiusM / EARTH_RADIUS_M) * (180 / Math.PI);
  const dLng = dLat / Math.cos((lat * Math.PI) / 180);
  const ring: LngLat[] = [];
  for (let i = 0; i < steps; i += 1) {
    const a = (i / steps) * 2 * Math.PI;
    ring.push([lng + dLng * Math.sin(a), lat + dLat * Math.cos(a)]);
  }
  ring.push(ring[0]!);
  return ring;
}

/**
 * A corridor's width in pixels at zoom 0 at its latitude: the line layer multiplies it by 2^zoom, so the
 * drawn band is the corridor's true width at every zoom.
 */
export function widthPxAtZoom0(widthM: number, lat: number): number {
  return widthM / (METRES_PER_PX_Z0 * Math.cos((lat * Math.PI) / 180));
}

type Props = Record<string, string | number | boolean | null>;

/**
 * The geofences as one collection: each shape (a circle as its polygon, a corridor as its line with
 * `widthPx0`) and a label point at its centre. Feature ids are the polygonIds (labels too: a filter on the
 * geometry type tells them apart).
 */
export function geofenceCollection(rows: readonly GeofenceRow[]): GeoJSON.FeatureCollection {
  const features: GeoJSON.Feature[] = [];
  for (const g of rows) {
    const properties: Props = {
      polygonId: g.polygonId,
      name: g.polygonName,
      code: g.polygonCode,
      category: g.category,
      kind: g.polygonType,
      color: g.color ?? DEFAULT_GEOFENCE_COLOR,
    };
    let shape: GeoJSON.Geometry | null = null;
    if (g.polygonType === 'circle' && g.radius)
      shape = { type: 'Polygon', coordinates: [circleRing(g.center, g.radius)] };
    else if (g.polygonType === 'corridor' && g.geometry.type === 'LineString') {
      shape = g.geometry;
      properties.widthPx0 = widthPxAtZoom0(g.width ?? 0, g.center[1]);
    } else if (g.geometry.type === 'Polygon') shape = g.geometry;
    if (shape) features.push({ type: 'Feature', id: g.polygonId, geometry: shape, properties });
    features.push({
      type: 'Feature',
      id: g.polygonId,
      geometry: { type: 'Point', coordinates: g.center },
      properties: { ...properties, label: true },
    });
  }
  return { type: 'FeatureCollection', features };
}

export function markerCollection(rows: readonly MarkerRow[]): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: rows.map((m) => ({
      type: 'Feature',
      id: m.markerId,
      geometry: { type: 'Point', coordinates: m.position },
      properties: { markerId: m.markerId, name: m.name, icon: m.icon },
    })),
  };
}

export function routeCollection(
  paths: readonly RoutePath[],
  names: ReadonlyMap<number, string>,
): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: paths.map((p) => ({
      type: 'Feature',
      id: p.trayekId,
      geometry: p.path,
      properties: {
        trayekId: p.trayekId,
        name: names.get(p.trayekId) ?? '',
        widthPx0: widthPxAtZoom0(p.corridorWidth, (p.boundary[1] + p.boundary[3]) / 2),
      },
    })),
  };
}

/** Whether a point is inside a geofence (for "who is inside now" from the live positions). */
export function geofenceContains(g: GeofenceRow, point: LngLat): boolean {
  if (g.polygonType === 'circle') return g.radius !== null && distanceM(g.center, point) <= g.radius;
  if (g.polygonType === 'corridor' && g.geometry.type === 'LineString')
    return distanceToLineM(g.geometry.coordinates, point) <= (g.width ?? 0) / 2;
  if (g.geometry.type !== 'Polygon') return false;
  const [outer, ...holes] = g.geometry.coordinates;
  return !!outer && inRing(outer, point) && !holes.some((h) => inRing(h, point));
}

function inRing(ring: readonly LngLat[], [x, y]: LngLat): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Local equirectangular metres: exact enough within a geofence's few kilometres. */
function toLocal(origin: LngLat, p: LngLat): [number, number] {
  const k = (Math.PI / 180) * EARTH_RADIUS_M;
  return [(p[0] - origin[0]) * k * Math.cos((origin[1] * Math.PI) / 180), (p[1] - origin[1]) * k];
}

export function distanceM(a: LngLat, b: LngLat): number {
  const [x, y] = toLocal(a, b);
  return Math.hypot(x, y);
}

function distanceToLineM(line: readonly LngLat[], point: LngLat): number {
  let best = Infinity;
  for (let i = 1; i < line.length; i += 1) {
    const [ax, ay] = toLocal(point, line[i - 1]!);
    const [bx, by] = toLocal(point, line[i]!);
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
    best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
  }
  return best;
}

/**
 * A corridor's true width on screen: `widthPx0` (its width in pixels at zoom 0) doubled at every zoom
 * level, for a line layer's `line-width`.
 */
export const corridorWidthPx: ExpressionSpecification = [
  'interpolate',
  ['exponential', 2],
  ['zoom'],
  0,
  ['get', 'widthPx0'],
  22,
  ['*', ['get', 'widthPx0'], 2 ** 22],
];
