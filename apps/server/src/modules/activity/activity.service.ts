import { randomUUID } from 'node:crypto';
import {
  localDay,
  type DetailActivityList,
  type DetailActivityQuery,
  type DetailActivityReport,
  type DetailActivityRow,
  type DetailActivityTotals,
  type RecalculateJob,
  type RecalculateJobList,
  type RecalculateJobQuery,
  type RecalculateRequest,
  type StopList,
  type TripList,
  type VehiclePeriodQuery,
  type ViolationCounts,
} from '@pantau/contracts';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '../../errors.js';
import { checkedPeriod } from '../../lib/period.js';
import { placeAndText } from '../../places/place-names.js';
import type { TelemetryPipeline } from '../../ingest/types.js';
import type { ActivityRepo, DayDbRow } from './activity.repo.js';

const isoOf = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const msOf = (v: Date | string) => (v instanceof Date ? v : new Date(v)).getTime();
const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;
/** km/h over the time moving. */
const avgKmh = (distanceM: number, drivingS: number) =>
  drivingS > 0 ? round((distanceM / drivingS) * 3.6, 1) : 0;
const counts = (os: number, ost: number, ort: number): ViolationCounts => ({
  overspeed: os,
  overstop: ost,
  overroute: ort,
  total: os + ost + ort,
});

/** Jobs kept for their progress to be read: the latest ones. */
const KEPT_JOBS = 100;

interface Job extends RecalculateJob {
  unitId: number;
}

/** More vehicle-days than a period can hold (31 days of a large fleet): the totals read them all. */
const EVERY_DAY = 1_000_000;

function totalsOf(rows: readonly DayDbRow[]): DetailActivityTotals {
  const sum = (f: (r: DayDbRow) => number) => rows.reduce((s, r) => s + f(r), 0);
  const distanceM = sum((r) => r.distance_m);
  const drivingS = sum((r) => r.driving_s);
  return {
    distanceKm: round(distanceM / 1000, 2),
    drivingTime: drivingS,
    idleTime: sum((r) => r.idle_s),
    engineHours: round(sum((r) => r.engine_s) / 3600, 2),
    stops: sum((r) => r.stops),
    maxSpeed: round(
      rows.reduce((m, r) => Math.max(m, r.max_speed), 0),
      1,
    ),
    avgSpeed: avgKmh(distanceM, drivingS),
    violations: counts(
      sum((r) => r.os),
      sum((r) => r.ost),
      sum((r) => r.ort),
    ),
  };
}

export function createActivityService(deps: {
  activityRepo: ActivityRepo;
  pipeline: Pick<TelemetryPipeline, 'recalculate'>;
  logger: { error(obj: object, msg: string): void };
  /** Since when raw positions are kept (PANTAU_RETENTION_MONTHS); null: always. */
  positionsKeptSince?: () => Date | null;
}) {
  const { activityRepo: repo } = deps;
  const jobs = new Map<string, Job>();

  async function vehicleOf(unitId: number, vehicleId: number) {
    const vehicle = await repo.vehicleOfUnit(vehicleId, unitId);
    if (!vehicle) throw new NotFoundError('No such vehicle in this unit');
    return vehicle;
  }

  const dayRow = (r: DayDbRow): DetailActivityRow => ({
    kendaraanId: r.vehicle_id,
    nomorPolisi: r.plate_number,
    nomorKendaraan: r.hull_number,
    day: r.day,
    distanceKm: round(r.distance_m / 1000, 2),
    drivingTime: r.driving_s,
    idleTime: r.idle_s,
    engineHours: round(r.engine_s / 3600, 2),
    stops: r.stops,
    firstMovement: r.first_move_at === null ? null : isoOf(r.first_move_at),
    lastMovement: r.last_move_at === null ? null : isoOf(r.last_move_at),
    maxSpeed: round(r.max_speed, 1),
    avgSpeed: avgKmh(r.distance_m, r.driving_s),
    violations: counts(r.os, r.ost, r.ort),
  });

  async function days(unitId: number, q: DetailActivityQuery) {
    const { from, to } = checkedPeriod(q);
    const timeZone = await repo.timeZoneOf(unitId);
    return repo.days(
      unitId,
      timeZone,
      {
        fromDay: localDay(from, timeZone),
        toDay: localDay(to.getTime() - 1, timeZone),
        ...(q.kendaraanId && { vehicleIds: q.kendaraanId }),
        ...(q.fleetId !== undefined && { fleetId: q.fleetId }),
      },
      q,
      { take: q.Take, skip: q.Skip },
    );
  }

  return {
    /** A vehicle's trips over a period (playback's trip list). */
    async trips(unitId: number, q: VehiclePeriodQuery): Promise<TripList> {
      const { from, to } = checkedPeriod(q);
      await vehicleOf(unitId, q.kendaraanId);
      const { count, rows } = await repo.trips(q.kendaraanId, from, to, q.Take, q.Skip);
      return {
        count,
        results: rows.map((r) => {
          const start = placeAndText(r.start_lat, r.start_lon, 0);
          const end = placeAndText(r.end_lat, r.end_lon, 0);
          return {
            tripId: r.trip_id,
            kendaraanId: r.vehicle_id,
            nomorPolisi: r.plate_number,
            nomorKendaraan: r.hull_number,
            start: isoOf(r.started_at),
            end: isoOf(r.ended_at),
            open: r.open,
            startPosition: [r.start_lon, r.start_lat],
            endPosition: [r.end_lon, r.end_lat],
            startPlace: start.place!,
            endPlace: end.place!,
            startLocation: start.location!,
            endLocation: end.location!,
            distanceKm: round(r.distance_m / 1000, 2),
            duration: Math.round((msOf(r.ended_at) - msOf(r.started_at)) / 1000),
            drivingTime: r.driving_s,
            idleTime: r.idle_s,
            maxSpeed: round(r.max_speed, 1),
            avgSpeed: avgKmh(r.distance_m, r.driving_s),
            stops: r.halts,
            violations: counts(r.os, r.ost, r.ort),
          };
        }),
      };
    },

    /** A vehicle's stops over a period. */
    async stops(unitId: number, q: VehiclePeriodQuery): Promise<StopList> {
      const { from, to } = checkedPeriod(q);
      await vehicleOf(unitId, q.kendaraanId);
      const { count, rows } = await repo.stops(q.kendaraanId, from, to, q.Take, q.Skip);
      return {
        count,
        results: rows.map((r) => {
          const at = placeAndText(r.lat, r.lon, 0);
          return {
            stopId: r.stop_id,
            kendaraanId: r.vehicle_id,
            nomorPolisi: r.plate_number,
            nomorKendaraan: r.hull_number,
            start: isoOf(r.started_at),
            end: isoOf(r.ended_at),
            open: r.open,
            duration: Math.round((msOf(r.ended_at) - msOf(r.started_at)) / 1000),
            idleTime: r.idle_s,
            position: [r.lon, r.lat],
            place: at.place!,
            location: at.location!,
          };
        }),
      };
    },

    /** Detail activity: one page of vehicle days, and the totals over every day that matches. */
    async detailActivity(unitId: number, q: DetailActivityQuery): Promise<DetailActivityList> {
      const [page, all] = await Promise.all([
        days(unitId, q),
        days(unitId, { ...q, Take: EVERY_DAY, Skip: 0 }),
      ]);
      return { count: page.count, results: page.rows.map(dayRow), totals: totalsOf(all.rows) };
    },

    /** The detail activity report: every row asked for and the totals over them. */
    async detailActivityReport(unitId: number, q: DetailActivityQuery): Promise<DetailActivityReport> {
      const { count, rows } = await days(unitId, q);
      return { count, results: rows.map(dayRow), totals: totalsOf(rows) };
    },

    /** Rows for an export, one slice at a time. */
    async detailActivityRows(unitId: number, q: DetailActivityQuery, page: { take: number; skip: number }) {
      return (await days(unitId, { ...q, Take: page.take, Skip: page.skip })).rows.map(dayRow);
    },

    /**
     * Starts working a vehicle's history out again from `from` (to its latest fix) and answers the
     * job at once; its progress is read with `job`. A second one for the same vehicle while one runs
     * is refused (409).
     */
    async startRecalculation(unitId: number, q: RecalculateRequest): Promise<RecalculateJob> {
      const { from, to } = checkedPeriod(q);
      // Worked out again from no positions, the kept trips, stops and violations would be wiped.
      const keptSince = deps.positionsKeptSince?.() ?? null;
      if (keptSince && from < keptSince)
        throw new ValidationError('The positions of that time are no longer kept', [
          { path: 'from', message: `Positions are kept from ${keptSince.toISOString()}` },
        ]);
      await vehicleOf(unitId, q.kendaraanId);
      for (const j of jobs.values())
        if (j.kendaraanId === q.kendaraanId && (j.state === 'queued' || j.state === 'running'))
          throw new ConflictError('This vehicle is being recalculated already; wait for it to finish');
      const job: Job = {
        jobId: randomUUID(),
        unitId,
        kendaraanId: q.kendaraanId,
        from: from.toISOString(),
        to: to.toISOString(),
        state: 'queued',
        progress: 0,
        result: null,
        error: null,
      };
      jobs.set(job.jobId, job);
      while (jobs.size > KEPT_JOBS) jobs.delete(jobs.keys().next().value!);
      void (async () => {
        job.state = 'running';
        try {
          const done = await deps.pipeline.recalculate(q.kendaraanId, from, (f) => {
            job.progress = round(f, 3);
          });
          if (done) {
            job.from = new Date(done.startMs).toISOString();
            job.to = new Date(done.untilMs).toISOString();
          }
          job.result = done?.counts ?? { positions: 0, trips: 0, stops: 0, events: 0, visits: 0 };
          job.progress = 1;
          job.state = 'done';
        } catch (err) {
          deps.logger.error({ err, vehicleId: q.kendaraanId }, 'recalculation failed');
          job.state = 'failed';
          job.error = {
            type: 'about:blank',
            title: err instanceof DomainError ? err.message : 'The recalculation failed',
            status: err instanceof DomainError ? 409 : 500,
            code: err instanceof DomainError ? err.code : 'INTERNAL',
          };
        }
      })();
      return publicJob(job);
    },

    /** The unit's latest recalculations, newest first: all, the one with that id, or a vehicle's. */
    jobs(unitId: number, q: RecalculateJobQuery): RecalculateJobList {
      const results = [...jobs.values()]
        .filter(
          (j) =>
            j.unitId === unitId &&
            (q.jobId === undefined || j.jobId === q.jobId) &&
            (q.kendaraanId === undefined || j.kendaraanId === q.kendaraanId),
        )
        .reverse()
        .map(publicJob);
      return { count: results.length, results };
    },
  };
}
export type ActivityService = ReturnType<typeof createActivityService>;

const publicJob = ({ unitId: _unitId, ...job }: Job): RecalculateJob => ({
  ...job,
  result: job.result && { ...job.result },
  error: job.error && { ...job.error },
});
