import { z } from 'zod';
import { listOf, pagingQuery } from './common.js';
import {
  bbox,
  geometry,
  geometryInput,
  lngLat,
  lngLatInput,
  MAX_CORRIDOR_WIDTH_M,
  MAX_GEOFENCE_RADIUS_M,
  MAX_GEOFENCE_VERTICES,
  vertexCount,
} from './geometry.js';
import { int4, optionalText, text } from './input.js';

// ── Geofences (polygons) ─────────────────────────────────────────────────────────────────────────

/** The shape: a polygon (with holes), a circle (center + radius) or a corridor (a line with a width). */
export const polygonTypes = ['polygon', 'circle', 'corridor'] as const;
export type PolygonType = (typeof polygonTypes)[number];
/**
 * What the place is for (domain research §2): the operator's yard, a customer-side base, a plant
 * (loading), a port, a dealer (unloading), a rest area, a workshop, or anything else.
 */
export const geofenceCategories = [
  'pool',
  'base',
  'plant',
  'port',
  'dealer',
  'rest_area',
  'workshop',
  'other',
] as const;
export type GeofenceCategory = (typeof geofenceCategories)[number];

const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** Body of `POST /api/polygons` and `PUT /api/polygons/{polygonId}`. */
export const geofenceInput = z
  .object({
    polygonCode: z
      .string('Code is required')
      .trim()
      .regex(/^[0-9A-Za-z._/-]{1,32}$/, 'Code: 1–32 letters, digits, dot, dash, slash or underscore'),
    polygonName: text('Name is required')
      .trim()
      .min(1, 'Name is required')
      .max(100, 'At most 100 characters'),
    /** The site's id in another system (an ERP or a customer's list), free text. */
    pantauPoiId: optionalText(64),
    /** Order in lists and on the map legend; the server gives the next one when absent. */
    polyIndex: int4()
      .min(0, 'Order cannot be negative')
      .nullish()
      .transform((v) => v ?? null),
    notes: optionalText(500),
    polygonType: z.enum(polygonTypes, 'Shape must be polygon, circle or corridor'),
    category: z.enum(geofenceCategories, 'Choose a category').default('other'),
    icon: optionalText(40),
    color: z
      .string()
      .regex(COLOR_PATTERN, 'Colour must look like #1677ff')
      .nullish()
      .transform((v) => v ?? null),
    /** circle: the centre. Other shapes: ignored (the server derives it). */
    center: lngLatInput.nullish().transform((v) => v ?? null),
    /** circle: metres. */
    radius: z
      .number('Radius must be a number')
      .positive('Radius must be more than 0 m')
      .max(MAX_GEOFENCE_RADIUS_M, `Radius must be at most ${MAX_GEOFENCE_RADIUS_M} m`)
      .nullish()
      .transform((v) => v ?? null),
    /** corridor: full width in metres (half on each side of the line). */
    width: z
      .number('Width must be a number')
      .positive('Width must be more than 0 m')
      .max(MAX_CORRIDOR_WIDTH_M, `Width must be at most ${MAX_CORRIDOR_WIDTH_M} m`)
      .nullish()
      .transform((v) => v ?? null),
    /** polygon: a Polygon; corridor: a LineString; circle: optional (a Point at the centre). */
    geometry: geometryInput.nullish().transform((v) => v ?? null),
    notifyEnter: z.boolean().default(false),
    notifyExit: z.boolean().default(false),
    aktif: z.boolean().default(true),
  })
  .superRefine((g, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (g.polygonType === 'polygon' && g.geometry?.type !== 'Polygon')
      issue('geometry', 'A polygon needs a Polygon geometry of at least 3 points');
    if (g.polygonType === 'corridor' && g.geometry?.type !== 'LineString')
      issue('geometry', 'A corridor needs a LineString geometry of at least 2 points');
    if (g.polygonType === 'circle') {
      if (!g.center && g.geometry?.type !== 'Point') issue('center', 'A circle needs a centre');
      if (g.geometry && g.geometry.type !== 'Point')
        issue('geometry', 'A circle’s geometry is its centre, a Point');
      if (g.radius === null) issue('radius', 'A circle needs a radius of more than 0 m');
    }
    if (g.geometry && vertexCount(g.geometry) > MAX_GEOFENCE_VERTICES)
      issue('geometry', `At most ${MAX_GEOFENCE_VERTICES.toLocaleString('en')} points`);
  });
export type GeofenceInput = z.infer<typeof geofenceInput>;
export type GeofenceInputDraft = z.input<typeof geofenceInput>;

/** A geofence as answered (spec §3 "Geofence/polygon"). */
export const geofenceRow = z.object({
  polygonId: z.number().int(),
  unitId: z.number().int(),
  polyIndex: z.number().int(),
  pantauPoiId: z.string().nullable(),
  polygonCode: z.string(),
  polygonName: z.string(),
  notes: z.string().nullable(),
  polygonType: z.enum(polygonTypes),
  category: z.enum(geofenceCategories),
  icon: z.string().nullable(),
  color: z.string().nullable(),
  /** The circle's centre; for other shapes the middle of the bounding box. */
  center: lngLat,
  /** circle: metres; else null. */
  radius: z.number().nullable(),
  /** corridor: full width in metres; else null. */
  width: z.number().nullable(),
  /** Bounding box of the whole shape (a circle's and a corridor's extent included). */
  boundary: bbox,
  geometry,
  notifyEnter: z.boolean(),
  notifyExit: z.boolean(),
  aktif: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GeofenceRow = z.infer<typeof geofenceRow>;
export const geofenceList = listOf(geofenceRow);
export type GeofenceList = z.infer<typeof geofenceList>;

/** `GET /api/polygons`: Take/Skip paging, a search over code and name, and filters. */
export const geofenceSearchQuery = pagingQuery.extend({
  search: text().trim().max(64).optional(),
  category: z.enum(geofenceCategories).optional(),
  polygonType: z.enum(polygonTypes).optional(),
});
export type GeofenceSearchQuery = z.infer<typeof geofenceSearchQuery>;

/** The spec's "Selected geo": a geofence picked on the map, and where. */
export const selectedGeo = z.object({ polygonId: z.number().int(), lat: z.number(), lng: z.number() });
export type SelectedGeo = z.infer<typeof selectedGeo>;

// ── Import and export ────────────────────────────────────────────────────────────────────────────

export const GEOFENCE_IMPORT_MAX_BYTES = 10_000_000;
export const geofenceImportFormats = ['geojson', 'kml'] as const;
/**
 * `POST /api/polygons/import`: a GeoJSON FeatureCollection or a KML document as text. `dryRun: true`
 * only checks (the preview); otherwise every feature is stored or, if any is at fault, none is.
 */
export const geofenceImportRequest = z.object({
  format: z.enum(geofenceImportFormats, 'Format must be geojson or kml'),
  content: z
    .string('The file is empty')
    .min(1, 'The file is empty')
    .max(GEOFENCE_IMPORT_MAX_BYTES, 'The file is larger than 10 MB'),
  /** Category of features that name none. */
  category: z.enum(geofenceCategories).default('other'),
  dryRun: z.boolean().default(false),
});
export type GeofenceImportRequest = z.infer<typeof geofenceImportRequest>;
/** One feature's result: `feature` is 1-based in file order. */
export const geofenceImportFeature = z.object({
  feature: z.number().int(),
  polygonCode: z.string().nullable(),
  polygonName: z.string().nullable(),
  polygonType: z.enum(polygonTypes).nullable(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type GeofenceImportFeature = z.infer<typeof geofenceImportFeature>;
export const geofenceImportResponse = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  created: z.number().int(),
  /** A file-level fault (not XML, not a FeatureCollection), or null. */
  fileError: z.string().nullable(),
  features: z.array(geofenceImportFeature),
});
export type GeofenceImportResponse = z.infer<typeof geofenceImportResponse>;

/**
 * `GET /api/polygons/export`: the unit's geofences as a GeoJSON FeatureCollection. A circle is its
 * centre Point with `radius` (m); a corridor its LineString with `width` (m); import reads both back.
 */
export const geofenceFeatureProperties = z.object({
  polygonCode: z.string(),
  polygonName: z.string(),
  polygonType: z.enum(polygonTypes),
  category: z.enum(geofenceCategories),
  pantauPoiId: z.string().nullable(),
  notes: z.string().nullable(),
  icon: z.string().nullable(),
  color: z.string().nullable(),
  radius: z.number().nullable(),
  width: z.number().nullable(),
  notifyEnter: z.boolean(),
  notifyExit: z.boolean(),
});
export const geofenceFeatureCollection = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({ type: z.literal('Feature'), geometry, properties: geofenceFeatureProperties }),
  ),
});
export type GeofenceFeatureCollection = z.infer<typeof geofenceFeatureCollection>;
