import type { FastifyBaseLogger } from 'fastify';
import type { Position } from '@pantau/protocols';
import type { IngestSource, Pipeline } from '../ingest/types.js';
import { hash01, VehiclePlan, type PlannedTrip, type SimVehicle } from './vehicle-plan.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Plans restart from the pool at the start of each 28-day period (counted from 2025-01-05 17:00 UTC). */
const PERIOD = 28 * DAY;
const EPOCH = Date.UTC(2025, 0, 5, 17);

/** How often a vehicle reports, in ms, by what it is doing. */
export interface FixIntervals {
  moving: [min: number, max: number];
  /** Standing with the engine on. */
  idle: number;
  /** Engine off. */
  parked: number;
}

/** History: a fix a minute while moving, every 15 minutes parked (what cheap trackers do). */
export const backfillIntervals: FixIntervals = {
  moving: [60_000, 60_000],
  idle: 5 * MINUTE,
  parked: 15 * MINUTE,
};
/** Live: every 10–30 s while moving, as the live map wants. */
export const liveIntervals: FixIntervals = { moving: [10_000, 30_000], idle: 60_000, parked: 5 * MINUTE };

export interface BackfillProgress {
  done: number;
  total: number;
  positions: number;
}

export interface SimulatorOptions {
  pipeline: Pipeline;
  vehicles: SimVehicle[];
  logger: FastifyBaseLogger;
  clock?: () => Date;
  /** Positions per `ingest` call during back-fill (default 2,000). */
  batchSize?: number;
  /**
   * Days of history this run keeps consistent with: plans are anchored before `now - historyDays`, so
   * after a restart the live fleet continues the back-filled history instead of jumping (default 7).
   */
  historyDays?: number;
  /** How often history reports (default `backfillIntervals`: a fix a minute moving, 15 minutes parked). */
  historyIntervals?: FixIntervals;
}

const source: IngestSource = { protocol: 'simulator' };

/** About one vehicle-day in this many has a tracker alarm. */
const ALARM_DAYS = 25;

/**
 * The tracker alarm a vehicle raises in [from, to), if any: on about one day in ALARM_DAYS, at a
 * moment of that day fixed by the vehicle and the day. Parked with the engine off, the vibration
 * sensor (a knock in the yard); otherwise mostly a power cut (a loose or cut supply wire), now and then
 * the driver's SOS button.
 */
export function alarmBetween(
  vehicleId: number,
  from: number,
  to: number,
  s: { moving: boolean; ignition: boolean },
): Position['alarm'] {
  const day = Math.floor(from / DAY);
  for (const d of [day, day + 1]) {
    if (hash01(vehicleId + 101, d) * ALARM_DAYS >= 1) continue;
    const at = d * DAY + Math.floor(hash01(vehicleId + 103, d) * DAY);
    if (at < from || at >= to) continue;
    if (!s.moving && !s.ignition) return 'vibration';
    return hash01(vehicleId + 107, d) < 0.75 ? 'powerCut' : 'sos';
  }
  return null;
}

/** The plan anchor for an instant: the start of the 28-day period holding the instant two days before. */
export const anchorFor = (t: number) => EPOCH + Math.floor((t - 2 * DAY - EPOCH) / PERIOD) * PERIOD;

/**
 * The demo fleet: each vehicle follows its VehiclePlan and reports through `pipeline.ingest`, exactly
 * as a tracker's positions arrive (source 'simulator'). `backfill` writes history in fix-time order;
 * `start` reports live from then on.
 */
export function createSimulator(options: SimulatorOptions) {
  const { pipeline, logger } = options;
  const clock = options.clock ?? (() => new Date());
  const batchSize = options.batchSize ?? 2_000;
  const historyIntervals = options.historyIntervals ?? backfillIntervals;
  let plans: VehiclePlan[] = [];
  let anchor = NaN;
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<unknown> | null = null;
  let stopped = false;
  const nextFixAt = new Map<number, number>();

  /** Plans anchored at or before `from`; made once, since a plan only moves forward in time. */
  function ensurePlans(from: number) {
    if (plans.length > 0 && anchor <= from) return;
    anchor = anchorFor(from);
    plans = options.vehicles.map((v) => new VehiclePlan(v, anchor));
  }

  /**
   * The fix at `t`, the next `untilNextMs` later. A tracker alarm that goes off before the next fix
   * (alarmBetween) rides on this one.
   */
  function positionOf(plan: VehiclePlan, t: number, untilNextMs: number): Position | null {
    const s = plan.sample(t);
    if (!s) return null;
    return {
      trackerId: plan.vehicle.trackerId,
      fixTime: new Date(t),
      valid: true,
      lat: Math.round(s.lat * 1e6) / 1e6,
      lon: Math.round(s.lon * 1e6) / 1e6,
      speedKmh: s.speedKmh,
      course: s.course,
      altitude: null,
      satellites: 7 + Math.floor(hash01(plan.vehicle.vehicleId + 7, t) * 6),
      accuracy: null,
      ignition: s.ignition,
      alarm: alarmBetween(plan.vehicle.vehicleId, t, t + untilNextMs, s),
      attributes: { protocol: 'simulator' },
    };
  }

  function intervalAfter(plan: VehiclePlan, t: number, intervals: FixIntervals): number {
    const s = plan.sample(t);
    if (!s || s.moving) {
      const [min, max] = intervals.moving;
      return min + Math.round(hash01(plan.vehicle.vehicleId, t + 1) * (max - min));
    }
    return s.ignition ? intervals.idle : intervals.parked;
  }

  /** The fixes every vehicle sends in [from, to), sorted by fix time. */
  function fixesBetween(from: number, to: number, intervals: FixIntervals, next: Map<number, number>) {
    const out: Position[] = [];
    for (const plan of plans) {
      const id = plan.vehicle.vehicleId;
      // Vehicles report on their own clocks: stagger the first fix.
      let t = next.get(id) ?? from + Math.floor(hash01(id, from) * 60_000);
      while (t < to) {
        const step = intervalAfter(plan, t, intervals);
        const p = positionOf(plan, t, step);
        if (p) out.push(p);
        t += step;
      }
      next.set(id, t);
    }
    return out.sort((a, b) => a.fixTime.getTime() - b.fixTime.getTime());
  }

  return {
    /**
     * Writes the fleet's history for [from, to) through the pipeline, oldest first, in batches;
     * `onProgress` after each batch. Answers the number of positions handed to the pipeline.
     */
    async backfill(from: Date, to: Date, onProgress?: (p: BackfillProgress) => void): Promise<number> {
      const start = from.getTime();
      const end = to.getTime();
      ensurePlans(start);
      const next = new Map<number, number>();
      const window = 10 * MINUTE;
      let pending: Position[] = [];
      let positions = 0;
      const flush = async (force: boolean, done: number) => {
        while (pending.length >= batchSize || (force && pending.length > 0)) {
          const batch = pending.slice(0, batchSize);
          pending = pending.slice(batch.length);
          await pipeline.ingest(batch, source);
          positions += batch.length;
        }
        onProgress?.({ done, total: end - start, positions });
      };
      for (let w = start; w < end && !stopped; w += window) {
        pending.push(...fixesBetween(w, Math.min(end, w + window), historyIntervals, next));
        if (pending.length >= batchSize) await flush(false, Math.min(end, w + window) - start);
      }
      await flush(true, end - start);
      return positions;
    },

    /** Reports live: each vehicle every 10–30 s while moving, less often when standing. */
    start() {
      stopped = false;
      ensurePlans(clock().getTime() - (options.historyDays ?? 7) * DAY);
      const tick = () => {
        if (inFlight || stopped) return;
        const now = clock().getTime();
        const due: Position[] = [];
        for (const plan of plans) {
          const id = plan.vehicle.vehicleId;
          const at = nextFixAt.get(id) ?? now + Math.floor(hash01(id, now) * 10_000);
          if (at > now) {
            nextFixAt.set(id, at);
            continue;
          }
          const step = intervalAfter(plan, now, liveIntervals);
          const p = positionOf(plan, now, step);
          if (p) due.push(p);
          nextFixAt.set(id, now + step);
        }
        if (due.length === 0) return;
        inFlight = pipeline
          .ingest(due, source)
          .catch((err: unknown) => logger.warn({ err }, 'simulator: storing live positions failed'))
          .finally(() => {
            inFlight = null;
          });
      };
      timer = setInterval(tick, 1_000);
      timer.unref();
      tick();
    },

    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await inFlight;
    },

    /** True after `stop` (a back-fill then ends at its next batch). */
    get stopped() {
      return stopped;
    },

    /** Every vehicle's jobs departing in [from, to) (each is a demo SPK), in the plans this run drives. */
    tripsBetween(from: Date, to: Date): { vehicle: SimVehicle; trip: PlannedTrip }[] {
      if (plans.length === 0) ensurePlans(from.getTime());
      return plans.flatMap((plan) =>
        plan.tripsBetween(from.getTime(), to.getTime()).map((trip) => ({ vehicle: plan.vehicle, trip })),
      );
    },

    /** Where a vehicle is at an instant (for tests and tools). */
    positionAt(trackerId: string, t: Date): Position | null {
      ensurePlans(t.getTime());
      const plan = plans.find((p) => p.vehicle.trackerId === trackerId);
      return plan ? positionOf(plan, t.getTime(), 0) : null;
    },
  };
}
export type Simulator = ReturnType<typeof createSimulator>;
