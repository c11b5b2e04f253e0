import {
  isActiveWorkOrder,
  MILESTONES,
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
import { checkWorkOrder } from './work-order-checks.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const DAY_MS = 86_400_000;
/** A corrected time may lie this far ahead of the server's clock (a clerk's watch, a form's minute). */
const FUTURE_SLACK_MS = 5 * 60_000;

/**
 * A corrected milestone keeps the SPK's order: not in the future, not before the milestone before it
 * that has a time, not after the one after it (out of the pool → loading → unloading → back in the pool).
 */
export function checkMilestoneOrder(
  times: Record<MilestoneKind, Date | null>,
  milestone: MilestoneKind,
  at: Date,
  now: Date,
) {
  const refuse = (message: string) => {
    throw new ValidationError(message, [{ path: 'at', message }]);
  };
  if (at.getTime() > now.getTime() + FUTURE_SLACK_MS) refuse('A milestone cannot be in the future');
  const i = MILESTONES.indexOf(milestone);
  const earlier = MILESTONES.slice(0, i)
    .map((m) => times[m])
    .filter((t): t is Date => t !== null)
    .at(-1);
  const later = MILESTONES.slice(i + 1)
    .map((m) => times[m])
    .find((t): t is Date => t !== null);
  if (earlier && at < earlier) refuse('A milestone cannot be before the milestone before it');
  if (later && at > later) refuse('A milestone cannot be after the milestone after it');
}

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

  const checked = (unitId: number, input: WorkOrderInput, exceptId: number | null, tx: Db = db) =>
    checkWorkOrder(repo, tx, unitId, input, exceptId);

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
      if (at && !body.revert) checkMilestoneOrder(timesOf(before.order), milestone, at, now);
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
