import {
  VIOLATION_SEVERITY,
  bucketOf,
  severityFormulaText,
  type DriverViolations,
  type TrafficViolation,
  type TrafficViolationList,
  type TrafficViolationsQuery,
  type ViolationTraffic,
  type ViolationTrafficQuery,
} from '@pantau/contracts';
import { NotFoundError } from '../../errors.js';
import { eventPlace } from '../../places/place-names.js';
import type { TrafficFilters, ViolationDbRow, ViolationTrafficRepo } from './violation-traffic.repo.js';

const iso = (d: Date | string) => new Date(d).toISOString();
/** Playback opens a few minutes either side of a violation, and never longer than the player's month. */
const PLAYBACK_MARGIN_MS = 5 * 60_000;
const PLAYBACK_MAX_MS = 31 * 86_400_000;

/** The top of the driver list: most points, then most violations, then by name. */
export function topDriversOf(drivers: readonly DriverViolations[], size = 10) {
  return drivers
    .filter((d) => d.pengemudiId !== null)
    .toSorted(
      (a, b) => b.points - a.points || b.total - a.total || (a.name ?? '').localeCompare(b.name ?? ''),
    )
    .slice(0, size)
    .map((d, i) => ({ ...d, rank: i + 1 }));
}

export function violationOf(r: ViolationDbRow, now: Date): TrafficViolation {
  const start = new Date(r.started_at).getTime();
  const end = r.ended_at ? new Date(r.ended_at).getTime() : now.getTime();
  const from = start - PLAYBACK_MARGIN_MS;
  return {
    logId: r.event_id,
    kind: r.kind,
    kendaraanId: r.vehicle_id,
    nomorPolisi: r.plate_number,
    nomorKendaraan: r.hull_number,
    pengemudiId: r.driver_id,
    driver: r.driver_name,
    start: iso(r.started_at),
    end: r.ended_at ? iso(r.ended_at) : null,
    duration: Math.max(0, Math.round(Number(r.duration) || 0)),
    open: r.open,
    position: r.lat !== null && r.lon !== null ? [r.lon, r.lat] : null,
    location: r.location,
    place: eventPlace(
      { kind: r.kind, lat: r.lat, lon: r.lon, maxValue: r.max_value === null ? null : Number(r.max_value) },
      r.geofence ?? null,
    ),
    measure: Math.round(Number(r.measure) * 10) / 10,
    points: Number(r.points),
    playback: {
      kendaraanId: r.vehicle_id,
      from: iso(new Date(from)),
      to: iso(new Date(Math.min(end + PLAYBACK_MARGIN_MS, from + PLAYBACK_MAX_MS))),
    },
  };
}

/** Violation Traffic: a unit's violations of a period by kind, time, fleet and driver, and the worst drivers. */
export function createViolationTrafficService(deps: {
  violationTrafficRepo: ViolationTrafficRepo;
  clock: () => Date;
}) {
  const { violationTrafficRepo: repo, clock } = deps;

  /** 404 for a vehicle, fleet or driver of another unit. */
  async function check(unitId: number, q: TrafficFilters) {
    const foreign = await repo.foreign(unitId, {
      vehicles: q.kendaraanId ?? [],
      fleet: typeof q.fleetId === 'number' ? q.fleetId : undefined,
      driver: typeof q.pengemudiId === 'number' ? q.pengemudiId : undefined,
    });
    if (foreign.length) throw new NotFoundError(`No ${foreign.join('; no ')} in this unit`);
  }

  return {
    check,

    async traffic(unitId: number, q: ViolationTrafficQuery): Promise<ViolationTraffic> {
      await check(unitId, q);
      const now = clock();
      const timeZone = await repo.timeZoneOf(unitId);
      const bucket = q.bucket ?? bucketOf(q.from, q.to);
      const [traffic, fleets, drivers] = await Promise.all([
        repo.traffic(unitId, q, bucket, timeZone, now),
        repo.byFleet(unitId, q, now),
        repo.byDriver(unitId, q, now),
      ]);
      const byDriver = drivers.map((d) => ({
        pengemudiId: d.driver_id,
        name: d.name,
        employeeNumber: d.employee_number,
        overspeed: d.overspeed,
        overstop: d.overstop,
        overroute: d.overroute,
        total: d.total,
        points: d.points,
      }));
      // Every violation has exactly one driver row (or the row of none): the totals are their sums.
      const sum = (k: 'overspeed' | 'overstop' | 'overroute' | 'total' | 'points') =>
        byDriver.reduce((n, d) => n + d[k], 0);
      return {
        from: q.from,
        to: q.to,
        timeZone,
        bucket,
        totals: {
          overspeed: sum('overspeed'),
          overstop: sum('overstop'),
          overroute: sum('overroute'),
          total: sum('total'),
          points: sum('points'),
        },
        traffic: traffic.map((b) => ({
          day: b.day,
          from: iso(b.from),
          to: iso(b.to),
          overspeed: b.overspeed,
          overstop: b.overstop,
          overroute: b.overroute,
          total: b.total,
        })),
        byFleet: fleets.map((f) => ({
          fleetId: f.fleet_id,
          fleetName: f.fleet_name,
          overspeed: f.overspeed,
          overstop: f.overstop,
          overroute: f.overroute,
          total: f.total,
          points: f.points,
        })),
        byDriver,
        topDrivers: topDriversOf(byDriver),
        formula: {
          text: severityFormulaText(),
          steps: {
            overspeed: { unit: 'km/h', steps: [...VIOLATION_SEVERITY.overspeed.steps] },
            overstop: { unit: 'min', steps: [...VIOLATION_SEVERITY.overstop.steps] },
            overroute: { unit: 'km', steps: [...VIOLATION_SEVERITY.overroute.steps] },
          },
        },
      };
    },

    async violations(unitId: number, q: TrafficViolationsQuery): Promise<TrafficViolationList> {
      await check(unitId, q);
      const now = clock();
      const { rows, count } = await repo.page(unitId, q, { take: q.Take, skip: q.Skip }, now);
      return { count, results: rows.map((r) => violationOf(r, now)) };
    },

    /** Rows for the export, a slice at a time. */
    async violationRows(unitId: number, q: TrafficViolationsQuery, page: { take: number; skip: number }) {
      const now = clock();
      return (await repo.page(unitId, q, page, now)).rows.map((r) => violationOf(r, now));
    },
  };
}
export type ViolationTrafficService = ReturnType<typeof createViolationTrafficService>;
