import { rowsOf } from '../db/rows.js';
import type { GeofenceCategory, Geometry, LineGeometry, LngLat, PolygonType } from '@pantau/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { GeofenceIndex } from '../geo/geofence-index.js';
import { Polyline } from '../geo/polyline.js';
import { toShape, type GeofenceShape } from '../geo/shapes.js';
import type { RuleGeofence, RuleGeography, RuleRoute } from '../rules/types.js';

/** A stored geofence, as the pipeline reads it. */
export interface GeofenceRecord extends RuleGeofence {
  unitId: number;
  polygonType: PolygonType;
  geometry: Geometry;
  center: LngLat;
  radius: number | null;
  width: number | null;
}

/** A stored route, as the pipeline reads it. */
export interface RouteRecord {
  routeId: number;
  unitId: number;
  code: string;
  name: string;
  path: LineGeometry;
  corridorWidthM: number;
  originGeofenceId: number | null;
  destinationGeofenceId: number | null;
}

const NONE: readonly RuleGeofence[] = Object.freeze([]);

/** A unit's active geofences in a spatial index: point lookups on every fix. */
export class UnitGeography implements RuleGeography {
  private readonly index: GeofenceIndex<RuleGeofence>;
  private readonly byId: Map<number, RuleGeofence>;

  constructor(list: readonly GeofenceRecord[], onBadShape?: (g: GeofenceRecord, err: unknown) => void) {
    const entries: { value: RuleGeofence; shape: GeofenceShape }[] = [];
    for (const g of list) {
      try {
        const value: RuleGeofence = {
          geofenceId: g.geofenceId,
          code: g.code,
          name: g.name,
          category: g.category,
          notifyEnter: g.notifyEnter,
          notifyExit: g.notifyExit,
        };
        entries.push({ value, shape: toShape(g) });
      } catch (err) {
        onBadShape?.(g, err);
      }
    }
    this.index = new GeofenceIndex(entries);
    this.byId = new Map(entries.map((e) => [e.value.geofenceId, e.value]));
  }

  get size(): number {
    return this.index.size;
  }

  geofencesAt(lat: number, lon: number): readonly RuleGeofence[] {
    if (this.index.size === 0) return NONE;
    return this.index.containing([lon, lat]);
  }

  geofence(geofenceId: number): RuleGeofence | undefined {
    return this.byId.get(geofenceId);
  }
}

export const noGeography = new UnitGeography([]);

/** A route's corridor for the over-route rule. */
export function ruleRouteOf(r: RouteRecord): RuleRoute {
  const line = new Polyline(r.path.coordinates);
  return {
    routeId: r.routeId,
    code: r.code,
    name: r.name,
    halfWidthM: r.corridorWidthM / 2,
    originGeofenceId: r.originGeofenceId,
    destinationGeofenceId: r.destinationGeofenceId,
    distanceM: (lat, lon) => line.distanceM([lon, lat]),
  };
}

type Logger = { error(obj: object, msg: string): void };

/** A unit's geography: its geofences, and the current route of each of its vehicles that has one. */
interface UnitBundle {
  geography: UnitGeography;
  vehicleRoutes: Map<number, RuleRoute>;
}

/**
 * What the pipeline knows of each unit's geography: its active geofences in a spatial index and the
 * current route of each vehicle. Read from the database at start, and again for one unit when its
 * geofences, routes or vehicles' routes change (`refresh(db, unitId)`); a refresh swaps in new immutable
 * objects, so a batch in flight keeps what it started with.
 */
export class GeographyCache {
  private units = new Map<number, UnitBundle>();

  constructor(private readonly logger: Logger) {}

  geographyOf(unitId: number): RuleGeography {
    return this.units.get(unitId)?.geography ?? noGeography;
  }

  routeOf(unitId: number, vehicleId: number): RuleRoute | null {
    return this.units.get(unitId)?.vehicleRoutes.get(vehicleId) ?? null;
  }

  /** Reads one unit's geography again, or every unit's. */
  async refresh(db: Db, unitId?: number): Promise<void> {
    const [geofences, routes, manual, ordered] = await Promise.all([
      loadGeofences(db, unitId),
      loadRoutes(db, unitId),
      loadVehicleRoutes(db, unitId),
      loadWorkOrderRoutes(db, unitId),
    ]);
    // A vehicle's current SPK decides its route; the route an Administrator set applies without one.
    const assigned = [...manual, ...ordered];
    const geofencesOf = new Map<number, GeofenceRecord[]>();
    for (const g of geofences) {
      const list = geofencesOf.get(g.unitId);
      if (list) list.push(g);
      else geofencesOf.set(g.unitId, [g]);
    }
    const routeById = new Map<number, RuleRoute>();
    for (const r of routes) {
      try {
        routeById.set(r.routeId, ruleRouteOf(r));
      } catch (err) {
        this.logger.error({ err, routeId: r.routeId }, 'a route could not be read');
      }
    }
    const next = new Map<number, UnitBundle>();
    const bundle = (id: number): UnitBundle => {
      let b = next.get(id);
      if (!b) {
        b = { geography: noGeography, vehicleRoutes: new Map() };
        next.set(id, b);
      }
      return b;
    };
    for (const [id, list] of geofencesOf) bundle(id).geography = new UnitGeography(list, this.badShape);
    for (const a of assigned) {
      const route = routeById.get(a.routeId);
      if (route) bundle(a.unitId).vehicleRoutes.set(a.vehicleId, a.leg ? { ...route, leg: a.leg } : route);
    }
    if (unitId === undefined) {
      this.units = next;
      return;
    }
    const units = new Map(this.units);
    units.delete(unitId);
    const mine = next.get(unitId);
    if (mine) units.set(unitId, mine);
    this.units = units;
  }

  private readonly badShape = (g: GeofenceRecord, err: unknown) =>
    this.logger.error({ err, geofenceId: g.geofenceId }, 'a geofence could not be read');
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

async function loadGeofences(db: Db, unitId?: number): Promise<GeofenceRecord[]> {
  const result = await db.execute(sql`
    SELECT geofence_id, unit_id, code, name, shape, category, center_lon, center_lat, radius_m, width_m,
      geometry, notify_enter, notify_exit
    FROM geofences WHERE aktif ${unitId === undefined ? sql`` : sql`AND unit_id = ${unitId}`}
    ORDER BY geofence_id`);
  return rowsOf(result).map((r) => ({
    geofenceId: Number(r.geofence_id),
    unitId: Number(r.unit_id),
    code: String(r.code),
    name: String(r.name),
    polygonType: r.shape as PolygonType,
    category: r.category as GeofenceCategory,
    geometry: json<Geometry>(r.geometry),
    center: [Number(r.center_lon), Number(r.center_lat)],
    radius: num(r.radius_m),
    width: num(r.width_m),
    notifyEnter: Boolean(r.notify_enter),
    notifyExit: Boolean(r.notify_exit),
  }));
}

/** The columns of `routes` a `RouteRecord` is read from (`routeRecordOf`). */
export const ROUTE_COLUMNS =
  sql.raw(`route_id, unit_id, code, name, path, corridor_width_m, origin_geofence_id,
  destination_geofence_id`);

export const routeRecordOf = (r: Record<string, unknown>): RouteRecord => ({
  routeId: Number(r.route_id),
  unitId: Number(r.unit_id),
  code: String(r.code),
  name: String(r.name),
  path: json<LineGeometry>(r.path),
  corridorWidthM: Number(r.corridor_width_m),
  originGeofenceId: num(r.origin_geofence_id),
  destinationGeofenceId: num(r.destination_geofence_id),
});

async function loadRoutes(db: Db, unitId?: number): Promise<RouteRecord[]> {
  const result = await db.execute(sql`
    SELECT ${ROUTE_COLUMNS} FROM routes
    WHERE aktif ${unitId === undefined ? sql`` : sql`AND unit_id = ${unitId}`}`);
  return rowsOf(result).map(routeRecordOf);
}

/** The route of each vehicle's running SPK (on progress or abnormal; the earliest if several). */
/** The routes of the running SPKs, with how far along each is (its loading and unloading milestones). */
async function loadWorkOrderRoutes(db: Db, unitId?: number): Promise<AssignedRoute[]> {
  const result = await db.execute(sql`
    SELECT DISTINCT ON (w.vehicle_id) w.vehicle_id, w.route_id, r.unit_id,
      w.arrive_loading_at IS NOT NULL AS loading, w.enter_unloading_at IS NOT NULL AS unloading
    FROM work_orders w JOIN routes r USING (route_id)
    WHERE r.aktif ${unitId === undefined ? sql`` : sql`AND r.unit_id = ${unitId}`}
      AND w.status IN ('on_progress', 'abnormal')
    ORDER BY w.vehicle_id, w.run_at, w.work_order_id`);
  return rowsOf(result).map((r) => ({
    vehicleId: Number(r.vehicle_id),
    routeId: Number(r.route_id),
    unitId: Number(r.unit_id),
    leg: r.unloading === true ? 'done' : r.loading === true ? 'on_route' : 'to_origin',
  }));
}

interface AssignedRoute {
  vehicleId: number;
  routeId: number;
  unitId: number;
  leg?: RuleRoute['leg'];
}

async function loadVehicleRoutes(db: Db, unitId?: number): Promise<AssignedRoute[]> {
  const result = await db.execute(sql`
    SELECT vr.vehicle_id, vr.route_id, r.unit_id FROM vehicle_routes vr JOIN routes r USING (route_id)
    WHERE r.aktif ${unitId === undefined ? sql`` : sql`AND r.unit_id = ${unitId}`}`);
  return rowsOf(result).map((r) => ({
    vehicleId: Number(r.vehicle_id),
    routeId: Number(r.route_id),
    unitId: Number(r.unit_id),
  }));
}
