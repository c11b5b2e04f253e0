import { z } from 'zod';

// ── Geometry on the wire (GeoJSON: longitude first, WGS 84) ──────────────────────────────────────

/** Most points one geofence or route path may have (all rings together). */
export const MAX_GEOFENCE_VERTICES = 10_000;
/** Largest circle radius and corridor width, metres. */
export const MAX_GEOFENCE_RADIUS_M = 50_000;
export const MAX_CORRIDOR_WIDTH_M = 20_000;
/** Width of a corridor (and of a route's corridor) when none is given: a toll road's (domain research §6.2). */
export const DEFAULT_CORRIDOR_WIDTH_M = 1_000;
/** Radius of a circle made from a point that has none (a KML or GeoJSON Point). */
export const DEFAULT_CIRCLE_RADIUS_M = 200;

const LNG_MESSAGE = 'Longitude must be between -180 and 180';
const LAT_MESSAGE = 'Latitude must be between -90 and 90';
const longitude = z.number('Longitude must be a number').min(-180, LNG_MESSAGE).max(180, LNG_MESSAGE);
const latitude = z.number('Latitude must be a number').min(-90, LAT_MESSAGE).max(90, LAT_MESSAGE);

/** `[lng, lat]` as sent, with `message` when it is not such a pair (missing, say); an altitude is dropped. */
export const lngLatInputOf = (message: string) =>
  z.tuple([longitude, latitude], z.number(), message).transform(([lng, lat]): [number, number] => [lng, lat]);
export const lngLatInput = lngLatInputOf('A position is [longitude, latitude]');
/** `[lng, lat]` as answered. */
export const lngLat = z.tuple([z.number(), z.number()]);
export type LngLat = z.infer<typeof lngLat>;

const samePoint = (a: LngLat, b: LngLat) => a[0] === b[0] && a[1] === b[1];

/** Drops repeated consecutive points and closes the ring (GeoJSON rings end where they start). */
export function normaliseRing(points: readonly LngLat[]): LngLat[] {
  const ring: LngLat[] = [];
  for (const p of points) if (ring.length === 0 || !samePoint(ring[ring.length - 1]!, p)) ring.push(p);
  while (ring.length > 1 && samePoint(ring[0]!, ring[ring.length - 1]!)) ring.pop();
  return ring.length > 0 ? [...ring, ring[0]!] : ring;
}

const ringInput = z
  .array(lngLatInput)
  .transform(normaliseRing)
  .refine((ring) => ring.length >= 4, 'A polygon needs at least 3 different points');

export const polygonGeometryInput = z.object({
  type: z.literal('Polygon'),
  /** The outer ring, then any holes. */
  coordinates: z.array(ringInput).min(1, 'A polygon needs at least 3 different points'),
});
export const lineGeometryInput = z.object({
  type: z.literal('LineString'),
  coordinates: z
    .array(lngLatInput)
    .transform((line) => line.filter((p, i) => i === 0 || !samePoint(line[i - 1]!, p)))
    .refine((line) => line.length >= 2, 'A line needs at least 2 different points'),
});
export const pointGeometryInput = z.object({ type: z.literal('Point'), coordinates: lngLatInput });
export const geometryInput = z.discriminatedUnion(
  'type',
  [polygonGeometryInput, lineGeometryInput, pointGeometryInput],
  'Geometry must be a GeoJSON Polygon, LineString or Point',
);
export type GeometryInput = z.infer<typeof geometryInput>;

/** A stored geometry: Polygon (polygon), LineString (corridor, route path) or Point (circle centre). */
export const geometry = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(lngLat)) }),
  z.object({ type: z.literal('LineString'), coordinates: z.array(lngLat) }),
  z.object({ type: z.literal('Point'), coordinates: lngLat }),
]);
export type Geometry = z.infer<typeof geometry>;
export type PolygonGeometry = Extract<Geometry, { type: 'Polygon' }>;
export type LineGeometry = Extract<Geometry, { type: 'LineString' }>;

/** `[minLng, minLat, maxLng, maxLat]`. */
export const bbox = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export type Bbox = z.infer<typeof bbox>;

/** How many points a geometry has (every ring of a polygon counted). */
export function vertexCount(g: Geometry): number {
  if (g.type === 'Point') return 1;
  if (g.type === 'LineString') return g.coordinates.length;
  return g.coordinates.reduce((n, ring) => n + ring.length, 0);
}
