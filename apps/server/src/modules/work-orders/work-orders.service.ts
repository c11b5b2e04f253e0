import {
  dayBound,
  isActiveWorkOrder,
  localDay,
  WORK_ORDER_DEFAULTS,
  WORK_ORDER_KINDS,
  type MilestoneCorrection,
  type MilestoneKind,
  type WorkOrderDetail,
  type WorkOrderInput,
  type WorkOrderKindLabel,
  type WorkOrderList,
  type WorkOrderRow,
  type WorkOrderSaved,
  type WorkOrderSearchQuery,
} from '@pantau/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ConflictError, NotFoundError, ValidationError, type FieldError } from '../../errors.js';
import { recordAudit } from '../audit/audit.repo.js';
import { diffFields } from '../audit/audit.js';
import type { Actor } from '../kit/actor.js';
import { uniqueViolationOf } from '../kit/unique-violation.js';
import { workOrderMilestones } from '../../db/schema/index.js';
import { timesOf, toMilestoneRows, toWorkOrderRow } from './work-order-rows.js';
import type { WorkOrdersRepo } from './work-orders.repo.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const DAY_MS = 86_400_000;
/** Documents due within this many days warn (domain research §3.2). */
const WARN_DAYS = 30;

/** What the audit trail records of an SPK. */
const audited = (v: Record<string, unknown>) => {
  const { updatedAt: _u, createdAt: _c, matchedAt: _m, anomalies: _a, ...rest } = v;
  return rest;
};

export function createWorkOrdersService(deps: {
  db: Db;
  repo: WorkOrdersRepo;
  clock: () => Date;
  /** Works the SPK's milestones, times and status out again now (matcher.ts). */
  rematch: (workOrderId: number) => Promise<void>;
  /** An SPK became or stopped being a vehicle's current one: the over-route rule and the dashboard follow. */
  changed: (unitId: number) => Promise<void>;
}) {
  const { db, repo, clock, rematch, changed } = deps;

  async function selected(unitId: number, workOrderId: number, tx: Db = db) {
    const found = await repo.findOfUnit(unitId, workOrderId, tx);
    if (!found) throw new NotFoundError('No such SPK in this unit');
    return found;
  }

  async function detail(unitId: number, workOrderId: number): Promise<WorkOrderDetail> {
    const s = await selected(unitId, workOrderId);
    return { ...toWorkOrderRow(s), milestones: toMilestoneRows(s, await repo.milestonesOf(workOrderId)) };
  }

  async function timeZoneOf(unitId: number, tx: Db = db): Promise<string> {
    const r = (await tx.execute(sql`SELECT time_zone FROM units WHERE unit_id = ${unitId}`)) as unknown;
    const rows = Array.isArray(r) ? r : ((r as { rows?: { time_zone: string }[] }).rows ?? []);
    return (rows[0] as { time_zone?: string } | undefined)?.time_zone ?? 'Asia/Jakarta';
  }

  /** The run date as an instant: an ISO date-time, or a day (its midnight in the unit's zone). */
  function runAtOf(value: string, timeZone: string): Date {
    const v = value.trim();
    const ms = /^\d{4}-\d{2}-\d{2}$/.test(v)
      ? dayBound(v, 'start', timeZone)
      : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v)
        ? Date.parse(v)
        : NaN;
    if (!Number.isFinite(ms))
      throw new ValidationError('The run date cannot be read', [
        { path: 'runDate', message: 'Use a date (YYYY-MM-DD) or an ISO date-time with its offset' },
      ]);
    const d = new Date(ms);
    if (d.getUTCFullYear() < 2000 || d.getUTCFullYear() > 2100)
      throw new ValidationError('The run date is out of range', [
        { path: 'runDate', message: 'The run date must be between 2000 and 2100' },
      ]);
    return d;
  }

  /**
   * Checks an SPK before it is stored: refusals (unknown or inactive vehicle, driver or route, an
   * expired KIR, STNK or licence, two drivers the same, an overlapping SPK, a used SPK number) throw;
   * documents due soon are answered as warnings. Answers the values to store.
   */
  async function checked(unitId: number, input: WorkOrderInput, exceptId: number | null, tx: Db = db) {
    const errors: FieldError[] = [];
    const warnings: FieldError[] = [];
    const timeZone = await timeZoneOf(unitId, tx);
    const runAt = runAtOf(input.runDate, timeZone);
    const runDay = localDay(runAt, timeZone);
    const daysUntil = (due: string) => (Date.parse(due) - Date.parse(runDay)) / DAY_MS;

    const vehicle = await repo.vehicleOfUnit(unitId, input.kendaraanId, tx);
    if (!vehicle) errors.push({ path: 'kendaraanId', message: 'No such vehicle in this unit' });
    else {
      if (!vehicle.aktif) errors.push({ path: 'kendaraanId', message: `${vehicle.plate} is inactive` });
      for (const [doc, due] of [
        ['KIR', vehicle.kirDue],
        ['STNK', vehicle.stnkDue],
      ] as const) {
        if (!due) continue;
        const days = daysUntil(due);
        if (days < 0)
          errors.push({
            path: 'kendaraanId',
            message: `The ${doc} of ${vehicle.plate} expired on ${due}, before the run date`,
          });
        else if (days <= WARN_DAYS)
          warnings.push({ path: 'kendaraanId', message: `The ${doc} of ${vehicle.plate} is due on ${due}` });
      }
    }

    if (input.coPengemudiId !== null && input.coPengemudiId === input.pengemudiId)
      errors.push({ path: 'coPengemudiId', message: 'Driver 2 must be another driver than driver 1' });
    const driverIds = [input.pengemudiId, input.coPengemudiId].filter((d): d is number => d !== null);
    const found = new Map((await repo.driversOfUnit(unitId, driverIds, tx)).map((d) => [d.driverId, d]));
    for (const [path, driverId] of [
      ['pengemudiId', input.pengemudiId],
      ['coPengemudiId', input.coPengemudiId],
    ] as const) {
      if (driverId === null) continue;
      const d = found.get(driverId);
      if (!d) errors.push({ path, message: 'No such driver in this unit' });
      else if (!d.aktif) errors.push({ path, message: `${d.name} is inactive` });
      else if (d.licenceExpiry) {
        const days = daysUntil(d.licenceExpiry);
        if (days < 0)
          errors.push({ path, message: `The driving licence of ${d.name} expired on ${d.licenceExpiry}` });
        else if (days <= WARN_DAYS)
          warnings.push({ path, message: `The driving licence of ${d.name} is due on ${d.licenceExpiry}` });
      }
    }

    let route: Awaited<ReturnType<WorkOrdersRepo['routeOfUnit']>> = undefined;
    if (input.trayekId !== null) {
      route = await repo.routeOfUnit(unitId, input.trayekId, tx);
      if (!route) errors.push({ path: 'trayekId', message: 'No such route in this unit' });
      else if (!route.aktif) errors.push({ path: 'trayekId', message: 'The route is inactive' });
    }
    const originId = input.originPolygonId ?? route?.originGeofenceId ?? null;
    const destinationId = input.destinationPolygonId ?? route?.destinationGeofenceId ?? null;
    const places = new Set(
      (
        await repo.geofencesOfUnit(
          unitId,
          [input.originPolygonId, input.destinationPolygonId].filter((x): x is number => x !== null),
          tx,
        )
      ).map((g) => g.geofenceId),
    );
    if (input.originPolygonId !== null && !places.has(input.originPolygonId))
      errors.push({ path: 'originPolygonId', message: 'No such geofence in this unit' });
    if (input.destinationPolygonId !== null && !places.has(input.destinationPolygonId))
      errors.push({ path: 'destinationPolygonId', message: 'No such geofence in this unit' });
    if (errors.length) throw new ValidationError(errors[0]!.message, errors);

    const standardCircle = route?.circleTimeMinutes ?? null;
    const plannedEnd = new Date(
      runAt.getTime() + (standardCircle ?? WORK_ORDER_DEFAULTS.defaultPeriodHours * 60) * 60_000,
    );

    if (await repo.spkNumberHolder(unitId, input.spkNumber, exceptId, tx))
      throw new ConflictError('Another SPK already has this number', [
        { path: 'spkNumber', message: 'Already used by another SPK of this unit' },
      ]);
    const clashes = await repo.overlapping(
      unitId,
      { vehicleId: input.kendaraanId, driverIds },
      runAt,
      plannedEnd,
      exceptId,
      tx,
    );
    const conflicts: FieldError[] = [];
    for (const c of clashes) {
      if (c.vehicleId === input.kendaraanId)
        conflicts.push({
          path: 'kendaraanId',
          message: `The vehicle runs SPK ${c.spkNumber} in this period`,
        });
      for (const [path, driverId] of [
        ['pengemudiId', input.pengemudiId],
        ['coPengemudiId', input.coPengemudiId],
      ] as const)
        if (driverId !== null && (c.driverId === driverId || c.coDriverId === driverId))
          conflicts.push({ path, message: `The driver runs SPK ${c.spkNumber} in this period` });
    }
    if (conflicts.length) throw new ConflictError(conflicts[0]!.message, conflicts);

    return {
      values: {
        unitId,
        kind: input.kind,
        spkNumber: input.spkNumber,
        dtNumber: input.dtNumber,
        vehicleId: input.kendaraanId,
        driverId: input.pengemudiId,
        coDriverId: input.coPengemudiId,
        routeId: input.trayekId,
        runAt,
        plannedEnd,
        originGeofenceId: originId,
        destinationGeofenceId: destinationId,
        customer: input.customer,
        loadCount: input.loadCount,
        loadDescription: input.loadDescription,
        kosongan: input.kosongan,
        notes: input.notes,
        standardLeadMinutes: route?.leadTimeMinutes ?? null,
        standardCircleMinutes: standardCircle,
      },
      warnings,
    };
  }

  /**
   * Holds the vehicle and drivers an SPK books until its transaction ends (vehicle first, drivers by
   * id), so two saves at once cannot both pass the overlap check.
   */
  async function holdBookings(input: WorkOrderInput, tx: Db) {
    await tx.execute(sql`SELECT 1 FROM vehicles WHERE vehicle_id = ${input.kendaraanId} FOR UPDATE`);
    const drivers = [input.pengemudiId, input.coPengemudiId]
      .filter((d): d is number => d !== null)
      .sort((a, b) => a - b);
    for (const d of drivers) await tx.execute(sql`SELECT 1 FROM drivers WHERE driver_id = ${d} FOR UPDATE`);
  }

  const raced = (err: unknown): never => {
    if (uniqueViolationOf(err)?.constraint === 'work_orders_unit_spk_number_unique')
      throw new ConflictError('Another SPK already has this number', [
        { path: 'spkNumber', message: 'Already used by another SPK of this unit' },
      ]);
    throw err;
  };

  /** The unit's labels of the kinds (defaults: the codes themselves). */
  async function kinds(unitId: number): Promise<{ results: WorkOrderKindLabel[] }> {
    const stored = new Map((await repo.kindsOf(unitId)).map((k) => [k.kind, k]));
    return {
      results: WORK_ORDER_KINDS.map((kind) => ({
        kind,
        label: stored.get(kind)?.label ?? `SPK ${kind.toUpperCase()}`,
        description: stored.get(kind)?.description ?? null,
      })),
    };
  }

  return {
    toRow: toWorkOrderRow,
    kinds,
    checked,
    detail,

    async search(unitId: number, q: WorkOrderSearchQuery): Promise<WorkOrderList> {
      const { total, rows } = await repo.search(unitId, q);
      return { count: total, results: rows.map(toWorkOrderRow) };
    },

    /** The vehicle's current SPK: its active one with the earliest run date. */
    async current(unitId: number, vehicleId: number): Promise<WorkOrderDetail | null> {
      const [first] = await repo.currentOf(unitId, [vehicleId]);
      return first ? detail(unitId, first.order.workOrderId) : null;
    },

    /** Every vehicle's current SPK in the unit (first active by run date), by vehicle. */
    async currentByVehicle(unitId: number): Promise<Map<number, WorkOrderRow>> {
      const out = new Map<number, WorkOrderRow>();
      for (const r of await repo.currentOf(unitId))
        if (!out.has(r.order.vehicleId)) out.set(r.order.vehicleId, toWorkOrderRow(r));
      return out;
    },

    async create(actor: Actor, unitId: number, input: WorkOrderInput): Promise<WorkOrderSaved> {
      let warnings: FieldError[] = [];
      const id = await db
        .transaction(async (tx) => {
          await holdBookings(input, tx);
          const ok = await checked(unitId, input, null, tx);
          warnings = ok.warnings;
          const values = ok.values;
          const id = await repo.insert({ ...values, createdBy: actor.userId }, tx);
          await recordAudit(tx, actor, {
            unitId,
            action: 'create',
            entity: 'work_order',
            entityId: id,
            label: values.spkNumber,
            changes: diffFields(null, audited(values)),
          });
          return id;
        })
        .catch(raced);
      await rematch(id);
      await changed(unitId);
      return { spk: await detail(unitId, id), warnings };
    },

    async update(
      actor: Actor,
      unitId: number,
      workOrderId: number,
      input: WorkOrderInput,
    ): Promise<WorkOrderSaved> {
      const before = await selected(unitId, workOrderId);
      if (!isActiveWorkOrder(before.order.status))
        throw new ConflictError(
          `A ${before.order.status === 'done' ? 'done' : 'cancelled'} SPK cannot be changed`,
          [{ path: 'status', message: 'Only a waiting, on progress or abnormal SPK can be changed' }],
        );
      let warnings: FieldError[] = [];
      await db
        .transaction(async (tx) => {
          await holdBookings(input, tx);
          const ok = await checked(unitId, input, workOrderId, tx);
          warnings = ok.warnings;
          const values = ok.values;
          await repo.update(workOrderId, values, tx);
          await recordAudit(tx, actor, {
            unitId,
            action: 'update',
            entity: 'work_order',
            entityId: workOrderId,
            label: values.spkNumber,
            changes: diffFields(audited(before.order), audited(values)),
          });
        })
        .catch(raced);
      await rematch(workOrderId);
      await changed(unitId);
      return { spk: await detail(unitId, workOrderId), warnings };
    },

    async cancel(actor: Actor, unitId: number, workOrderId: number, reason: string | null) {
      const before = await selected(unitId, workOrderId);
      if (!isActiveWorkOrder(before.order.status))
        throw new ConflictError(
          `A ${before.order.status === 'done' ? 'done' : 'cancelled'} SPK cannot be cancelled`,
          [{ path: 'status', message: 'Only a waiting, on progress or abnormal SPK can be cancelled' }],
        );
      await db.transaction(async (tx) => {
        await repo.update(
          workOrderId,
          {
            status: 'cancelled',
            statusChangedAt: clock(),
            statusChangedBy: actor.userId,
            cancelReason: reason,
          },
          tx,
        );
        await recordAudit(tx, actor, {
          unitId,
          action: 'cancel',
          entity: 'work_order',
          entityId: workOrderId,
          label: before.order.spkNumber,
          changes: {
            status: { from: before.order.status, to: 'cancelled' },
            ...(reason ? { reason: { from: null, to: reason } } : {}),
          },
        });
      });
      await changed(unitId);
      return detail(unitId, workOrderId);
    },

    /** An Administrator's correction of a milestone (or its undoing); audited; the SPK is worked out again. */
    async correctMilestone(
      actor: Actor,
      unitId: number,
      workOrderId: number,
      milestone: MilestoneKind,
      body: MilestoneCorrection,
    ) {
      const before = await selected(unitId, workOrderId);
      if (before.order.status === 'cancelled')
        throw new ConflictError('A cancelled SPK cannot be changed', [
          { path: 'status', message: 'The SPK is cancelled' },
        ]);
      const at = body.at === null ? null : new Date(body.at);
      if (at && Math.abs(at.getTime() - before.order.runAt.getTime()) > 31 * DAY_MS)
        throw new ValidationError('The time is far from the run date', [
          { path: 'at', message: 'A milestone must be within 31 days of the run date' },
        ]);
      const now = clock();
      await db.transaction(async (tx) => {
        const values = body.revert
          ? { corrected: false, manualAt: null, correctedBy: null, correctedAt: null }
          : { corrected: true, manualAt: at, correctedBy: actor.userId, correctedAt: now };
        await tx
          .insert(workOrderMilestones)
          .values({ workOrderId, milestone, ...values })
          .onConflictDoUpdate({
            target: [workOrderMilestones.workOrderId, workOrderMilestones.milestone],
            set: values,
          });
        await recordAudit(tx, actor, {
          unitId,
          action: body.revert ? 'revert_milestone' : 'correct_milestone',
          entity: 'work_order',
          entityId: workOrderId,
          label: before.order.spkNumber,
          changes: {
            [milestone]: {
              from: iso(timesOf(before.order)[milestone]),
              to: body.revert ? 'detected' : iso(at),
            },
          },
        });
      });
      await rematch(workOrderId);
      await changed(unitId);
      return detail(unitId, workOrderId);
    },

    async setKinds(actor: Actor, unitId: number, labels: WorkOrderKindLabel[]) {
      await db.transaction(async (tx) => {
        await repo.setKinds(unitId, labels, tx);
        await recordAudit(tx, actor, {
          unitId,
          action: 'update',
          entity: 'work_order',
          entityId: null,
          label: 'kinds',
          changes: Object.fromEntries(labels.map((k) => [k.kind, { from: null, to: k.label }])),
        });
      });
      return kinds(unitId);
    },
  };
}

export type WorkOrdersService = ReturnType<typeof createWorkOrdersService>;
