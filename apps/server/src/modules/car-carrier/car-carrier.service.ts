import {
  CC_MAX_DAYS,
  CC_MESSAGES,
  dayBound,
  type CcDaily,
  type CcPeriodQuery,
  type CcSummary,
  type CcUtility,
} from '@pantau/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ccVehicleDayList, ccVehicleDayQuery } from '@pantau/contracts';
import type { Db } from '../../db/client.js';
import { ValidationError } from '../../errors.js';
import {
  classifyDays,
  figuresOf,
  type CcVehicle,
  type Day,
  type Stretch,
  type VehicleDay,
} from './day-classes.js';
import { rowsOf } from '../../db/rows.js';

const ms = (v: unknown): number => new Date(v as string).getTime();
const dayText = (v: unknown): string | null =>
  v === null || v === undefined
    ? null
    : v instanceof Date
      ? v.toISOString().slice(0, 10)
      : String(v).slice(0, 10);
const DAY_MS = 86_400_000;

/** The day after `day` (YYYY-MM-DD). */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

interface Loaded {
  unitName: string;
  vehicles: (CcVehicle & { plate: string; hull: string; fleets: { fleetId: number; fleetName: string }[] })[];
  days: Day[];
  classes: VehicleDay[];
}

/**
 * Car-carrier activity and utility: the unit's car carriers (vehicle class CC) and their day classes
 * (day-classes.ts) over a period of days in the unit's zone, from the stored maintenance orders,
 * incidents, papers, SPKs and engine hours; every page asks here.
 */
export function createCarCarrierService(deps: { db: Db; clock: () => Date }) {
  const { db, clock } = deps;

  function periodOf(from: string | undefined, to: string | undefined) {
    if (!from || !to)
      throw new ValidationError(CC_MESSAGES.period, [
        { path: from ? 'to' : 'from', message: CC_MESSAGES.period },
      ]);
    if (to < from)
      throw new ValidationError('The period is empty', [
        { path: 'to', message: 'The end must not be before the start' },
      ]);
    const span = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
    if (span > CC_MAX_DAYS)
      throw new ValidationError('The period is too long', [
        { path: 'to', message: `A period can span at most ${CC_MAX_DAYS} days` },
      ]);
    return { from, to };
  }

  async function load(unitId: number, from: string, to: string, fleetId?: number): Promise<Loaded> {
    const [unit] = rowsOf<{ unit_name: string; time_zone: string }>(
      await db.execute(sql`SELECT unit_name, time_zone FROM units WHERE unit_id = ${unitId}`),
    );
    const timeZone = unit?.time_zone ?? 'Asia/Jakarta';
    // Days that have not begun count in no figure.
    const nowMs = clock().getTime();
    const days: Day[] = [];
    for (let d = from; d <= to; d = nextDay(d)) {
      const startMs = dayBound(d, 'start', timeZone);
      if (startMs <= nowMs) days.push({ day: d, startMs, endMs: dayBound(nextDay(d), 'start', timeZone) });
    }
    if (days.length === 0) return { unitName: unit?.unit_name ?? '', vehicles: [], days, classes: [] };
    const start = new Date(days[0]!.startMs).toISOString();
    const end = new Date(days[days.length - 1]!.endMs).toISOString();
    const now = clock().toISOString();

    const fleetFilter = fleetId
      ? sql`AND EXISTS (SELECT 1 FROM vehicle_fleets vf WHERE vf.vehicle_id = v.vehicle_id AND vf.fleet_id = ${fleetId})`
      : sql``;
    const vehicleRows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        SELECT v.vehicle_id, v.plate_number, v.hull_number, v.created_at, v.kir_due, v.stnk_due
        FROM vehicles v WHERE v.unit_id = ${unitId} AND v.vehicle_class = 'CC' AND v.aktif ${fleetFilter}
        ORDER BY v.plate_number, v.vehicle_id`),
    );
    const ids = vehicleRows.map((r) => Number(r.vehicle_id));
    const inIds = ids.length
      ? sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )
      : sql`NULL`;
    const [fleets, trouble, legs, engine] = await Promise.all([
      db.execute(sql`
        SELECT vf.vehicle_id, f.fleet_id, f.fleet_name FROM vehicle_fleets vf JOIN fleets f USING (fleet_id)
        WHERE vf.vehicle_id IN (${inIds}) ORDER BY f.fleet_name`),
      db.execute(sql`
        SELECT vehicle_id, opened_at, coalesce(closed_at, ${now}::timestamptz) AS closed_at FROM (
          SELECT vehicle_id, opened_at, closed_at FROM maintenance_orders WHERE vehicle_id IN (${inIds})
          UNION ALL SELECT vehicle_id, opened_at, closed_at FROM incidents WHERE vehicle_id IN (${inIds})
        ) t WHERE opened_at < ${end}::timestamptz AND coalesce(closed_at, ${now}::timestamptz) > ${start}::timestamptz`),
      db.execute(sql`
        SELECT vehicle_id, spk_number, leg_start, leg_end FROM (
          SELECT vehicle_id, spk_number,
            coalesce(out_pool_at, arrive_loading_at, exit_loading_at, enter_unloading_at, exit_unloading_at,
              enter_pool_at) AS leg_start,
            coalesce(enter_pool_at, CASE WHEN status IN ('waiting', 'on_progress', 'abnormal')
              THEN ${now}::timestamptz END, exit_unloading_at, enter_unloading_at, exit_loading_at,
              arrive_loading_at, out_pool_at) AS leg_end
          FROM work_orders WHERE vehicle_id IN (${inIds}) AND status <> 'cancelled'
            AND run_at < ${end}::timestamptz AND run_at > ${start}::timestamptz - interval '31 days'
        ) w WHERE leg_start IS NOT NULL AND leg_start < ${end}::timestamptz AND leg_end > ${start}::timestamptz`),
      db.execute(sql`
        SELECT vehicle_id, day, engine_s FROM activity_days
        WHERE vehicle_id IN (${inIds}) AND day >= ${from}::date AND day <= ${to}::date`),
    ]);
    const fleetsOf = new Map<number, { fleetId: number; fleetName: string }[]>();
    for (const r of rowsOf<{ vehicle_id: number; fleet_id: number; fleet_name: string }>(fleets)) {
      const list = fleetsOf.get(Number(r.vehicle_id)) ?? [];
      list.push({ fleetId: Number(r.fleet_id), fleetName: r.fleet_name });
      fleetsOf.set(Number(r.vehicle_id), list);
    }
    const vehicles = vehicleRows.map((r) => ({
      vehicleId: Number(r.vehicle_id),
      plate: String(r.plate_number),
      hull: String(r.hull_number),
      sinceMs: ms(r.created_at),
      kirDue: dayText(r.kir_due),
      stnkDue: dayText(r.stnk_due),
      fleets: fleetsOf.get(Number(r.vehicle_id)) ?? [],
    }));
    const classes = classifyDays({
      vehicles,
      days,
      trouble: rowsOf<Record<string, unknown>>(trouble).map((r): Stretch => ({
        vehicleId: Number(r.vehicle_id),
        startMs: ms(r.opened_at),
        endMs: ms(r.closed_at),
      })),
      legs: rowsOf<Record<string, unknown>>(legs).map((r): Stretch => ({
        vehicleId: Number(r.vehicle_id),
        startMs: ms(r.leg_start),
        endMs: ms(r.leg_end),
        label: String(r.spk_number),
      })),
      engineOnS: new Map(
        rowsOf<Record<string, unknown>>(engine).map((r) => [
          `${Number(r.vehicle_id)}:${dayText(r.day)}`,
          Number(r.engine_s),
        ]),
      ),
    });
    return { unitName: unit?.unit_name ?? '', vehicles, days, classes };
  }

  /** Rows of the figures grouped by `keyOf` (a day, a month), in order, and the total. */
  function grouped(classes: VehicleDay[], keys: string[], keyOf: (d: VehicleDay) => string) {
    const groups = new Map<string, VehicleDay[]>(keys.map((k) => [k, []]));
    for (const c of classes) groups.get(keyOf(c))?.push(c);
    return {
      results: [...groups.entries()].map(([period, list]) => ({ period, ...figuresOf(list) })),
      total: figuresOf(classes),
    };
  }

  return {
    periodOf,

    async daily(unitId: number, q: CcPeriodQuery): Promise<CcDaily> {
      const { from, to } = periodOf(q.from, q.to);
      const { days, classes } = await load(unitId, from, to, q.fleetId);
      const g = grouped(
        classes,
        days.map((d) => d.day),
        (c) => c.day,
      );
      return { results: g.results.map(({ period, ...f }) => ({ day: period, ...f })), total: g.total };
    },

    async vehicleDays(
      unitId: number,
      q: z.infer<typeof ccVehicleDayQuery>,
    ): Promise<z.infer<typeof ccVehicleDayList>> {
      const { from, to } = periodOf(q.from, q.to);
      const { vehicles, classes } = await load(unitId, from, to, q.fleetId);
      const byId = new Map(vehicles.map((v) => [v.vehicleId, v]));
      const rows = classes
        .filter(
          (c) =>
            (!q.kendaraanId || c.vehicleId === q.kendaraanId) && (!q.dayClass || c.dayClass === q.dayClass),
        )
        .sort(
          (a, b) =>
            a.day.localeCompare(b.day) ||
            byId.get(a.vehicleId)!.plate.localeCompare(byId.get(b.vehicleId)!.plate),
        );
      return {
        count: rows.length,
        results: rows.slice(q.Skip, q.Skip + q.Take).map((c) => ({
          kendaraanId: c.vehicleId,
          nomorPolisi: byId.get(c.vehicleId)!.plate,
          nomorKendaraan: byId.get(c.vehicleId)!.hull,
          day: c.day,
          dayClass: c.dayClass,
          engineOnHours: Math.round((c.engineOnS / 3600) * 10) / 10,
          troubleHours: Math.round((c.troubleS / 3600) * 10) / 10,
          spkNumbers: c.labels,
        })),
      };
    },

    async summary(unitId: number, q: CcPeriodQuery): Promise<CcSummary> {
      const { from, to } = periodOf(q.from, q.to);
      const { unitName, vehicles, classes } = await load(unitId, from, to, q.fleetId);
      const fleets = new Map<number, { fleetName: string; ids: Set<number> }>();
      for (const v of vehicles)
        for (const f of v.fleets) {
          const entry = fleets.get(f.fleetId) ?? { fleetName: f.fleetName, ids: new Set<number>() };
          entry.ids.add(v.vehicleId);
          fleets.set(f.fleetId, entry);
        }
      return {
        unit: { unitId, unitName, ...figuresOf(classes) },
        fleets: [...fleets.entries()]
          .filter(([id]) => !q.fleetId || id === q.fleetId)
          .map(([fleetId, f]) => ({
            fleetId,
            fleetName: f.fleetName,
            ...figuresOf(classes.filter((c) => f.ids.has(c.vehicleId))),
          }))
          .sort((a, b) => a.fleetName.localeCompare(b.fleetName)),
        from,
        to,
      };
    },

    /** A week from `from`: a row per day. */
    async weekly(
      unitId: number,
      q: { from?: string | undefined; fleetId?: number | undefined },
    ): Promise<CcUtility> {
      if (!q.from)
        throw new ValidationError(CC_MESSAGES.period, [{ path: 'from', message: CC_MESSAGES.period }]);
      let to = q.from;
      for (let i = 0; i < 6; i++) to = nextDay(to);
      const { days, classes } = await load(unitId, q.from, to, q.fleetId);
      return grouped(
        classes,
        days.map((d) => d.day),
        (c) => c.day,
      );
    },

    /** A month (`YYYY-MM`): a row per day. */
    async monthly(
      unitId: number,
      q: { month?: string | undefined; fleetId?: number | undefined },
    ): Promise<CcUtility> {
      if (!q.month)
        throw new ValidationError(CC_MESSAGES.month, [{ path: 'month', message: CC_MESSAGES.month }]);
      if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(q.month))
        throw new ValidationError('The month cannot be read', [{ path: 'month', message: 'Use YYYY-MM' }]);
      const from = `${q.month}-01`;
      let to = from;
      while (nextDay(to).startsWith(q.month)) to = nextDay(to);
      const { days, classes } = await load(unitId, from, to, q.fleetId);
      return grouped(
        classes,
        days.map((d) => d.day),
        (c) => c.day,
      );
    },

    /** A year (`YYYY`): a row per month. */
    async yearly(
      unitId: number,
      q: { year?: string | undefined; fleetId?: number | undefined },
    ): Promise<CcUtility> {
      if (!q.year) throw new ValidationError(CC_MESSAGES.year, [{ path: 'year', message: CC_MESSAGES.year }]);
      if (!/^\d{4}$/.test(q.year) || Number(q.year) < 2000 || Number(q.year) > 2100)
        throw new ValidationError('The year cannot be read', [
          { path: 'year', message: 'Use a year such as 2026' },
        ]);
      const { classes } = await load(unitId, `${q.year}-01-01`, `${q.year}-12-31`, q.fleetId);
      const months = Array.from({ length: 12 }, (_, i) => `${q.year}-${String(i + 1).padStart(2, '0')}`);
      return grouped(classes, months, (c) => c.day.slice(0, 7));
    },
  };
}

export type CarCarrierService = ReturnType<typeof createCarCarrierService>;
