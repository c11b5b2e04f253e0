import type { MarkerInput, MarkerRow, MarkerSearchQuery } from '@pantau/contracts';
import type { Db } from '../../db/client.js';
import { NotFoundError } from '../../errors.js';
import { diffFields } from '../audit/audit.js';
import type { Actor } from '../kit/actor.js';
import { recordAudit } from '../audit/audit.repo.js';
import type { MarkersRepo, StoredMarker } from './markers.repo.js';

function toMarkerRow(m: StoredMarker): MarkerRow {
  return {
    markerId: m.poiId,
    unitId: m.unitId,
    name: m.name,
    icon: m.icon,
    position: [m.lon, m.lat],
    notes: m.notes,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

const valuesOf = (unitId: number, input: MarkerInput) => ({
  unitId,
  name: input.name,
  icon: input.icon,
  lon: input.position[0],
  lat: input.position[1],
  notes: input.notes,
});

const audited = ({ createdAt: _c, updatedAt: _u, ...fields }: MarkerRow) => fields;

export function createMarkersService(deps: { db: Db; markersRepo: MarkersRepo }) {
  const { db, markersRepo } = deps;

  async function rowOf(unitId: number, poiId: number, tx: Db = db) {
    const found = await markersRepo.findOfUnit(unitId, poiId, tx);
    if (!found) throw new NotFoundError('No such marker in this unit');
    return toMarkerRow(found);
  }

  const audit = (tx: Db, actor: Actor, action: string, before: MarkerRow | null, after: MarkerRow | null) => {
    const row = (after ?? before)!;
    return recordAudit(tx, actor, {
      unitId: row.unitId,
      action,
      entity: 'marker',
      entityId: row.markerId,
      label: row.name,
      changes: diffFields(before && audited(before), after ? audited(after) : {}),
    });
  };

  return {
    async search(unitId: number, q: MarkerSearchQuery) {
      const { total, rows } = await markersRepo.search(unitId, q);
      return { count: total, results: rows.map(toMarkerRow) };
    },

    get: (unitId: number, poiId: number) => rowOf(unitId, poiId),

    create: (actor: Actor, unitId: number, input: MarkerInput) =>
      db.transaction(async (tx) => {
        const after = toMarkerRow(await markersRepo.insert(tx, valuesOf(unitId, input)));
        await audit(tx, actor, 'create', null, after);
        return after;
      }),

    async update(actor: Actor, unitId: number, poiId: number, input: MarkerInput) {
      const before = await rowOf(unitId, poiId);
      return db.transaction(async (tx) => {
        const after = toMarkerRow(await markersRepo.update(tx, poiId, valuesOf(unitId, input)));
        await audit(tx, actor, 'update', before, after);
        return after;
      });
    },

    async remove(actor: Actor, unitId: number, poiId: number) {
      const before = await rowOf(unitId, poiId);
      await db.transaction(async (tx) => {
        await markersRepo.remove(tx, poiId);
        await audit(tx, actor, 'delete', before, null);
      });
      return before;
    },
  };
}
export type MarkersService = ReturnType<typeof createMarkersService>;
