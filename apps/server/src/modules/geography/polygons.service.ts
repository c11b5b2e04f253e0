import {
  vertexCount,
  type GeofenceFeatureCollection,
  type GeofenceImportRequest,
  type GeofenceImportResponse,
  type GeofenceInput,
  type GeofenceList,
  type GeofenceRow,
  type GeofenceSearchQuery,
} from '@pantau/contracts';
import type { Db } from '../../db/client.js';
import { ConflictError, NotFoundError, ValidationError, type FieldError } from '../../errors.js';
import { readGeoJson, readKml, toGeoJson } from '../../geo/geofence-files.js';
import type { GeofenceGeometry } from '../../geo/shapes.js';
import { polygonErrors } from '../../geo/validate.js';
import { geofenceGeometry } from '../../geo/shapes.js';
import { uniqueViolationOf } from '../kit/unique-violation.js';
import { diffFields } from '../audit/audit.js';
import type { Actor } from '../kit/actor.js';
import { recordAudit, recordAudits } from '../audit/audit.repo.js';
import type { GeofenceValues, PolygonsRepo, StoredGeofence } from './polygons.repo.js';

/** The spec's geofence (§3 Geofence/polygon) of a stored row. */
export function toGeofenceRow(g: StoredGeofence): GeofenceRow {
  return {
    polygonId: g.geofenceId,
    unitId: g.unitId,
    polyIndex: g.polyIndex,
    pantauPoiId: g.externalId,
    polygonCode: g.code,
    polygonName: g.name,
    notes: g.notes,
    polygonType: g.shape,
    category: g.category,
    icon: g.icon,
    color: g.color,
    center: [g.centerLon, g.centerLat],
    radius: g.radiusM,
    width: g.widthM,
    boundary: [g.minLon, g.minLat, g.maxLon, g.maxLat],
    geometry: g.geometry,
    notifyEnter: g.notifyEnter,
    notifyExit: g.notifyExit,
    aktif: g.aktif,
    createdAt: g.createdAt.toISOString(),
    updatedAt: g.updatedAt.toISOString(),
  };
}

const clamp = (v: number, limit: number) => Math.min(limit, Math.max(-limit, v));

function valuesOf(unitId: number, input: GeofenceInput, shape: GeofenceGeometry, polyIndex: number) {
  // A circle or corridor near a pole grows past the map's edge: its box stops there.
  return {
    unitId,
    polyIndex,
    code: input.polygonCode,
    name: input.polygonName,
    externalId: input.pantauPoiId,
    notes: input.notes,
    shape: input.polygonType,
    category: input.category,
    icon: input.icon,
    color: input.color,
    centerLon: shape.center[0],
    centerLat: shape.center[1],
    radiusM: shape.radius,
    widthM: shape.width,
    geometry: shape.geometry,
    minLon: clamp(shape.boundary[0], 180),
    minLat: clamp(shape.boundary[1], 90),
    maxLon: clamp(shape.boundary[2], 180),
    maxLat: clamp(shape.boundary[3], 90),
    notifyEnter: input.notifyEnter,
    notifyExit: input.notifyExit,
    aktif: input.aktif,
  } satisfies GeofenceValues;
}

/** What the audit trail keeps of a geofence: its fields, and of the shape only its kind and size. */
function audited(row: GeofenceRow) {
  const { geometry, createdAt: _c, updatedAt: _u, ...fields } = row;
  return { ...fields, geometry: `${geometry.type}, ${vertexCount(geometry)} points` };
}

/** The shape's own faults (a crossing outline, a hole outside it) that the contract cannot see. */
function shapeErrors(input: GeofenceInput): FieldError[] {
  return input.polygonType === 'polygon' && input.geometry?.type === 'Polygon'
    ? polygonErrors(input.geometry.coordinates)
    : [];
}

const codeTaken = (code: string): FieldError => ({
  path: 'polygonCode',
  message: `Code ${code} is already used by another geofence of this unit`,
});

/** A write that raced another to the same code still answers 409 naming the field. */
function raceConflict(err: unknown): never {
  if (uniqueViolationOf(err)?.constraint === 'geofences_unit_code_unique')
    throw new ConflictError('Another geofence already has this code', [
      { path: 'polygonCode', message: 'Already used by another geofence of this unit' },
    ]);
  throw err;
}

export function createPolygonsService(deps: {
  db: Db;
  polygonsRepo: PolygonsRepo;
  /** The pipeline re-reads the unit's geofences and routes after every write. */
  refreshGeography: (unitId: number) => Promise<void>;
}) {
  const { db, polygonsRepo, refreshGeography } = deps;

  async function storedOf(unitId: number, geofenceId: number, tx: Db = db) {
    const found = await polygonsRepo.findOfUnit(unitId, geofenceId, tx);
    if (!found) throw new NotFoundError('No such geofence in this unit');
    return found;
  }

  /** 400 for a shape at fault, 409 for a code another geofence of the unit holds. */
  async function check(unitId: number, input: GeofenceInput, exceptId?: number) {
    const errors = shapeErrors(input);
    if (errors.length) throw new ValidationError('The shape is invalid', errors);
    if ((await polygonsRepo.holdersOf(unitId, [input.polygonCode], exceptId)).length)
      throw new ConflictError('Another geofence already has this code', [codeTaken(input.polygonCode)]);
  }

  const audit = (tx: Db, actor: Actor, action: string, before: GeofenceRow | null, after: GeofenceRow) =>
    recordAudit(tx, actor, {
      unitId: after.unitId,
      action,
      entity: 'geofence',
      entityId: after.polygonId,
      label: after.polygonCode,
      changes: diffFields(before && audited(before), audited(after)),
    });

  return {
    async search(unitId: number, q: GeofenceSearchQuery): Promise<GeofenceList> {
      const { total, rows } = await polygonsRepo.search(unitId, q);
      return { count: total, results: rows.map(toGeofenceRow) };
    },

    get: async (unitId: number, geofenceId: number) => toGeofenceRow(await storedOf(unitId, geofenceId)),

    async create(actor: Actor, unitId: number, input: GeofenceInput): Promise<GeofenceRow> {
      await check(unitId, input);
      const row = await db
        .transaction(async (tx) => {
          const index = input.polyIndex ?? (await polygonsRepo.nextIndex(unitId, tx));
          const [stored] = await polygonsRepo.insertMany(tx, [
            valuesOf(unitId, input, geofenceGeometry(input), index),
          ]);
          const after = toGeofenceRow(stored!);
          await audit(tx, actor, 'create', null, after);
          return after;
        })
        .catch(raceConflict);
      await refreshGeography(unitId);
      return row;
    },

    /** Replaces every field; the order stays unless one is given. */
    async update(actor: Actor, unitId: number, geofenceId: number, input: GeofenceInput) {
      const before = toGeofenceRow(await storedOf(unitId, geofenceId));
      await check(unitId, input, geofenceId);
      const row = await db
        .transaction(async (tx) => {
          const values = valuesOf(
            unitId,
            input,
            geofenceGeometry(input),
            input.polyIndex ?? before.polyIndex,
          );
          const after = toGeofenceRow(await polygonsRepo.update(tx, geofenceId, values));
          await audit(tx, actor, 'update', before, after);
          return after;
        })
        .catch(raceConflict);
      await refreshGeography(unitId);
      return row;
    },

    /** Deletes the geofence with its visits; routes that start or end there keep going without it. */
    async remove(actor: Actor, unitId: number, geofenceId: number): Promise<GeofenceRow> {
      const before = toGeofenceRow(await storedOf(unitId, geofenceId));
      await db.transaction(async (tx) => {
        await polygonsRepo.remove(tx, geofenceId);
        await recordAudit(tx, actor, {
          unitId,
          action: 'delete',
          entity: 'geofence',
          entityId: geofenceId,
          label: before.polygonCode,
          changes: diffFields(audited(before), {}),
        });
      });
      await refreshGeography(unitId);
      return before;
    },

    /** The unit's geofences matching the filters as GeoJSON (import reads it back). */
    async exportGeoJson(unitId: number, q: Partial<GeofenceSearchQuery>): Promise<GeofenceFeatureCollection> {
      return toGeoJson((await polygonsRepo.all(unitId, q)).map(toGeofenceRow));
    },

    /**
     * Reads a GeoJSON or KML file and checks every feature as a create would, plus codes used twice
     * in the file or already in the unit. A dry run only answers (the preview); otherwise every
     * feature is stored, or none when any is at fault (400, errors at `features.<index>.<field>`).
     */
    async importFile(
      actor: Actor,
      unitId: number,
      request: GeofenceImportRequest,
    ): Promise<GeofenceImportResponse> {
      const file =
        request.format === 'kml'
          ? readKml(request.content, request.category)
          : readGeoJson(request.content, request.category);
      const codes = file.features.map((f) => String(f.draft.polygonCode));
      const taken = new Set((await polygonsRepo.holdersOf(unitId, codes)).map((h) => h.code.toLowerCase()));
      const features = file.features.map(({ feature, draft, check }) => {
        const errors = check.ok ? [] : [...check.errors];
        const code = typeof draft.polygonCode === 'string' ? draft.polygonCode : null;
        if (code && taken.has(code.toLowerCase())) errors.push(codeTaken(code));
        return {
          feature,
          polygonCode: code,
          polygonName: typeof draft.polygonName === 'string' ? draft.polygonName : null,
          polygonType: check.ok ? check.value.polygonType : null,
          errors,
          input: check.ok && errors.length === 0 ? check.value : null,
        };
      });
      const answer = (created: number): GeofenceImportResponse => ({
        total: features.length,
        valid: features.filter((f) => f.errors.length === 0).length,
        created,
        fileError: file.fileError,
        features: features.map(({ input: _input, ...f }) => f),
      });
      if (request.dryRun) return answer(0);
      if (file.fileError)
        throw new ValidationError(file.fileError, [{ path: 'content', message: file.fileError }]);
      const bad = features.filter((f) => f.errors.length > 0);
      if (bad.length)
        throw new ValidationError(
          `${bad.length} of ${features.length} features have errors; nothing was imported`,
          features.flatMap((f, i) =>
            f.errors.map((e) => ({ path: `features.${i}.${e.path}`, message: e.message })),
          ),
        );
      await db
        .transaction(async (tx) => {
          const first = await polygonsRepo.nextIndex(unitId, tx);
          const CHUNK = 200;
          const inputs = features.map((f) => f.input!);
          for (let i = 0; i < inputs.length; i += CHUNK) {
            const stored = await polygonsRepo.insertMany(
              tx,
              inputs
                .slice(i, i + CHUNK)
                .map((input, k) =>
                  valuesOf(unitId, input, geofenceGeometry(input), input.polyIndex ?? first + i + k),
                ),
            );
            await recordAudits(
              tx,
              actor,
              stored.map(toGeofenceRow).map((row) => ({
                unitId,
                action: 'import',
                entity: 'geofence' as const,
                entityId: row.polygonId,
                label: row.polygonCode,
                changes: diffFields(null, audited(row)),
              })),
            );
          }
        })
        .catch(raceConflict);
      await refreshGeography(unitId);
      return answer(features.length);
    },
  };
}
export type PolygonsService = ReturnType<typeof createPolygonsService>;
