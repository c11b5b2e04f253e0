import {
  ANOMALY_KINDS,
  localDay,
  WORK_ORDER_STATUSES,
  type AnomalyKind,
  type DriverRecap,
  type DriverRecapQuery,
  type MonthlyRecap,
  type MonthlyRecapQuery,
  type RecapFigures,
  type WorkOrderKind,
  type WorkOrderMatching,
  type WorkOrderMatchingQuery,
  type WorkOrderStatus,
} from '@pantau/contracts';
import { containing } from '../kit/list-query.js';
import type { FigureRow, RecapsRepo } from './recaps.repo.js';

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const iso = (v: unknown) => new Date(v as string).toISOString();
const km = (metres: unknown) => Math.round(num(metres) / 100) / 10;
const round1 = (v: number) => Math.round(v * 10) / 10;

/** Sums of a recap's figures, before averages are taken. */
interface Tally {
  total: number;
  byStatus: Record<WorkOrderStatus, number>;
  leadOnTime: number;
  leadOver: number;
  circleOnTime: number;
  circleOver: number;
  leadSum: number;
  leadN: number;
  circleSum: number;
  circleN: number;
  anomalies: Record<AnomalyKind, number>;
}

const zeros = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
const emptyTally = (): Tally => ({
  total: 0,
  byStatus: zeros(WORK_ORDER_STATUSES),
  leadOnTime: 0,
  leadOver: 0,
  circleOnTime: 0,
  circleOver: 0,
  leadSum: 0,
  leadN: 0,
  circleSum: 0,
  circleN: 0,
  anomalies: zeros(ANOMALY_KINDS),
});

function add(t: Tally, r: FigureRow) {
  t.total += num(r.total);
  for (const s of WORK_ORDER_STATUSES) t.byStatus[s] += num(r[`s_${s}`]);
  t.leadOnTime += num(r.lead_on_time);
  t.leadOver += num(r.lead_over);
  t.circleOnTime += num(r.circle_on_time);
  t.circleOver += num(r.circle_over);
  t.leadSum += num(r.lead_sum);
  t.leadN += num(r.lead_n);
  t.circleSum += num(r.circle_sum);
  t.circleN += num(r.circle_n);
  for (const k of ANOMALY_KINDS) t.anomalies[k] += num(r[`a_${k}`]);
}

/** A tally as the recap answers it: unknown = SPKs not cancelled whose time or standard is missing. */
export function figuresOf(t: Tally): RecapFigures {
  const counted = t.total - t.byStatus.cancelled;
  return {
    total: t.total,
    byStatus: t.byStatus,
    lead: { onTime: t.leadOnTime, over: t.leadOver, unknown: counted - t.leadOnTime - t.leadOver },
    circle: { onTime: t.circleOnTime, over: t.circleOver, unknown: counted - t.circleOnTime - t.circleOver },
    avgLeadMinutes: t.leadN ? round1(t.leadSum / t.leadN) : null,
    avgCircleMinutes: t.circleN ? round1(t.circleSum / t.circleN) : null,
    anomalies: t.anomalies,
  };
}

/** Every `YYYY-MM` of the period in the zone, from `from`'s month to the month of the last instant before `to`. */
export function monthsOf(from: string, to: string, timeZone: string): string[] {
  const first = localDay(Date.parse(from), timeZone).slice(0, 7);
  const last = localDay(Date.parse(to) - 1, timeZone).slice(0, 7);
  const out: string[] = [];
  let [y, m] = first.split('-').map(Number) as [number, number];
  for (let month = first; month <= last;) {
    out.push(month);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
    month = `${y}-${String(m).padStart(2, '0')}`;
  }
  return out;
}

/** SPK matching (recorded trips in each SPK's window, unbilled trips) and the monthly and driver recaps. */
export function createRecapsService(deps: { repo: RecapsRepo }) {
  const { repo } = deps;

  return {
    async matching(unitId: number, q: WorkOrderMatchingQuery): Promise<WorkOrderMatching> {
      const spks = {
        from: q.from,
        to: q.to,
        kind: q.kind,
        kendaraanIds: q.kendaraanId,
        fleetId: q.fleetId,
        withCancelled: false,
      };
      const period = { from: q.from, to: q.to, kendaraanIds: q.kendaraanId, fleetId: q.fleetId };
      const [page, totals, unbilled, unbilledTotals] = await Promise.all([
        repo.matchedPage(unitId, spks, q.Take, q.Skip),
        repo.matchedTotals(unitId, spks),
        repo.unbilledPage(unitId, period, q.unbilledTake, q.unbilledSkip),
        repo.unbilledTotals(unitId, period),
      ]);
      return {
        count: num(totals.spks),
        results: page.map((r) => {
          const trips = r.trips as Record<string, unknown>[];
          const matched = trips.map((t) => ({
            tripId: num(t.tripId),
            start: iso(t.start),
            end: iso(t.end),
            open: Boolean(t.open),
            distanceKm: km(t.distanceM),
          }));
          return {
            spkId: num(r.work_order_id),
            kind: r.kind as WorkOrderKind,
            spkNumber: String(r.spk_number),
            dtNumber: (r.dt_number as string | null) ?? null,
            status: r.status as WorkOrderStatus,
            kendaraanId: num(r.vehicle_id),
            nomorPolisi: String(r.plate_number),
            nomorKendaraan: String(r.hull_number),
            trayekCode: (r.route_code as string | null) ?? null,
            customer: (r.customer as string | null) ?? null,
            kosongan: Boolean(r.kosongan),
            runDate: iso(r.run_at),
            windowStart: iso(r.ws),
            windowEnd: iso(r.we),
            windowFromPool: { start: Boolean(r.start_from_pool), end: Boolean(r.end_from_pool) },
            trips: matched,
            distanceKm: km(trips.reduce((sum, t) => sum + num(t.distanceM), 0)),
          };
        }),
        totals: {
          spks: num(totals.spks),
          withTrips: num(totals.with_trips),
          withoutTrips: num(totals.spks) - num(totals.with_trips),
          trips: num(totals.trips),
          distanceKm: km(totals.distance_m),
        },
        unbilled: {
          count: num(unbilledTotals.n),
          distanceKm: km(unbilledTotals.distance_m),
          results: unbilled.map((r) => ({
            tripId: num(r.trip_id),
            kendaraanId: num(r.vehicle_id),
            nomorPolisi: String(r.plate_number),
            nomorKendaraan: String(r.hull_number),
            start: iso(r.started_at),
            end: iso(r.ended_at),
            open: Boolean(r.open),
            distanceKm: km(r.distance_m),
            sites: (r.sites as string[] | null) ?? [],
          })),
        },
      };
    },

    async monthly(unitId: number, q: MonthlyRecapQuery): Promise<MonthlyRecap> {
      const timeZone = await repo.timeZoneOf(unitId);
      const rows = await repo.figuresByMonthAndRoute(
        unitId,
        {
          from: q.from,
          to: q.to,
          kind: q.kind,
          fleetId: q.fleetId,
          trayekId: q.trayekId,
          withCancelled: true,
        },
        timeZone,
      );
      const months = new Map(monthsOf(q.from, q.to, timeZone).map((m) => [m, emptyTally()]));
      const routes = new Map<
        string,
        { tally: Tally; trayekId: number | null; trayekCode: string | null; trayekName: string | null }
      >();
      const totals = emptyTally();
      for (const r of rows) {
        const month = String(r.month);
        if (!months.has(month)) months.set(month, emptyTally());
        add(months.get(month)!, r);
        const key = String(r.route_id ?? 'none');
        if (!routes.has(key))
          routes.set(key, {
            tally: emptyTally(),
            trayekId: r.route_id === null ? null : num(r.route_id),
            trayekCode: (r.route_code as string | null) ?? null,
            trayekName: (r.route_name as string | null) ?? null,
          });
        add(routes.get(key)!.tally, r);
        add(totals, r);
      }
      return {
        months: [...months]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([month, t]) => ({ month, ...figuresOf(t) })),
        routes: [...routes.values()]
          .sort(
            (a, b) =>
              b.tally.total - a.tally.total || (a.trayekCode ?? '~').localeCompare(b.trayekCode ?? '~'),
          )
          .map(({ tally, ...route }) => ({ ...route, ...figuresOf(tally) })),
        totals: figuresOf(totals),
      };
    },

    async drivers(unitId: number, q: DriverRecapQuery): Promise<DriverRecap> {
      const { rows, totals } = await repo.drivers(
        unitId,
        { from: q.from, to: q.to, kind: q.kind, fleetId: q.fleetId, withCancelled: false },
        {
          search: q.search ? containing(q.search) : null,
          sortBy: q.sortBy,
          sortDir: q.sortDir,
          take: q.Take,
          skip: q.Skip,
        },
      );
      const figures = (r: Record<string, unknown>) => ({
        spks: num(r.spks),
        asDriver1: num(r.as_driver1),
        asDriver2: num(r.as_driver2),
        done: num(r.done),
        abnormal: num(r.abnormal),
        over: num(r.over),
        actualHours: Math.round(num(r.circle_minutes) / 6) / 10,
        distanceKm: km(r.distance_m),
      });
      return {
        count: num(totals.n),
        results: rows.map((r) => ({
          pengemudiId: num(r.driver_id),
          name: String(r.name),
          employeeNumber: String(r.employee_number),
          ...figures(r),
        })),
        totals: figures(totals),
      };
    },
  };
}

export type RecapsService = ReturnType<typeof createRecapsService>;
