import type { FleetInput, FleetRow, FleetSearchQuery, UnitInfo, UnitInfoInput } from '@pantau/contracts';
import type { Db } from '../../db/client.js';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import { diffFields } from '../audit/audit.js';
import { recordAudit } from '../audit/audit.repo.js';
import type { UnitActor } from '../kit/actor.js';
import { inUnit } from '../kit/in-unit.js';
import type { FleetsRepo } from './fleets.repo.js';

const fleetNameTaken = () =>
  new ConflictError('This unit already has a fleet with this name', [
    { path: 'fleetName', message: 'This unit already has a fleet with this name' },
  ]);

export function createFleetsService(deps: { fleetsRepo: FleetsRepo; db: Db }) {
  const { fleetsRepo, db } = deps;

  const fleetOf = (tx: Db, actor: UnitActor, fleetId: number): Promise<FleetRow> =>
    inUnit(fleetsRepo.fleetOfUnit(tx, actor.unitId, fleetId), 'fleet');

  return {
    async list(actor: UnitActor, q: FleetSearchQuery) {
      const { count, rows } = await fleetsRepo.pageOfUnit(actor.unitId, q.search, q.Take, q.Skip);
      return { count, results: rows };
    },

    async create(actor: UnitActor, input: FleetInput): Promise<FleetRow> {
      return db.transaction(async (tx) => {
        if (await fleetsRepo.nameTaken(tx, actor.unitId, input.fleetName)) throw fleetNameTaken();
        const fleetId = await fleetsRepo.insert(tx, actor.unitId, input.fleetName);
        await recordAudit(tx, actor, {
          unitId: actor.unitId,
          action: 'create',
          entity: 'fleet',
          entityId: fleetId,
          label: input.fleetName,
          changes: diffFields(null, { fleetName: input.fleetName }),
        });
        return fleetOf(tx, actor, fleetId);
      });
    },

    async rename(actor: UnitActor, fleetId: number, input: FleetInput): Promise<FleetRow> {
      return db.transaction(async (tx) => {
        const before = await fleetOf(tx, actor, fleetId);
        if (await fleetsRepo.nameTaken(tx, actor.unitId, input.fleetName, fleetId)) throw fleetNameTaken();
        await fleetsRepo.rename(tx, fleetId, input.fleetName);
        const changes = diffFields({ fleetName: before.fleetName }, { fleetName: input.fleetName });
        if (Object.keys(changes).length > 0)
          await recordAudit(tx, actor, {
            unitId: actor.unitId,
            action: 'update',
            entity: 'fleet',
            entityId: fleetId,
            label: input.fleetName,
            changes,
          });
        return fleetOf(tx, actor, fleetId);
      });
    },

    async remove(actor: UnitActor, fleetId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await fleetOf(tx, actor, fleetId);
        const members = await fleetsRepo.vehiclesOf(tx, actor.unitId, fleetId);
        await fleetsRepo.delete(tx, fleetId);
        await recordAudit(tx, actor, {
          unitId: actor.unitId,
          action: 'delete',
          entity: 'fleet',
          entityId: fleetId,
          label: before.fleetName,
          changes: {
            fleetName: { from: before.fleetName, to: null },
            vehicles: { from: members.map((m) => m.nomorPolisi), to: null },
          },
        });
      });
    },

    async vehicles(actor: UnitActor, fleetId: number) {
      await fleetOf(db, actor, fleetId);
      const results = await fleetsRepo.vehiclesOf(db, actor.unitId, fleetId);
      return { count: results.length, results };
    },

    /** Replaces the fleet's vehicles; every id must be a vehicle of this unit. */
    async setVehicles(actor: UnitActor, fleetId: number, kendaraanIds: number[]) {
      const wanted = [...new Set(kendaraanIds)];
      await db.transaction(async (tx) => {
        const fleet = await fleetOf(tx, actor, fleetId);
        const found = await fleetsRepo.vehiclesOfUnit(tx, actor.unitId, wanted);
        const known = new Set(found.map((v) => v.kendaraanId));
        const unknown = wanted.filter((id) => !known.has(id));
        if (unknown.length > 0)
          throw new ValidationError('Some vehicles are not vehicles of this unit', [
            { path: 'kendaraanIds', message: `Not vehicles of this unit: ${unknown.join(', ')}` },
          ]);
        const before = await fleetsRepo.vehiclesOf(tx, actor.unitId, fleetId);
        await fleetsRepo.replaceVehicles(tx, fleetId, wanted);
        const plates = (list: { nomorPolisi: string }[]) => list.map((v) => v.nomorPolisi).sort();
        const changes = diffFields({ vehicles: plates(before) }, { vehicles: plates(found) });
        if (Object.keys(changes).length > 0)
          await recordAudit(tx, actor, {
            unitId: actor.unitId,
            action: 'update',
            entity: 'fleet',
            entityId: fleetId,
            label: fleet.fleetName,
            changes,
          });
      });
      return this.vehicles(actor, fleetId);
    },

    async unitInfo(actor: UnitActor): Promise<UnitInfo> {
      const unit = await fleetsRepo.unit(db, actor.unitId);
      if (!unit) throw new NotFoundError('No such unit');
      return unit;
    },

    async updateUnitInfo(actor: UnitActor, input: UnitInfoInput): Promise<UnitInfo> {
      await db.transaction(async (tx) => {
        const before = await fleetsRepo.unit(tx, actor.unitId);
        if (!before) throw new NotFoundError('No such unit');
        if (await fleetsRepo.unitNameTaken(tx, input.unitName, actor.unitId))
          throw new ConflictError('Another unit already has this name', [
            { path: 'unitName', message: 'Another unit already has this name' },
          ]);
        await fleetsRepo.updateUnit(tx, actor.unitId, input);
        const { unitName, address, phone, timeZone } = before;
        const changes = diffFields({ unitName, address, phone, timeZone }, { ...input });
        if (Object.keys(changes).length > 0)
          await recordAudit(tx, actor, {
            unitId: actor.unitId,
            action: 'update',
            entity: 'unit',
            entityId: actor.unitId,
            label: input.unitName,
            changes,
          });
      });
      return this.unitInfo(actor);
    },
  };
}
export type FleetsService = ReturnType<typeof createFleetsService>;
