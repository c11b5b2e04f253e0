import { z } from 'zod';
import { listOf, pagingQuery } from './common.js';
import {
  bbox,
  DEFAULT_CORRIDOR_WIDTH_M,
  lineGeometryInput,
  lngLat,
  lngLatInput,
  MAX_CORRIDOR_WIDTH_M,
  MAX_GEOFENCE_VERTICES,
} from './geometry.js';
import { boolQuery, id, idParam, optionalText, text } from './input.js';

// ── Routes (trayek) ──────────────────────────────────────────────────────────────────────────────

/** Longest standard lead or circle time, minutes (two weeks: Jakarta–Lampung and back with queues). */
export const MAX_ROUTE_MINUTES = 14 * 24 * 60;
export const MAX_ROUTE_WAYPOINTS = 200;

/** One ordered waypoint (`/api/trayek/points`): a place the route passes, optionally a geofence. */
export const routeWaypointInput = z.object({
  name: optionalText(100),
  position: lngLatInput,
  polygonId: id()
    .nullish()
    .transform((v) => v ?? null),
});
export type RouteWaypointInput = z.infer<typeof routeWaypointInput>;

const minutes = (label: string) =>
  z
    .number(`${label} must be a number of minutes`)
    .int(`${label} must be whole minutes`)
    .positive(`${label} must be more than 0 minutes`)
    .max(MAX_ROUTE_MINUTES, `${label} must be at most ${MAX_ROUTE_MINUTES / 1440} days`);

/** Body of `POST /api/trayek` and `PUT /api/trayek/{trayekId}`. */
export const routeInput = z
  .object({
    code: z
      .string('Code is required')
      .trim()
      .regex(/^[0-9A-Za-z._/-]{1,32}$/, 'Code: 1–32 letters, digits, dot, dash, slash or underscore'),
    name: text('Name is required').trim().min(1, 'Name is required').max(100, 'At most 100 characters'),
    /** Geofences of the unit where the route starts (loading) and ends (unloading). */
    originPolygonId: id('Choose where the route starts')
      .nullish()
      .transform((v) => v ?? null),
    destinationPolygonId: id('Choose where the route ends')
      .nullish()
      .transform((v) => v ?? null),
    waypoints: z
      .array(routeWaypointInput)
      .max(MAX_ROUTE_WAYPOINTS, `At most ${MAX_ROUTE_WAYPOINTS} waypoints`)
      .default([]),
    /**
     * The road (`/api/trayek/jalur`), drawn or taken from a recorded trip. Absent: the server joins
     * origin, waypoints and destination with straight lines.
     */
    path: lineGeometryInput
      .refine((g) => g.coordinates.length <= MAX_GEOFENCE_VERTICES, `At most ${MAX_GEOFENCE_VERTICES} points`)
      .nullish()
      .transform((v) => v ?? null),
    /** Full corridor width, metres; a vehicle further than half of it from the path is off route. */
    corridorWidth: z
      .number('Corridor width must be a number')
      .positive('Corridor width must be more than 0 m')
      .max(MAX_CORRIDOR_WIDTH_M, `Corridor width must be at most ${MAX_CORRIDOR_WIDTH_M} m`)
      .default(DEFAULT_CORRIDOR_WIDTH_M),
    /** Standard lead time (loading done → arrival at the destination), minutes. */
    leadTimeMinutes: minutes('Lead time')
      .nullish()
      .transform((v) => v ?? null),
    /** Standard circle time (out of pool → back in pool), minutes. */
    circleTimeMinutes: minutes('Circle time')
      .nullish()
      .transform((v) => v ?? null),
    /** The spec's custom flag: a route made for one job, not one of the unit's standard routes. */
    custom: z.boolean().default(false),
    notes: optionalText(500),
    aktif: z.boolean().default(true),
  })
  .superRefine((r, ctx) => {
    if (r.leadTimeMinutes !== null && r.circleTimeMinutes !== null && r.circleTimeMinutes < r.leadTimeMinutes)
      ctx.addIssue({
        code: 'custom',
        path: ['circleTimeMinutes'],
        message: 'Circle time cannot be shorter than lead time',
      });
    const points = (r.originPolygonId ? 1 : 0) + r.waypoints.length + (r.destinationPolygonId ? 1 : 0);
    if (!r.path && points < 2)
      ctx.addIssue({
        code: 'custom',
        path: ['path'],
        message: 'Draw the path, take it from a trip, or give at least two places',
      });
  });
export type RouteInput = z.infer<typeof routeInput>;
export type RouteInputDraft = z.input<typeof routeInput>;

export const routeRow = z.object({
  trayekId: z.number().int(),
  unitId: z.number().int(),
  code: z.string(),
  name: z.string(),
  originPolygonId: z.number().int().nullable(),
  originName: z.string().nullable(),
  destinationPolygonId: z.number().int().nullable(),
  destinationName: z.string().nullable(),
  corridorWidth: z.number(),
  /** Length of the path, km. */
  distanceKm: z.number(),
  leadTimeMinutes: z.number().int().nullable(),
  circleTimeMinutes: z.number().int().nullable(),
  custom: z.boolean(),
  notes: z.string().nullable(),
  aktif: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RouteRow = z.infer<typeof routeRow>;
export const routeList = listOf(routeRow);
export type RouteList = z.infer<typeof routeList>;

/** `GET /api/trayek`. */
export const routeSearchQuery = pagingQuery.extend({
  /** Matches code, name, origin or destination. */
  search: text().trim().max(64).optional(),
  custom: boolQuery.optional(),
  aktif: boolQuery.optional(),
});
export type RouteSearchQuery = z.infer<typeof routeSearchQuery>;

/** `GET /api/trayek/points?trayekId=` answers the ordered waypoints. */
export const routePoint = z.object({
  seq: z.number().int(),
  name: z.string().nullable(),
  position: lngLat,
  polygonId: z.number().int().nullable(),
});
export type RoutePoint = z.infer<typeof routePoint>;
export const routePointList = listOf(routePoint);
export const routeIdQuery = z.object({ trayekId: idParam() });

/** `GET /api/trayek/jalur?trayekId=` answers the path. */
export const routePath = z.object({
  trayekId: z.number().int(),
  path: z.object({ type: z.literal('LineString'), coordinates: z.array(lngLat) }),
  corridorWidth: z.number(),
  distanceKm: z.number(),
  boundary: bbox,
});
export type RoutePath = z.infer<typeof routePath>;

/**
 * The spec's "Edit route" (edit, key, data): the route form's state. `edit` is true while a route is
 * being edited, `key` the trayekId being edited (null for a new one), `data` the form's values.
 */
export const routeEdit = z.object({
  edit: z.boolean(),
  key: z.number().int().nullable(),
  data: routeInput.nullable(),
});
export type RouteEdit = z.input<typeof routeEdit>;

/** `GET /api/trayek/from-trip`: a vehicle's recorded track over a period, simplified into a path. */
export const routeFromTripQuery = z.object({
  kendaraanId: idParam(),
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  /** Points closer than this to the simplified line are dropped, metres. */
  toleranceM: z.coerce.number().min(1).max(500).default(25),
});
export type RouteFromTripQuery = z.infer<typeof routeFromTripQuery>;
export const routeFromTrip = z.object({
  path: z.object({ type: z.literal('LineString'), coordinates: z.array(lngLat) }),
  distanceKm: z.number(),
  /** Fixes read, and points kept after simplifying. */
  fixes: z.number().int(),
  kept: z.number().int(),
});
export type RouteFromTrip = z.infer<typeof routeFromTrip>;

/** `PUT /api/kendaraan/{kendaraanId}/trayek`: the route a vehicle drives now (until work orders set it). */
export const vehicleRouteInput = z.object({
  trayekId: id('Choose a route').nullable(),
});
export type VehicleRouteInput = z.infer<typeof vehicleRouteInput>;

/** `PUT /api/trayek/points?trayekId=`: the route's waypoints, in order (replaces them all). */
export const routePointsInput = z.object({
  waypoints: z.array(routeWaypointInput).max(MAX_ROUTE_WAYPOINTS, `At most ${MAX_ROUTE_WAYPOINTS} waypoints`),
});
export type RoutePointsInput = z.infer<typeof routePointsInput>;

/** `PUT /api/trayek/jalur?trayekId=`: the route's path (drawn, or a previewed trip), and its corridor. */
export const routePathInput = z.object({
  path: lineGeometryInput.refine(
    (g) => g.coordinates.length <= MAX_GEOFENCE_VERTICES,
    `At most ${MAX_GEOFENCE_VERTICES} points`,
  ),
  corridorWidth: z
    .number('Corridor width must be a number')
    .positive('Corridor width must be more than 0 m')
    .max(MAX_CORRIDOR_WIDTH_M, `Corridor width must be at most ${MAX_CORRIDOR_WIDTH_M} m`)
    .optional(),
});
export type RoutePathInput = z.infer<typeof routePathInput>;

/** Longest period a route may be taken from (a trip of two weeks at most). */
export const MAX_TRIP_DAYS = 14;
/**
 * `POST /api/trayek/jalur/from-trip?trayekId=`: the route's path becomes a vehicle's recorded track
 * over a period, simplified (as `GET /api/trayek/from-trip` previews it).
 */
export const routeFromTripInput = z.object({
  kendaraanId: id('Choose a vehicle'),
  from: z.iso.datetime({ offset: true, message: 'Give the start as an ISO 8601 time' }),
  to: z.iso.datetime({ offset: true, message: 'Give the end as an ISO 8601 time' }),
  toleranceM: z.number().min(1).max(500).default(25),
});
export type RouteFromTripInput = z.infer<typeof routeFromTripInput>;

/** `GET|PUT /api/kendaraan/{kendaraanId}/trayek`: the route a vehicle drives now, if any. */
export const vehicleRoute = z.object({
  kendaraanId: z.number().int(),
  trayekId: z.number().int().nullable(),
  trayekCode: z.string().nullable(),
  trayekName: z.string().nullable(),
  assignedAt: z.string().nullable(),
});
export type VehicleRoute = z.infer<typeof vehicleRoute>;
