import type { Bbox, Geometry, GeofenceInput, LngLat, PolygonType } from '@pantau/contracts';
import { DEFAULT_CORRIDOR_WIDTH_M } from '@pantau/contracts';
import { bboxOf, pointInPolygon } from './polygon.js';
import { Polyline, rulerAt } from './polyline.js';

/** A geofence ready for point tests, in GeoJSON order (lng, lat). */
export type GeofenceShape =
  | { type: 'polygon'; rings: readonly (readonly LngLat[])[] }
  | { type: 'circle'; center: LngLat; radiusM: number }
  | { type: 'corridor'; line: Polyline; halfWidthM: number };

/** What a stored geofence holds that decides its shape. */
export interface ShapeSource {
  polygonType: PolygonType;
  geometry: Geometry;
  center: LngLat;
  radius: number | null;
  width: number | null;
}

export function toShape(g: ShapeSource): GeofenceShape {
  if (g.polygonType === 'circle') return { type: 'circle', center: g.center, radiusM: g.radius ?? 0 };
  if (g.polygonType === 'corridor' && g.geometry.type === 'LineString')
    return {
      type: 'corridor',
      line: new Polyline(g.geometry.coordinates),
      halfWidthM: (g.width ?? DEFAULT_CORRIDOR_WIDTH_M) / 2,
    };
  if (g.polygonType === 'polygon' && g.geometry.type === 'Polygon')
    return { type: 'polygon', rings: g.geometry.coordinates };
  throw new Error(`A ${g.polygonType} cannot have a ${g.geometry.type} geometry`);
}

/** Whether a point is inside the shape (a circle's or a corridor's edge counts as inside). */
export function containsPoint(shape: GeofenceShape, p: LngLat): boolean {
  switch (shape.type) {
    case 'polygon':
      return pointInPolygon(shape.rings, p[0], p[1]);
    case 'circle':
      return rulerAt(p[1]).distance(shape.center, p) <= shape.radiusM;
    case 'corridor':
      return shape.line.within(p, shape.halfWidthM);
  }
}

/** A box grown by `m` metres on every side (measured where the box is widest in degrees). */
function growBbox(box: Bbox, m: number): Bbox {
  if (m <= 0) return box;
  const lat = Math.abs(box[1]) > Math.abs(box[3]) ? box[1] : box[3];
  return rulerAt(lat).bufferBBox(box, m * 1.01);
}

/** Bounding box of everything inside the shape. */
export function shapeBbox(shape: GeofenceShape): Bbox {
  switch (shape.type) {
    case 'polygon':
      return bboxOf(shape.rings[0] ?? []);
    case 'circle':
      return growBbox([shape.center[0], shape.center[1], shape.center[0], shape.center[1]], shape.radiusM);
    case 'corridor':
      return growBbox(bboxOf(shape.line.points), shape.halfWidthM);
  }
}

/** The stored form of a valid input: geometry, centre and bounding box, radius and width per shape. */
export interface GeofenceGeometry {
  geometry: Geometry;
  center: LngLat;
  radius: number | null;
  width: number | null;
  boundary: Bbox;
}

export function geofenceGeometry(input: GeofenceInput): GeofenceGeometry {
  let source: ShapeSource;
  if (input.polygonType === 'circle') {
    const center =
      input.center ?? (input.geometry?.type === 'Point' ? input.geometry.coordinates : ([0, 0] as LngLat));
    source = {
      polygonType: 'circle',
      geometry: { type: 'Point', coordinates: center },
      center,
      radius: input.radius,
      width: null,
    };
  } else {
    if (!input.geometry) throw new Error(`A ${input.polygonType} needs a geometry`);
    const box = bboxOf(
      input.geometry.type === 'Polygon'
        ? (input.geometry.coordinates[0] ?? [])
        : input.geometry.type === 'LineString'
          ? input.geometry.coordinates
          : [input.geometry.coordinates],
    );
    source = {
      polygonType: input.polygonType,
      geometry: input.geometry,
      center: [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2],
      radius: null,
      width: input.polygonType === 'corridor' ? (input.width ?? DEFAULT_CORRIDOR_WIDTH_M) : null,
    };
  }
  return { ...source, boundary: shapeBbox(toShape(source)) };
}
