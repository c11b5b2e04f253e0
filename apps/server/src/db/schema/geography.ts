import type { Geometry, LineGeometry } from '@pantau/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { units } from './units.js';
import { users } from './users.js';
import { vehicles } from './vehicles.js';

// The unit's geography (spec §3 Geofence/polygon, Route): geofences, markers, routes (trayek), and
// what the pipeline derives from them. Shapes are GeoJSON (lng, lat) in jsonb; the rules test points
// in memory (apps/server/src/geo), so no PostGIS. Over-route intervals are rows of `events`
// (kind `overroute`, attributes carry the route and the distance driven off it).

/** A geofence (polygon): a polygon, a circle or a corridor, with what the place is for. */
export const geofences = pgTable(
  'geofences',
  {
    geofenceId: integer('geofence_id').primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.unitId),
    /** polyIndex: order in lists and legends. */
    polyIndex: integer('poly_index').notNull().default(0),
    /** polygonCode, unique within the unit. */
    code: text('code').notNull(),
    /** polygonName. */
    name: text('name').notNull(),
    /** pantauPoiId: the site's id in another system. */
    externalId: text('external_id'),
    notes: text('notes'),
    /** polygonType. */
    shape: text('shape', { enum: ['polygon', 'circle', 'corridor'] }).notNull(),
    category: text('category', {
      enum: ['pool', 'base', 'plant', 'port', 'dealer', 'rest_area', 'workshop', 'other'],
    }).notNull(),
    icon: text('icon'),
    color: text('color'),
    /** A circle's centre; for other shapes the middle of the bounding box. */
    centerLon: doublePrecision('center_lon').notNull(),
    centerLat: doublePrecision('center_lat').notNull(),
    /** circle: metres. */
    radiusM: doublePrecision('radius_m'),
    /** corridor: full width, metres. */
    widthM: doublePrecision('width_m'),
    /** Polygon, LineString (corridor) or Point (circle centre). */
    geometry: jsonb('geometry').$type<Geometry>().notNull(),
    /** boundary: the bounding box of everything inside (a circle's radius, a corridor's width included). */
    minLon: doublePrecision('min_lon').notNull(),
    minLat: doublePrecision('min_lat').notNull(),
    maxLon: doublePrecision('max_lon').notNull(),
    maxLat: doublePrecision('max_lat').notNull(),
    notifyEnter: boolean('notify_enter').notNull().default(false),
    notifyExit: boolean('notify_exit').notNull().default(false),
    aktif: boolean('aktif').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('geofences_unit_code_unique').on(t.unitId, t.code),
    index('geofences_unit_order_idx').on(t.unitId, t.polyIndex),
  ],
);

/** Markers (POIs): named points with an icon. */
export const pois = pgTable(
  'pois',
  {
    poiId: integer('poi_id').primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.unitId),
    name: text('name').notNull(),
    icon: text('icon', { enum: ['fuel', 'workshop', 'rest_area', 'customer', 'other'] }).notNull(),
    lon: doublePrecision('lon').notNull(),
    lat: doublePrecision('lat').notNull(),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pois_unit_idx').on(t.unitId)],
);

/** Routes (trayek): origin and destination geofences, the path and its corridor, standard times. */
export const routes = pgTable(
  'routes',
  {
    routeId: integer('route_id').primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.unitId),
    code: text('code').notNull(),
    name: text('name').notNull(),
    originGeofenceId: integer('origin_geofence_id').references(() => geofences.geofenceId, {
      onDelete: 'set null',
    }),
    destinationGeofenceId: integer('destination_geofence_id').references(() => geofences.geofenceId, {
      onDelete: 'set null',
    }),
    /** trayek/jalur: the road, a LineString. */
    path: jsonb('path').$type<LineGeometry>().notNull(),
    /** Full corridor width, metres. */
    corridorWidthM: doublePrecision('corridor_width_m').notNull().default(1000),
    distanceKm: doublePrecision('distance_km').notNull(),
    leadTimeMinutes: integer('lead_time_minutes'),
    circleTimeMinutes: integer('circle_time_minutes'),
    /** The spec's custom flag: a route made for one job. */
    custom: boolean('custom').notNull().default(false),
    notes: text('notes'),
    aktif: boolean('aktif').notNull().default(true),
    minLon: doublePrecision('min_lon').notNull(),
    minLat: doublePrecision('min_lat').notNull(),
    maxLon: doublePrecision('max_lon').notNull(),
    maxLat: doublePrecision('max_lat').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('routes_unit_code_unique').on(t.unitId, t.code)],
);

/** trayek/points: a route's ordered waypoints. */
export const routePoints = pgTable(
  'route_points',
  {
    routeId: integer('route_id')
      .notNull()
      .references(() => routes.routeId, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    name: text('name'),
    lon: doublePrecision('lon').notNull(),
    lat: doublePrecision('lat').notNull(),
    geofenceId: integer('geofence_id').references(() => geofences.geofenceId, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ name: 'route_points_pkey', columns: [t.routeId, t.seq] })],
);

/** The route a vehicle drives now, set by an Administrator until work orders set it. */
export const vehicleRoutes = pgTable(
  'vehicle_routes',
  {
    vehicleId: integer('vehicle_id')
      .primaryKey()
      .references(() => vehicles.vehicleId, { onDelete: 'cascade' }),
    routeId: integer('route_id')
      .notNull()
      .references(() => routes.routeId, { onDelete: 'cascade' }),
    assignedBy: integer('assigned_by').references(() => users.userId, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vehicle_routes_route_idx').on(t.routeId)],
);

/**
 * loggeopoint: a vehicle's stay inside a geofence, from the first fix inside to the first fix
 * outside. An open visit (no exit yet) is "inside since"; one vehicle has at most one open visit per
 * geofence. Derived from positions: a period's visits can be deleted and rebuilt (late fixes).
 */
export const geofenceVisits = pgTable(
  'geofence_visits',
  {
    visitId: integer('visit_id').primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.unitId),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.vehicleId, { onDelete: 'cascade' }),
    geofenceId: integer('geofence_id')
      .notNull()
      .references(() => geofences.geofenceId, { onDelete: 'cascade' }),
    enterTime: timestamp('enter_time', { withTimezone: true }).notNull(),
    exitTime: timestamp('exit_time', { withTimezone: true }),
    /** Seconds from enter to exit; 0 while open (the reports count an open visit to the latest fix). */
    durationS: integer('duration_s').notNull().default(0),
    open: boolean('open').notNull().default(true),
  },
  (t) => [
    index('geofence_visits_vehicle_enter_idx').on(t.vehicleId, t.enterTime.desc()),
    index('geofence_visits_geofence_enter_idx').on(t.geofenceId, t.enterTime.desc()),
    index('geofence_visits_unit_enter_idx').on(t.unitId, t.enterTime.desc()),
    uniqueIndex('geofence_visits_open_unique')
      .on(t.vehicleId, t.geofenceId)
      .where(sql`${t.open}`),
  ],
);
