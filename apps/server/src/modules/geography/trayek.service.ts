import {
  MAX_TRIP_DAYS,
  type LngLat,
  type RouteFromTrip,
  type RouteFromTripQuery,
  type RouteInput,
  type RouteList,
  type RoutePath,
  type RoutePathInput,
  type RoutePoint,
  type RouteRow,
  type RouteSearchQuery,
  type RouteWaypointInput,
  type VehicleRoute,
} from '@pantau/contracts';
import type { Db } from '../../db/client.js';
import { ConflictError, NotFoundError, ValidationError, type FieldError } from '../../errors.js';
import { bboxOf } from '../../geo/polygon.js';
import { lineLengthKm } from '../../geo/polyline.js';
import { simplifyTrack } from '../../geo/simplify.js';
import { uniqueViolationOf } from '../kit/unique-violation.js';
import { diffFields } from '../audit/audit.js';
import type { Actor } from '../kit/actor.js';
import { recordAudit } from '../audit/audit.repo.js';
import type { TrayekRepo } from './trayek.repo.js';

type Selected = NonNullable<Awaited<ReturnType<TrayekRepo['findOfUnit']>>>;
type Line = { type: 'LineString'; coordinates: LngLat[] };

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

function toRouteRow({ route: r, originName, destinationName }: Selected): RouteRow {
  return {
    trayekId: r.routeId,
    unitId: r.unitId,
    code: r.code,
    name: r.name,
    originPolygonId: r.originGeofenceId,
    originName,
    destinationPolygonId: r.destinationGeofenceId,
    destinationName,
    corridorWidth: r.corridorWidthM,
    distanceKm: r.distanceKm,
    leadTimeMinutes: r.leadTimeMinutes,
    circleTimeMinutes: r.circleTimeMinutes,
    custom: r.custom,
    notes: r.notes,
    aktif: r.aktif,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function toRoutePath({ route: r }: Selected): RoutePath {
  return {
    trayekId: r.routeId,
    path: r.path,
    corridorWidth: r.corridorWidthM,
    distanceKm: r.distanceKm,
    boundary: [r.minLon, r.minLat, r.maxLon, r.maxLat],
  };
}

/** The columns a path decides: itself, its length and its bounding box. */
function pathValues(path: Line) {
  const [minLon, minLat, maxLon, maxLat] = bboxOf(path.coordinates);
  return { path, distanceKm: round(lineLengthKm(path.coordinates), 3), minLon, minLat, maxLon, maxLat };
}

const pointsOf = (waypoints: RouteWaypointInput[]) =>
  waypoints.map((w) => ({ name: w.name, lon: w.position[0], lat: w.position[1], geofenceId: w.polygonId }));

function raceConflict(err: unknown): never {
  if (uniqueViolationOf(err)?.constraint === 'routes_unit_code_unique')
    throw new ConflictError('Another route already has this code', [
      { path: 'code', message: 'Already used by another route of this unit' },
    ]);
  throw err;
}

/** The period of a trip: `to` after `from`, at most `MAX_TRIP_DAYS` long. */
function periodOf(q: { from: string; to: string }) {
  const from = new Date(q.from);
  const to = new Date(q.to);
  if (to <= from)
    throw new ValidationError('The period is empty', [
      { path: 'to', message: 'The end must be after the start' },
    ]);
  if (to.getTime() - from.getTime() > MAX_TRIP_DAYS * 86_400_000)
    throw new ValidationError('The period is too long', [
      { path: 'to', message: `A trip can span at most ${MAX_TRIP_DAYS} days` },
    ]);
  return { from, to };
}

export function createTrayekService(deps: {
  db: Db;
  trayekRepo: TrayekRepo;
  refreshGeography: (unitId: number) => Promise<void>;
}) {
  const { db, trayekRepo, refreshGeography } = deps;

  async function selectedOf(unitId: number, routeId: number, tx: Db = db) {
    const found = await trayekRepo.findOfUnit(unitId, routeId, tx);
    if (!found) throw new NotFoundError('No such route in this unit');
    return found;
  }

  /** 400 for a place that is not a geofence of the unit; answers the path (given, or through the places). */
  async function checkedPath(unitId: number, input: RouteInput): Promise<Line> {
    const ids = [
      input.originPolygonId,
      input.destinationPolygonId,
      ...input.waypoints.map((w) => w.polygonId),
    ].filter((id): id is number => id !== null);
    const places = new Map((await trayekRepo.placesOf(unitId, ids)).map((p) => [p.geofenceId, p]));
    const errors: FieldError[] = [];
    const known = (path: string, id: number | null) => {
      if (id !== null && !places.has(id)) errors.push({ path, message: 'No such geofence in this unit' });
    };
    known('originPolygonId', input.originPolygonId);
    known('destinationPolygonId', input.destinationPolygonId);
    input.waypoints.forEach((w, i) => known(`waypoints.${i}.polygonId`, w.polygonId));
    if (errors.length) throw new ValidationError('Some places are not geofences of this unit', errors);
    if (input.path) return input.path;
    const centre = (id: number | null): LngLat[] => {
      const p = id === null ? undefined : places.get(id);
      return p ? [[p.lon, p.lat]] : [];
    };
    const through = [
      ...centre(input.originPolygonId),
      ...input.waypoints.map((w) => w.position),
      ...centre(input.destinationPolygonId),
    ].filter((p, i, all) => i === 0 || p[0] !== all[i - 1]![0] || p[1] !== all[i - 1]![1]);
    if (through.length < 2)
      throw new ValidationError('The route has no path', [
        {
          path: 'path',
          message: 'Draw the path, take it from a trip, or give at least two different places',
        },
      ]);
    return { type: 'LineString', coordinates: through };
  }

  async function checkCode(unitId: number, code: string, exceptId?: number) {
    if (await trayekRepo.holderOf(unitId, code, exceptId))
      throw new ConflictError('Another route already has this code', [
        { path: 'code', message: `Code ${code} is already used by another route of this unit` },
      ]);
  }

  function valuesOf(unitId: number, input: RouteInput, path: Line) {
    return {
      unitId,
      code: input.code,
      name: input.name,
      originGeofenceId: input.originPolygonId,
      destinationGeofenceId: input.destinationPolygonId,
      corridorWidthM: input.corridorWidth,
      leadTimeMinutes: input.leadTimeMinutes,
      circleTimeMinutes: input.circleTimeMinutes,
      custom: input.custom,
      notes: input.notes,
      aktif: input.aktif,
      ...pathValues(path),
    };
  }

  const audited = (row: RouteRow, path?: RoutePath) => {
    const { createdAt: _c, updatedAt: _u, ...fields } = row;
    return path ? { ...fields, path: `${path.path.coordinates.length} points` } : fields;
  };
  const audit = (
    tx: Db,
    actor: Actor,
    action: string,
    before: Record<string, unknown> | null,
    after: RouteRow,
    changes?: Record<string, unknown>,
  ) =>
    recordAudit(tx, actor, {
      unitId: after.unitId,
      action,
      entity: 'route',
      entityId: after.trayekId,
      label: after.code,
      changes: diffFields(before, changes ?? audited(after)),
    });

  /** Writes the path and answers it; audited as a change of the route. */
  async function storePath(
    actor: Actor,
    unitId: number,
    routeId: number,
    path: Line,
    corridorWidth?: number,
  ) {
    const before = await selectedOf(unitId, routeId);
    const answer = await db.transaction(async (tx) => {
      await trayekRepo.update(tx, routeId, {
        ...pathValues(path),
        ...(corridorWidth === undefined ? {} : { corridorWidthM: corridorWidth }),
      });
      const after = await selectedOf(unitId, routeId, tx);
      await audit(
        tx,
        actor,
        'update',
        audited(toRouteRow(before), toRoutePath(before)),
        toRouteRow(after),
        audited(toRouteRow(after), toRoutePath(after)),
      );
      return toRoutePath(after);
    });
    await refreshGeography(unitId);
    return answer;
  }

  /** A vehicle's fixes over the period, simplified into a path. */
  async function tripOf(unitId: number, q: RouteFromTripQuery): Promise<RouteFromTrip> {
    const { from, to } = periodOf(q);
    if (!(await trayekRepo.vehicleInUnit(unitId, q.kendaraanId)))
      throw new NotFoundError('No such vehicle in this unit');
    const fixes = (await trayekRepo.track(q.kendaraanId, from, to)).map((p): LngLat => [p.lon, p.lat]);
    const kept = simplifyTrack(fixes, q.toleranceM);
    return {
      path: { type: 'LineString', coordinates: kept },
      distanceKm: round(lineLengthKm(kept), 3),
      fixes: fixes.length,
      kept: kept.length,
    };
  }

  async function pointsOfRoute(unitId: number, routeId: number) {
    await selectedOf(unitId, routeId);
    const rows = await trayekRepo.points(routeId);
    const results = rows.map((p): RoutePoint => ({
      seq: p.seq,
      name: p.name,
      position: [p.lon, p.lat],
      polygonId: p.geofenceId,
    }));
    return { count: results.length, results };
  }

  async function vehicleRouteOf(unitId: number, vehicleId: number): Promise<VehicleRoute> {
    if (!(await trayekRepo.vehicleInUnit(unitId, vehicleId)))
      throw new NotFoundError('No such vehicle in this unit');
    const r = await trayekRepo.vehicleRoute(vehicleId);
    return {
      kendaraanId: vehicleId,
      trayekId: r?.routeId ?? null,
      trayekCode: r?.code ?? null,
      trayekName: r?.name ?? null,
      assignedAt: r?.assignedAt.toISOString() ?? null,
    };
  }

  return {
    async search(unitId: number, q: RouteSearchQuery): Promise<RouteList> {
      const { total, rows } = await trayekRepo.search(unitId, q);
      return { count: total, results: rows.map(toRouteRow) };
    },

    get: async (unitId: number, routeId: number) => toRouteRow(await selectedOf(unitId, routeId)),

    async create(actor: Actor, unitId: number, input: RouteInput): Promise<RouteRow> {
      const path = await checkedPath(unitId, input);
      await checkCode(unitId, input.code);
      const row = await db
        .transaction(async (tx) => {
          const routeId = await trayekRepo.insert(tx, valuesOf(unitId, input, path));
          await trayekRepo.setPoints(tx, routeId, pointsOf(input.waypoints));
          const after = toRouteRow(await selectedOf(unitId, routeId, tx));
          await audit(tx, actor, 'create', null, after);
          return after;
        })
        .catch(raceConflict);
      await refreshGeography(unitId);
      return row;
    },

    /** Replaces every field, the waypoints and the path (through the places when none is given). */
    async update(actor: Actor, unitId: number, routeId: number, input: RouteInput): Promise<RouteRow> {
      const before = toRouteRow(await selectedOf(unitId, routeId));
      const path = await checkedPath(unitId, input);
      await checkCode(unitId, input.code, routeId);
      const row = await db
        .transaction(async (tx) => {
          await trayekRepo.update(tx, routeId, valuesOf(unitId, input, path));
          await trayekRepo.setPoints(tx, routeId, pointsOf(input.waypoints));
          const after = toRouteRow(await selectedOf(unitId, routeId, tx));
          await audit(tx, actor, 'update', audited(before), after);
          return after;
        })
        .catch(raceConflict);
      await refreshGeography(unitId);
      return row;
    },

    /** Deletes the route; vehicles driving it are left without one, past over-routes stay. */
    async remove(actor: Actor, unitId: number, routeId: number): Promise<RouteRow> {
      const before = toRouteRow(await selectedOf(unitId, routeId));
      await db.transaction(async (tx) => {
        await trayekRepo.remove(tx, routeId);
        await recordAudit(tx, actor, {
          unitId,
          action: 'delete',
          entity: 'route',
          entityId: routeId,
          label: before.code,
          changes: diffFields(audited(before), {}),
        });
      });
      await refreshGeography(unitId);
      return before;
    },

    points: pointsOfRoute,

    /** Replaces the waypoints (the path stays as drawn). */
    async setPoints(actor: Actor, unitId: number, routeId: number, waypoints: RouteWaypointInput[]) {
      const selected = await selectedOf(unitId, routeId);
      const ids = waypoints.map((w) => w.polygonId).filter((id): id is number => id !== null);
      const places = new Set((await trayekRepo.placesOf(unitId, ids)).map((p) => p.geofenceId));
      const errors = waypoints.flatMap((w, i) =>
        w.polygonId !== null && !places.has(w.polygonId)
          ? [{ path: `waypoints.${i}.polygonId`, message: 'No such geofence in this unit' }]
          : [],
      );
      if (errors.length) throw new ValidationError('Some places are not geofences of this unit', errors);
      const before = (await trayekRepo.points(routeId)).length;
      await db.transaction(async (tx) => {
        await trayekRepo.setPoints(tx, routeId, pointsOf(waypoints));
        await trayekRepo.update(tx, routeId, {});
        await audit(tx, actor, 'update', { waypoints: `${before} points` }, toRouteRow(selected), {
          waypoints: `${waypoints.length} points`,
        });
      });
      await refreshGeography(unitId);
      return pointsOfRoute(unitId, routeId);
    },

    path: async (unitId: number, routeId: number) => toRoutePath(await selectedOf(unitId, routeId)),

    setPath: (actor: Actor, unitId: number, routeId: number, input: RoutePathInput) =>
      storePath(actor, unitId, routeId, input.path, input.corridorWidth),

    /** The preview of a path from a recorded trip. */
    fromTrip: tripOf,

    /** The route's path becomes the vehicle's track over the period, simplified. */
    async setPathFromTrip(actor: Actor, unitId: number, routeId: number, q: RouteFromTripQuery) {
      await selectedOf(unitId, routeId);
      const trip = await tripOf(unitId, q);
      if (trip.kept < 2)
        throw new ValidationError('No trip in this period', [
          { path: 'from', message: 'The vehicle recorded no movement in this period' },
        ]);
      return storePath(actor, unitId, routeId, trip.path);
    },

    vehicleRoute: vehicleRouteOf,

    /** Sets (or, with null, clears) the route a vehicle drives now. */
    async setVehicleRoute(actor: Actor, unitId: number, vehicleId: number, routeId: number | null) {
      const before = await vehicleRouteOf(unitId, vehicleId);
      if (routeId !== null && !(await trayekRepo.findOfUnit(unitId, routeId)))
        throw new ValidationError('No such route in this unit', [
          { path: 'trayekId', message: 'No such route in this unit' },
        ]);
      await db.transaction(async (tx) => {
        await trayekRepo.setVehicleRoute(tx, vehicleId, routeId, actor.userId);
        await recordAudit(tx, actor, {
          unitId,
          action: 'set_route',
          entity: 'vehicle',
          entityId: vehicleId,
          label: null,
          changes: diffFields({ trayekId: before.trayekId }, { trayekId: routeId }),
        });
      });
      await refreshGeography(unitId);
      return vehicleRouteOf(unitId, vehicleId);
    },
  };
}
export type TrayekService = ReturnType<typeof createTrayekService>;
