import { ACTIVE_WORK_ORDER_STATUSES, MILESTONES, type WorkOrderStatus } from '@pantau/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { workOrderMilestones } from '../../db/schema/index.js';
import {
  matchWorkOrder,
  windowStartOf,
  type EventFact,
  type MatchResult,
  type VisitFact,
} from './milestones.js';
import { rowsOf } from '../../db/rows.js';

const ms = (v: unknown): number | null =>
  v === null || v === undefined ? null : new Date(v as string).getTime();
const date = (v: number | null) => (v === null ? null : new Date(v));
const ACTIVE = sql.raw(ACTIVE_WORK_ORDER_STATUSES.map((s) => `'${s}'`).join(', '));

/** Event kinds that can move an SPK: visits, violations and GPS gaps. */
export const MATCHING_EVENT_KINDS = new Set([
  'geofence_enter',
  'geofence_exit',
  'overspeed',
  'overstop',
  'overroute',
  'gps_lost',
  'gps_restored',
]);

interface OrderFacts {
  workOrderId: number;
  unitId: number;
  vehicleId: number;
  status: WorkOrderStatus;
  kosongan: boolean;
  runMs: number;
  originId: number | null;
  destinationId: number | null;
  standardLeadMinutes: number | null;
  standardCircleMinutes: number | null;
}

/**
 * Works SPKs out from what the pipeline stored (milestones.ts decides; this reads and writes): after
 * visits, violations or GPS gaps of a vehicle with an active SPK, on a sweep of every active SPK (times
 * running over, anything missed), and when an SPK or a milestone correction is saved.
 */
export function createMatcher(deps: {
  db: Db;
  clock: () => Date;
  logger: Pick<FastifyBaseLogger, 'error'>;
  /** The unit's current SPKs changed (status): the dashboard and the over-route rule follow. */
  statusChanged: (unitId: number) => Promise<void>;
}) {
  const { db, clock, logger } = deps;

  async function factsOf(workOrderId: number): Promise<OrderFacts | null> {
    const [r] = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        SELECT work_order_id, unit_id, vehicle_id, status, kosongan, run_at, origin_geofence_id,
          destination_geofence_id, standard_lead_minutes, standard_circle_minutes
        FROM work_orders WHERE work_order_id = ${workOrderId}`),
    );
    if (!r) return null;
    const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    return {
      workOrderId,
      unitId: Number(r.unit_id),
      vehicleId: Number(r.vehicle_id),
      status: r.status as WorkOrderStatus,
      kosongan: Boolean(r.kosongan),
      runMs: ms(r.run_at)!,
      originId: num(r.origin_geofence_id),
      destinationId: num(r.destination_geofence_id),
      standardLeadMinutes: num(r.standard_lead_minutes),
      standardCircleMinutes: num(r.standard_circle_minutes),
    };
  }

  /**
   * Works one SPK out again and stores it; answers whether its status changed. With `changedUnits`
   * a status change is noted there instead of told at once (`matchMany` tells each unit once).
   */
  async function match(workOrderId: number, changedUnits?: Set<number>): Promise<boolean> {
    const o = await factsOf(workOrderId);
    if (!o) return false;
    const nowMs = clock().getTime();
    const runAt = new Date(o.runMs).toISOString();
    // The trip is looked for after the vehicle's previous SPK ended and before its next one starts.
    const [prev] = rowsOf<{ end_at: unknown }>(
      await db.execute(sql`
        SELECT coalesce(enter_pool_at, run_at) AS end_at FROM work_orders
        WHERE vehicle_id = ${o.vehicleId} AND status <> 'cancelled' AND work_order_id <> ${workOrderId}
          AND (run_at, work_order_id) < (${runAt}::timestamptz, ${workOrderId})
        ORDER BY run_at DESC, work_order_id DESC LIMIT 1`),
    );
    const [next] = rowsOf<{ run_at: unknown }>(
      await db.execute(sql`
        SELECT run_at FROM work_orders
        WHERE vehicle_id = ${o.vehicleId} AND status <> 'cancelled' AND work_order_id <> ${workOrderId}
          AND (run_at, work_order_id) > (${runAt}::timestamptz, ${workOrderId})
        ORDER BY run_at, work_order_id LIMIT 1`),
    );
    const fromMs = windowStartOf(o.runMs, prev ? ms(prev.end_at) : null);
    const toMs = Math.min(next ? ms(next.run_at)! : nowMs, nowMs);
    const from = new Date(fromMs).toISOString();
    const windowEndMs = Math.max(toMs, fromMs);
    const to = new Date(windowEndMs).toISOString();

    const [visits, events, pools, corrections] = await Promise.all([
      db.execute(sql`
        SELECT geofence_id, enter_time, exit_time FROM geofence_visits
        WHERE vehicle_id = ${o.vehicleId} AND enter_time < ${to}::timestamptz
          AND (exit_time IS NULL OR exit_time >= ${from}::timestamptz)
        ORDER BY enter_time, visit_id`),
      db.execute(sql`
        SELECT kind, started_at, ended_at FROM events
        WHERE vehicle_id = ${o.vehicleId} AND kind IN ('overspeed', 'overstop', 'overroute', 'gps_lost')
          AND started_at < ${to}::timestamptz AND (ended_at IS NULL OR ended_at >= ${from}::timestamptz)
        ORDER BY started_at LIMIT 5000`),
      db.execute(sql`
        SELECT geofence_id FROM geofences WHERE unit_id = ${o.unitId} AND category IN ('pool', 'base')`),
      db.execute(sql`
        SELECT milestone, manual_at FROM work_order_milestones
        WHERE work_order_id = ${workOrderId} AND corrected`),
    ]);
    const result = matchWorkOrder({
      kosongan: o.kosongan,
      cancelled: o.status === 'cancelled',
      runMs: o.runMs,
      originId: o.originId,
      destinationId: o.destinationId,
      poolIds: new Set(rowsOf<{ geofence_id: unknown }>(pools).map((r) => Number(r.geofence_id))),
      standardLeadMinutes: o.standardLeadMinutes,
      standardCircleMinutes: o.standardCircleMinutes,
      visits: rowsOf<Record<string, unknown>>(visits).map((r): VisitFact => ({
        geofenceId: Number(r.geofence_id),
        enterMs: ms(r.enter_time)!,
        // An exit after the window (the next SPK's start) is the next trip's: here the vehicle is still inside.
        exitMs: ms(r.exit_time) !== null && ms(r.exit_time)! > windowEndMs ? null : ms(r.exit_time),
      })),
      events: rowsOf<Record<string, unknown>>(events).map((r): EventFact => ({
        kind: r.kind as EventFact['kind'],
        startMs: ms(r.started_at)!,
        endMs: ms(r.ended_at),
      })),
      corrections: Object.fromEntries(
        rowsOf<{ milestone: string; manual_at: unknown }>(corrections).map((r) => [
          r.milestone,
          ms(r.manual_at),
        ]),
      ),
      nowMs,
    });
    return store(o, result, changedUnits);
  }

  async function store(o: OrderFacts, r: MatchResult, changedUnits?: Set<number>): Promise<boolean> {
    const m = r.milestones;
    const now = clock();
    const statusChanged = r.status !== o.status;
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        UPDATE work_orders SET
          out_pool_at = ${date(m.out_pool.atMs)}, arrive_loading_at = ${date(m.arrive_loading.atMs)},
          exit_loading_at = ${date(m.exit_loading.atMs)}, enter_unloading_at = ${date(m.enter_unloading.atMs)},
          exit_unloading_at = ${date(m.exit_unloading.atMs)}, enter_pool_at = ${date(m.enter_pool.atMs)},
          actual_lead_minutes = ${r.actualLeadMinutes}, actual_circle_minutes = ${r.actualCircleMinutes},
          over_lead_minutes = ${r.overLeadMinutes}, over_circle_minutes = ${r.overCircleMinutes},
          anomalies = ${JSON.stringify(r.anomalies)}::jsonb, anomaly_count = ${r.anomalies.length},
          matched_at = ${now}
          ${statusChanged ? sql`, status = ${r.status}, status_changed_at = ${now}, status_changed_by = NULL` : sql``}
        WHERE work_order_id = ${o.workOrderId}`);
      for (const milestone of MILESTONES)
        await tx
          .insert(workOrderMilestones)
          .values({
            workOrderId: o.workOrderId,
            milestone,
            detectedAt: date(m[milestone].detectedMs),
            geofenceId: m[milestone].geofenceId,
          })
          .onConflictDoUpdate({
            target: [workOrderMilestones.workOrderId, workOrderMilestones.milestone],
            set: { detectedAt: date(m[milestone].detectedMs), geofenceId: m[milestone].geofenceId },
          });
    });
    if (statusChanged && changedUnits) changedUnits.add(o.unitId);
    else if (statusChanged) await deps.statusChanged(o.unitId);
    return statusChanged;
  }

  // Vehicles whose stored facts moved, worked out together a moment later, one run at a time.
  const pendingVehicles = new Set<number>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let closed = false;

  async function activeOf(vehicleIds: number[]): Promise<number[]> {
    if (vehicleIds.length === 0) return [];
    return rowsOf<{ work_order_id: unknown }>(
      await db.execute(sql`
        SELECT work_order_id FROM work_orders
        WHERE status IN (${ACTIVE}) AND vehicle_id IN (${sql.join(
          vehicleIds.map((v) => sql`${v}`),
          sql`, `,
        )})
        ORDER BY run_at`),
    ).map((r) => Number(r.work_order_id));
  }

  async function runAll(ids: number[]) {
    for (const id of ids) {
      if (closed) return;
      try {
        await match(id);
      } catch (err) {
        logger.error({ err, workOrderId: id }, 'matching an SPK failed');
      }
    }
  }

  function flush() {
    timer = null;
    const vehicles = [...pendingVehicles];
    pendingVehicles.clear();
    running = running.then(async () => {
      try {
        await runAll(await activeOf(vehicles));
      } catch (err) {
        logger.error({ err }, 'matching SPKs failed');
      }
    });
  }

  return {
    match: (workOrderId: number) => match(workOrderId),
    /**
     * Works many SPKs out in turn (a back-fill's), telling each unit whose statuses changed once at the
     * end rather than after every SPK; answers how many changed status.
     */
    async matchMany(workOrderIds: readonly number[]): Promise<number> {
      const units = new Set<number>();
      let changed = 0;
      const run = running.then(async () => {
        for (const id of workOrderIds) {
          if (closed) return;
          if (await match(id, units)) changed++;
        }
      });
      running = run.catch(() => undefined);
      try {
        await run;
      } finally {
        for (const unitId of units) await deps.statusChanged(unitId);
      }
      return changed;
    },
    /** The vehicles whose visits, violations or GPS changed: their active SPKs are worked out shortly. */
    noteVehicles(vehicleIds: Iterable<number>, delayMs = 500) {
      if (closed) return;
      for (const v of vehicleIds) pendingVehicles.add(v);
      if (pendingVehicles.size && !timer) {
        timer = setTimeout(flush, delayMs);
        timer.unref();
      }
    },
    /** Every active SPK that may have begun (times running over, anything missed). */
    async sweep() {
      const ahead = new Date(clock().getTime() + 12 * 3_600_000).toISOString();
      const ids = rowsOf<{ work_order_id: unknown }>(
        await db.execute(sql`
          SELECT work_order_id FROM work_orders
          WHERE status IN (${ACTIVE}) AND run_at <= ${ahead}::timestamptz ORDER BY run_at LIMIT 20000`),
      ).map((r) => Number(r.work_order_id));
      const run = running.then(() => runAll(ids));
      running = run.catch(() => undefined);
      await run;
    },
    /** Every SPK of the vehicle that overlaps [from, now] (after its history was worked out again). */
    async rematchVehicle(vehicleId: number, from: Date) {
      const ids = rowsOf<{ work_order_id: unknown }>(
        await db.execute(sql`
          SELECT work_order_id FROM work_orders
          WHERE vehicle_id = ${vehicleId} AND status <> 'cancelled'
            AND coalesce(enter_pool_at, planned_end) >= ${from.toISOString()}::timestamptz
          ORDER BY run_at`),
      ).map((r) => Number(r.work_order_id));
      const run = running.then(() => runAll(ids));
      running = run.catch(() => undefined);
      await run;
    },
    /** Waits for the queued work (tests). */
    async idle() {
      if (timer) {
        clearTimeout(timer);
        flush();
      }
      await running;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

export type Matcher = ReturnType<typeof createMatcher>;
