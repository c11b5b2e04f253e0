import {
  AVAILABILITY_CATEGORIES,
  dayBound,
  TROUBLE_MAINTENANCE_KINDS,
  localDay,
  type AvailabilityCategory,
  type AvailabilityQuery,
  type AvailabilityReason,
  type AvailabilityRow,
  type AvailabilitySummary,
  type MaintenanceKind,
  type WorkOrderStatus,
} from '@pantau/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { documentDates } from '../../lib/document-dates.js';
import { classifyAvailability, startOfReason } from './classify.js';
import { rowsOf } from '../../db/rows.js';

const ms = (v: unknown): number | null =>
  v === null || v === undefined ? null : new Date(v as string).getTime();

type DocState = 'expired' | 'due_soon' | 'valid' | null;
const docState = (due: unknown, today: string, dueBy: string): DocState => {
  if (due === null || due === undefined) return null;
  const d = due instanceof Date ? due.toISOString().slice(0, 10) : String(due).slice(0, 10);
  return d < today ? 'expired' : d <= dueBy ? 'due_soon' : 'valid';
};

const TROUBLE_KINDS = TROUBLE_MAINTENANCE_KINDS as readonly string[];
const earliest = (times: (number | null)[]) => {
  const known = times.filter((t): t is number => t !== null);
  return known.length > 0 ? Math.min(...known) : null;
};

/** A vehicle of the unit, classified now. */
export interface Placed extends Omit<AvailabilityRow, 'since'> {
  category: AvailabilityCategory;
  reason: AvailabilityReason;
  /** When the stored facts say the reason began (`startOfReason`), or null when they do not tell. */
  startedMs: number | null;
}

/**
 * Places every vehicle of a unit in its availability category (classify.ts) from what is stored — open
 * incidents and maintenance orders, papers, the current SPK and its milestones, the open pool visit,
 * today's pre-trip check — and the live state's latest fix; keeps the history of categories
 * (`availability_history`: a row per stretch, the open one is the current category).
 */
export function createAvailabilityService(deps: {
  db: Db;
  clock: () => Date;
  /** The vehicle's latest fix as the live pipeline knows it. */
  lastFixOf: (vehicleId: number) => Date | null;
}) {
  const { db, clock } = deps;

  async function placeUnit(unitId: number): Promise<Placed[]> {
    const now = clock();
    const [unit] = rowsOf<{ time_zone: string }>(
      await db.execute(sql`SELECT time_zone FROM units WHERE unit_id = ${unitId}`),
    );
    const timeZone = unit?.time_zone ?? 'Asia/Jakarta';
    const { today, dueBy } = documentDates(now, timeZone);
    const dayStart = new Date(dayBound(localDay(now, timeZone), 'start', timeZone)).toISOString();
    const [vehicles, fleets, incidents, maintenance, orders, inPool, checks] = await Promise.all([
      db.execute(sql`
        SELECT vehicle_id, plate_number, hull_number, kir_due, stnk_due FROM vehicles
        WHERE unit_id = ${unitId} AND aktif ORDER BY plate_number, vehicle_id`),
      db.execute(sql`
        SELECT vf.vehicle_id, f.fleet_id, f.fleet_name FROM vehicle_fleets vf JOIN fleets f USING (fleet_id)
        WHERE f.unit_id = ${unitId} ORDER BY f.fleet_name`),
      db.execute(sql`
        SELECT vehicle_id, min(opened_at) AS opened_at FROM incidents
        WHERE unit_id = ${unitId} AND closed_at IS NULL GROUP BY vehicle_id`),
      db.execute(sql`
        SELECT vehicle_id, kind, opened_at FROM maintenance_orders
        WHERE unit_id = ${unitId} AND closed_at IS NULL`),
      db.execute(sql`
        SELECT DISTINCT ON (vehicle_id) vehicle_id, work_order_id, spk_number, kind, status, kosongan, out_pool_at,
          exit_loading_at, exit_unloading_at, enter_pool_at
        FROM work_orders WHERE unit_id = ${unitId} AND status IN ('waiting', 'on_progress', 'abnormal')
        ORDER BY vehicle_id, run_at, work_order_id`),
      db.execute(sql`
        SELECT v.vehicle_id, min(v.enter_time) AS enter_time FROM geofence_visits v JOIN geofences g USING (geofence_id)
        WHERE v.unit_id = ${unitId} AND v.open AND g.category IN ('pool', 'base') GROUP BY v.vehicle_id`),
      db.execute(sql`
        SELECT DISTINCT ON (vehicle_id) vehicle_id, started_at, passed_at, jsonb_array_length(defects) AS defects
        FROM pretrip_checks WHERE unit_id = ${unitId} AND started_at >= ${dayStart}::timestamptz
        ORDER BY vehicle_id, started_at DESC, check_id DESC`),
    ]);
    const fleetsOf = new Map<number, { fleetId: number; fleetName: string }[]>();
    for (const r of rowsOf<{ vehicle_id: number; fleet_id: number; fleet_name: string }>(fleets)) {
      const list = fleetsOf.get(Number(r.vehicle_id)) ?? [];
      list.push({ fleetId: Number(r.fleet_id), fleetName: r.fleet_name });
      fleetsOf.set(Number(r.vehicle_id), list);
    }
    const incidentOf = new Map(
      rowsOf<{ vehicle_id: number; opened_at: unknown }>(incidents).map(
        (r) => [Number(r.vehicle_id), ms(r.opened_at)] as const,
      ),
    );
    const maintenanceOf = new Map<number, { kind: MaintenanceKind; openedMs: number | null }[]>();
    for (const r of rowsOf<{ vehicle_id: number; kind: MaintenanceKind; opened_at: unknown }>(maintenance)) {
      const list = maintenanceOf.get(Number(r.vehicle_id)) ?? [];
      list.push({ kind: r.kind, openedMs: ms(r.opened_at) });
      maintenanceOf.set(Number(r.vehicle_id), list);
    }
    const orderOf = new Map(
      rowsOf<Record<string, unknown>>(orders).map((r) => [Number(r.vehicle_id), r] as const),
    );
    const poolOf = new Map(
      rowsOf<{ vehicle_id: number; enter_time: unknown }>(inPool).map(
        (r) => [Number(r.vehicle_id), ms(r.enter_time)] as const,
      ),
    );
    const checkOf = new Map(
      rowsOf<{ vehicle_id: number; started_at: unknown; passed_at: unknown; defects: unknown }>(checks).map(
        (r) =>
          [
            Number(r.vehicle_id),
            {
              passed: r.passed_at !== null,
              defects: Number(r.defects),
              startedMs: ms(r.started_at),
              passedMs: ms(r.passed_at),
            },
          ] as const,
      ),
    );

    return rowsOf<Record<string, unknown>>(vehicles).map((v) => {
      const vehicleId = Number(v.vehicle_id);
      const kir = docState(v.kir_due, today, dueBy);
      const stnk = docState(v.stnk_due, today, dueBy);
      const o = orderOf.get(vehicleId);
      const lastFix = deps.lastFixOf(vehicleId);
      const openMaintenance = maintenanceOf.get(vehicleId) ?? [];
      const check = checkOf.get(vehicleId) ?? null;
      const placed = classifyAvailability({
        openIncident: incidentOf.has(vehicleId),
        openMaintenance: openMaintenance.map((m) => m.kind),
        kirExpired: kir === 'expired',
        stnkExpired: stnk === 'expired',
        spk: o
          ? {
              status: o.status as WorkOrderStatus,
              kosongan: Boolean(o.kosongan),
              outPool: o.out_pool_at !== null,
              exitLoading: o.exit_loading_at !== null,
              exitUnloading: o.exit_unloading_at !== null,
              enterPool: o.enter_pool_at !== null,
            }
          : null,
        inPool: poolOf.has(vehicleId),
        lastFixMs: lastFix ? lastFix.getTime() : null,
        p2h: check,
        nowMs: now.getTime(),
      });
      const startedMs = startOfReason(placed.reason, {
        incidentMs: incidentOf.get(vehicleId) ?? null,
        maintenanceMs: earliest(
          openMaintenance
            .filter((m) => placed.reason !== 'wo_trouble_open' || TROUBLE_KINDS.includes(m.kind))
            .map((m) => m.openedMs),
        ),
        kirDue: v.kir_due,
        stnkDue: v.stnk_due,
        timeZone,
        spk: o
          ? {
              outPoolMs: ms(o.out_pool_at),
              exitLoadingMs: ms(o.exit_loading_at),
              exitUnloadingMs: ms(o.exit_unloading_at),
            }
          : null,
        poolEnterMs: poolOf.get(vehicleId) ?? null,
        check,
        lastFixMs: lastFix ? lastFix.getTime() : null,
      });
      return {
        startedMs,
        kendaraanId: vehicleId,
        nomorPolisi: String(v.plate_number),
        nomorKendaraan: String(v.hull_number),
        fleets: fleetsOf.get(vehicleId) ?? [],
        ...placed,
        spkId: o ? Number(o.work_order_id) : null,
        spkNumber: o ? String(o.spk_number) : null,
        spkKind: o ? (o.kind as 'ccr' | 'dt') : null,
        stnk,
        kir,
        lastFixAt: lastFix ? lastFix.toISOString() : null,
      };
    });
  }

  /**
   * Writes the unit's categories into the history where they changed (the open row closes, a new one
   * opens); answers since when each vehicle is in its category.
   */
  async function record(unitId: number, placed: Placed[]): Promise<Map<number, Date>> {
    const now = clock();
    const open = new Map(
      rowsOf<{ vehicle_id: number; category: string; reason: string; since: unknown }>(
        await db.execute(sql`
          SELECT vehicle_id, category, reason, since FROM availability_history
          WHERE unit_id = ${unitId} AND until IS NULL`),
      ).map((r) => [Number(r.vehicle_id), r] as const),
    );
    const since = new Map<number, Date>();
    const changed = placed.filter((p) => {
      const o = open.get(p.kendaraanId);
      if (o && o.category === p.category && o.reason === p.reason) {
        since.set(p.kendaraanId, new Date(ms(o.since)!));
        return false;
      }
      // A vehicle's first stretch starts when the stored facts say its reason began (in the pool since it
      // drove in, on delivery since it left loading), not when this server first looked. A change seen
      // later starts now: when the reason before it ended is not stored, and this runs every minute.
      since.set(
        p.kendaraanId,
        !o && p.startedMs !== null && p.startedMs < now.getTime() ? new Date(p.startedMs) : now,
      );
      return true;
    });
    if (changed.length === 0) return since;
    await db.transaction(async (tx) => {
      // The stretches a change ends close now (a first stretch has none before it).
      await tx.execute(sql`
        UPDATE availability_history SET until = ${now}
        WHERE until IS NULL AND vehicle_id IN (${sql.join(
          changed.map((p) => sql`${p.kendaraanId}`),
          sql`, `,
        )})`);
      await tx.execute(sql`
        INSERT INTO availability_history (unit_id, vehicle_id, category, reason, since)
        VALUES ${sql.join(
          changed.map(
            (p) =>
              sql`(${unitId}, ${p.kendaraanId}, ${p.category}, ${p.reason}, ${since.get(p.kendaraanId)!})`,
          ),
          sql`, `,
        )}
        ON CONFLICT DO NOTHING`);
    });
    return since;
  }

  async function current(unitId: number): Promise<AvailabilityRow[]> {
    const placed = await placeUnit(unitId);
    const since = await record(unitId, placed);
    return placed.map(({ startedMs: _, ...p }) => ({
      ...p,
      since: since.get(p.kendaraanId)?.toISOString() ?? null,
    }));
  }

  const emptyCounts = () =>
    Object.fromEntries(AVAILABILITY_CATEGORIES.map((c) => [c, 0])) as Record<AvailabilityCategory, number>;
  const countOf = (rows: AvailabilityRow[]) => {
    const categories = emptyCounts();
    for (const r of rows) categories[r.category] += 1;
    return {
      total: rows.length,
      categories,
      stnkPaper: rows.filter((r) => r.stnk === 'expired' || r.stnk === 'due_soon').length,
      kirPaper: rows.filter((r) => r.kir === 'expired' || r.kir === 'due_soon').length,
    };
  };
  const inFleet = (fleetId: number | undefined) => (r: AvailabilityRow) =>
    fleetId === undefined || r.fleets.some((f) => f.fleetId === fleetId);

  return {
    current,
    record: async (unitId: number) => void (await record(unitId, await placeUnit(unitId))),

    async summary(unitId: number, fleetId?: number): Promise<AvailabilitySummary> {
      const rows = (await current(unitId)).filter(inFleet(fleetId));
      const fleets = new Map<number, { fleetName: string; rows: AvailabilityRow[] }>();
      for (const r of rows)
        for (const f of r.fleets) {
          const entry = fleets.get(f.fleetId) ?? { fleetName: f.fleetName, rows: [] };
          entry.rows.push(r);
          fleets.set(f.fleetId, entry);
        }
      return {
        ...countOf(rows),
        fleets: [...fleets.entries()]
          .filter(([id]) => fleetId === undefined || id === fleetId)
          .map(([id, f]) => ({ fleetId: id, fleetName: f.fleetName, ...countOf(f.rows) }))
          .sort((a, b) => a.fleetName.localeCompare(b.fleetName)),
        at: clock().toISOString(),
      };
    },

    async list(unitId: number, q: AvailabilityQuery) {
      const search = q.search?.toLowerCase();
      const rows = (await current(unitId)).filter(
        (r) =>
          inFleet(q.fleetId)(r) &&
          (!q.category || r.category === q.category) &&
          (!q.paper ||
            (q.paper === 'stnk' ? r.stnk : r.kir) === 'expired' ||
            (q.paper === 'stnk' ? r.stnk : r.kir) === 'due_soon') &&
          (!search ||
            r.nomorPolisi.toLowerCase().includes(search) ||
            r.nomorKendaraan.toLowerCase().includes(search)),
      );
      return { count: rows.length, results: rows.slice(q.Skip, q.Skip + q.Take) };
    },

    async history(unitId: number, vehicleId: number, from: string, to: string) {
      const rows = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          SELECT category, reason, since, until FROM availability_history
          WHERE unit_id = ${unitId} AND vehicle_id = ${vehicleId}
            AND since < ${to}::timestamptz AND (until IS NULL OR until > ${from}::timestamptz)
          ORDER BY since`),
      );
      return {
        results: rows.map((r) => ({
          category: r.category as AvailabilityCategory,
          reason: r.reason as AvailabilityReason,
          from: new Date(ms(r.since)!).toISOString(),
          to: r.until === null ? null : new Date(ms(r.until)!).toISOString(),
        })),
      };
    },
  };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
