import {
  type IncidentInput,
  type IncidentRow,
  type MaintenanceInput,
  type MaintenanceRow,
  type PretripCheckInput,
  type PretripCheckRow,
  type VehicleHealthQuery,
} from '@pantau/contracts';
import { and, count, desc, eq, gte, isNull, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  drivers,
  incidents,
  maintenanceOrders,
  pretripChecks,
  users,
  vehicles,
} from '../../db/schema/index.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import { recordAudit } from '../audit/audit.repo.js';
import { diffFields } from '../audit/audit.js';
import type { Actor } from '../kit/actor.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const date = (s: string | null) => (s === null ? null : new Date(s));

/**
 * Maintenance orders, incidents and pre-trip checks (P2H) of the unit's vehicles: listed for every role
 * of the unit, written by its Administrators, audited. Each write tells `changed` (availability follows).
 */
export function createHealthService(deps: { db: Db; changed: (unitId: number) => Promise<void> }) {
  const { db, changed } = deps;

  async function vehicleOf(unitId: number, vehicleId: number, tx: Db = db) {
    const [v] = await tx
      .select({ plate: vehicles.plateNumber })
      .from(vehicles)
      .where(and(eq(vehicles.unitId, unitId), eq(vehicles.vehicleId, vehicleId)));
    if (!v)
      throw new ValidationError('No such vehicle in this unit', [
        { path: 'kendaraanId', message: 'No such vehicle in this unit' },
      ]);
    return v;
  }

  function filters(table: typeof maintenanceOrders, unitId: number, q: VehicleHealthQuery): SQL | undefined {
    return and(
      eq(table.unitId, unitId),
      q.kendaraanId ? eq(table.vehicleId, q.kendaraanId) : undefined,
      q.open === undefined ? undefined : q.open ? isNull(table.closedAt) : undefined,
      q.from ? gte(table.openedAt, new Date(q.from)) : undefined,
      q.to ? lt(table.openedAt, new Date(q.to)) : undefined,
    );
  }

  /** Maintenance orders and incidents share their shape: opened, closed, notes, a kind. */
  // The two tables have the same columns but their id's name and their kinds; one shape serves both
  // (a row keeps its own table's keys: an incident's id is `incidentId`).
  type Stored = Omit<typeof maintenanceOrders.$inferSelect, 'kind'> & { kind: string };
  function openCloseResource<Row>(o: {
    table: typeof maintenanceOrders | typeof incidents;
    idColumn: typeof maintenanceOrders.maintenanceId | typeof incidents.incidentId;
    entity: 'maintenance' | 'incident';
    what: string;
    toRow: (r: Stored, plate: string, createdBy: string | null) => Row;
  }) {
    const t = o.table as unknown as typeof maintenanceOrders;
    const idCol = o.idColumn as unknown as typeof maintenanceOrders.maintenanceId;
    const select = () =>
      db
        .select({ r: t, plate: vehicles.plateNumber, createdBy: users.username })
        .from(t)
        .innerJoin(vehicles, eq(vehicles.vehicleId, t.vehicleId))
        .leftJoin(users, eq(users.userId, t.createdBy));

    async function one(unitId: number, id: number) {
      const [row] = await select().where(and(eq(t.unitId, unitId), eq(idCol, id)));
      if (!row) throw new NotFoundError(`No such ${o.what} in this unit`);
      return o.toRow(row.r, row.plate, row.createdBy);
    }

    return {
      async list(unitId: number, q: VehicleHealthQuery) {
        const where = filters(t, unitId, q);
        const [total] = await db.select({ n: count() }).from(t).where(where);
        const rows = await select()
          .where(where)
          .orderBy(desc(t.openedAt), desc(idCol))
          .limit(q.Take)
          .offset(q.Skip);
        return {
          count: total?.n ?? 0,
          results: rows.map((r) => o.toRow(r.r, r.plate, r.createdBy)),
        };
      },
      one,
      async create(actor: Actor, unitId: number, input: MaintenanceInput | IncidentInput) {
        const v = await vehicleOf(unitId, input.kendaraanId);
        const values = {
          unitId,
          vehicleId: input.kendaraanId,
          kind: input.kind,
          openedAt: new Date(input.openedAt),
          closedAt: date(input.closedAt),
          notes: input.notes,
          createdBy: actor.userId,
        };
        const id = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(t)
            .values(values as typeof maintenanceOrders.$inferInsert)
            .returning({ id: idCol });
          await recordAudit(tx, actor, {
            unitId,
            action: 'create',
            entity: o.entity,
            entityId: row!.id,
            label: v.plate,
            changes: diffFields(null, {
              kind: input.kind,
              openedAt: input.openedAt,
              closedAt: input.closedAt,
            }),
          });
          return row!.id;
        });
        await changed(unitId);
        return one(unitId, id);
      },
      async update(actor: Actor, unitId: number, id: number, input: MaintenanceInput | IncidentInput) {
        const [before] = await db
          .select()
          .from(t)
          .where(and(eq(t.unitId, unitId), eq(idCol, id)));
        if (!before) throw new NotFoundError(`No such ${o.what} in this unit`);
        const v = await vehicleOf(unitId, input.kendaraanId);
        const values = {
          vehicleId: input.kendaraanId,
          kind: input.kind,
          openedAt: new Date(input.openedAt),
          closedAt: date(input.closedAt),
          notes: input.notes,
        };
        await db.transaction(async (tx) => {
          await tx
            .update(t)
            .set(values as Partial<typeof maintenanceOrders.$inferInsert>)
            .where(eq(idCol, id));
          await recordAudit(tx, actor, {
            unitId,
            action: 'update',
            entity: o.entity,
            entityId: id,
            label: v.plate,
            changes: diffFields(before as Record<string, unknown>, values as Record<string, unknown>),
          });
        });
        await changed(unitId);
        return one(unitId, id);
      },
      async remove(actor: Actor, unitId: number, id: number) {
        const row = await one(unitId, id);
        await db.transaction(async (tx) => {
          await tx.delete(t).where(eq(idCol, id));
          await recordAudit(tx, actor, {
            unitId,
            action: 'delete',
            entity: o.entity,
            entityId: id,
            label: (row as { nomorPolisi?: string }).nomorPolisi ?? null,
          });
        });
        await changed(unitId);
        return row;
      },
    };
  }

  const maintenance = openCloseResource({
    table: maintenanceOrders,
    idColumn: maintenanceOrders.maintenanceId,
    entity: 'maintenance',
    what: 'maintenance order',
    toRow: (r, plate, createdBy): MaintenanceRow => ({
      maintenanceId: r.maintenanceId,
      kendaraanId: r.vehicleId,
      nomorPolisi: plate,
      kind: r.kind as MaintenanceRow['kind'],
      openedAt: r.openedAt.toISOString(),
      closedAt: iso(r.closedAt),
      open: r.closedAt === null,
      notes: r.notes,
      createdBy,
    }),
  });

  const incidentsResource = openCloseResource({
    table: incidents,
    idColumn: incidents.incidentId,
    entity: 'incident',
    what: 'incident',
    toRow: (r, plate, createdBy): IncidentRow => ({
      incidentId: (r as unknown as typeof incidents.$inferSelect).incidentId,
      kendaraanId: r.vehicleId,
      nomorPolisi: plate,
      kind: r.kind as IncidentRow['kind'],
      openedAt: r.openedAt.toISOString(),
      closedAt: iso(r.closedAt),
      open: r.closedAt === null,
      notes: r.notes,
      createdBy,
    }),
  });

  // Pre-trip checks.
  const checkColumns = {
    c: pretripChecks,
    plate: vehicles.plateNumber,
    driverName: drivers.name,
  };
  const toCheckRow = (r: {
    c: typeof pretripChecks.$inferSelect;
    plate: string;
    driverName: string | null;
  }): PretripCheckRow => ({
    checkId: r.c.checkId,
    kendaraanId: r.c.vehicleId,
    nomorPolisi: r.plate,
    pengemudiId: r.c.driverId,
    pengemudiName: r.driverName,
    startedAt: r.c.startedAt.toISOString(),
    passedAt: iso(r.c.passedAt),
    defects: r.c.defects,
    notes: r.c.notes,
    result: r.c.passedAt ? 'passed' : r.c.defects.length > 0 ? 'defects' : 'running',
  });
  const selectChecks = () =>
    db
      .select(checkColumns)
      .from(pretripChecks)
      .innerJoin(vehicles, eq(vehicles.vehicleId, pretripChecks.vehicleId))
      .leftJoin(drivers, eq(drivers.driverId, pretripChecks.driverId));

  async function check(unitId: number, id: number) {
    const [row] = await selectChecks().where(
      and(eq(pretripChecks.unitId, unitId), eq(pretripChecks.checkId, id)),
    );
    if (!row) throw new NotFoundError('No such pre-trip check in this unit');
    return toCheckRow(row);
  }

  async function checkedCheck(unitId: number, input: PretripCheckInput) {
    const v = await vehicleOf(unitId, input.kendaraanId);
    if (input.pengemudiId !== null) {
      const [d] = await db
        .select({ id: drivers.driverId })
        .from(drivers)
        .where(and(eq(drivers.unitId, unitId), eq(drivers.driverId, input.pengemudiId)));
      if (!d)
        throw new ValidationError('No such driver in this unit', [
          { path: 'pengemudiId', message: 'No such driver in this unit' },
        ]);
    }
    if (input.passedAt !== null && Date.parse(input.passedAt) < Date.parse(input.startedAt))
      throw new ValidationError('A check passes after it starts', [
        { path: 'passedAt', message: 'Passed at must be after started at' },
      ]);
    return {
      plate: v.plate,
      values: {
        vehicleId: input.kendaraanId,
        driverId: input.pengemudiId,
        startedAt: new Date(input.startedAt),
        passedAt: date(input.passedAt),
        defects: input.defects,
        notes: input.notes,
      },
    };
  }

  return {
    maintenance,
    incidents: incidentsResource,
    checks: {
      async list(unitId: number, q: VehicleHealthQuery) {
        const where = and(
          eq(pretripChecks.unitId, unitId),
          q.kendaraanId ? eq(pretripChecks.vehicleId, q.kendaraanId) : undefined,
          q.from ? gte(pretripChecks.startedAt, new Date(q.from)) : undefined,
          q.to ? lt(pretripChecks.startedAt, new Date(q.to)) : undefined,
        );
        const [total] = await db.select({ n: count() }).from(pretripChecks).where(where);
        const rows = await selectChecks()
          .where(where)
          .orderBy(desc(pretripChecks.startedAt), desc(pretripChecks.checkId))
          .limit(q.Take)
          .offset(q.Skip);
        return { count: total?.n ?? 0, results: rows.map(toCheckRow) };
      },
      one: check,
      async create(actor: Actor, unitId: number, input: PretripCheckInput) {
        const { plate, values } = await checkedCheck(unitId, input);
        const id = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(pretripChecks)
            .values({ ...values, unitId, createdBy: actor.userId })
            .returning({ id: pretripChecks.checkId });
          await recordAudit(tx, actor, {
            unitId,
            action: 'create',
            entity: 'pretrip_check',
            entityId: row!.id,
            label: plate,
            changes: diffFields(null, values),
          });
          return row!.id;
        });
        await changed(unitId);
        return check(unitId, id);
      },
      async update(actor: Actor, unitId: number, id: number, input: PretripCheckInput) {
        const [before] = await db
          .select()
          .from(pretripChecks)
          .where(and(eq(pretripChecks.unitId, unitId), eq(pretripChecks.checkId, id)));
        if (!before) throw new NotFoundError('No such pre-trip check in this unit');
        const { plate, values } = await checkedCheck(unitId, input);
        await db.transaction(async (tx) => {
          await tx.update(pretripChecks).set(values).where(eq(pretripChecks.checkId, id));
          await recordAudit(tx, actor, {
            unitId,
            action: 'update',
            entity: 'pretrip_check',
            entityId: id,
            label: plate,
            changes: diffFields(before, values),
          });
        });
        await changed(unitId);
        return check(unitId, id);
      },
      async remove(actor: Actor, unitId: number, id: number) {
        const row = await check(unitId, id);
        await db.transaction(async (tx) => {
          await tx.delete(pretripChecks).where(eq(pretripChecks.checkId, id));
          await recordAudit(tx, actor, {
            unitId,
            action: 'delete',
            entity: 'pretrip_check',
            entityId: id,
            label: row.nomorPolisi,
          });
        });
        await changed(unitId);
        return row;
      },
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
