import { createRandom, type Random } from '../db/seed/prng.js';
import { node, ruler, shortestPath, type RoadNode } from './road-network.js';
import { jobsByPool, parkingSlot } from './pools.js';

/** One vehicle in three stands by in its pool (the spec's "stand by"): free for an SPK of one's own. */
export const standsByInPool = (vehicleId: number): boolean => vehicleId % 3 === 0;

/**
 * One vehicle in three works the evening shift: out of the pool between 17:00 and midnight and on through
 * the night (the car terminals work around the clock, and Jakarta's inner toll roads are easier for
 * trucks after dark), so some of the fleet is on the road at any hour.
 */
export const worksEvenings = (vehicleId: number): boolean => vehicleId % 3 === 1;

/** A vehicle the simulator drives. */
export interface SimVehicle {
  vehicleId: number;
  trackerId: string;
  /** Road node of the vehicle's pool. */
  poolId: string;
  vehicleClass: 'CC' | 'TRUCK';
  speedLimitKmh: number;
  /** The vehicle's parking slot in its pool's yard (0, 1, …; one vehicle a slot). */
  slot?: number;
  /** A stand-by reserve: parked in its pool, engine off, reporting but driving no job. */
  reserve?: boolean;
}

/** One job of a working day, as its SPK plans it: out of the pool, load, unload, back to the pool. */
export interface PlannedTrip {
  /** When the vehicle pulls out of its parking slot. */
  departAt: number;
  /** Road nodes of the loading and unloading sites. */
  origin: string;
  destination: string;
  /** The tracker fails for 6–30 hours that day: the job leaves (almost) no positions. */
  trackerFault: boolean;
  /** When the vehicle left the road for a detour between loading and unloading, if it did. */
  detourAt?: number;
}

export type StopReason = 'pool' | 'loading' | 'unloading' | 'rest' | 'night' | 'shoulder' | 'traffic';

/**
 * One straight stretch of a vehicle's timeline: moving from (lat0, lon0) to (lat1, lon1) at constant
 * speed, or standing still (same point) for a reason. A vehicle's day is a few hundred of these.
 */
export interface Piece {
  t0: number;
  t1: number;
  lat0: number;
  lon0: number;
  lat1: number;
  lon1: number;
  ignition: boolean;
  /** Present when standing still. */
  stop?: StopReason;
  course: number;
}

/** Where the vehicle is at an instant, as a tracker would report it. */
export interface Sample {
  lat: number;
  lon: number;
  speedKmh: number;
  course: number;
  ignition: boolean;
  moving: boolean;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** WIB, UTC+7: drivers keep local hours. */
const LOCAL_OFFSET = 7 * HOUR;
const localHour = (t: number) => ((((t + LOCAL_OFFSET) % DAY) + DAY) % DAY) / HOUR;
/** The first instant at or after `t` whose local time of day is `hour` (fractional). */
function nextLocal(t: number, hour: number): number {
  const dayStart = Math.floor((t + LOCAL_OFFSET) / DAY) * DAY - LOCAL_OFFSET;
  const candidate = dayStart + hour * HOUR;
  return candidate >= t ? candidate : candidate + DAY;
}

/** A deterministic hash of two numbers to [0, 1): noise that is a pure function of time. */
export function hash01(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b | 0, 0xc2b2ae35) ^ Math.floor(b / 4294967296);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

export function seedOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const bearing = (lat0: number, lon0: number, lat1: number, lon1: number) =>
  Math.round((ruler.bearing([lon0, lat0], [lon1, lat1]) + 360) % 360);

/**
 * A vehicle's life as a timeline of pieces, generated lazily from an anchor instant with a seeded
 * PRNG, so the position at any instant is a pure function of (vehicle, anchor, instant): a restart
 * within the same anchor period resumes exactly where the history left off.
 *
 * A working day: leave the pool between 05:00 and 09:00 WIB (some days stand by), drive to the plant,
 * load (30–120 min), drive the trayek at toll speeds (60–85 km/h, with a driver-dependent chance of
 * over-speed episodes), slower in town, rest every ~4 h of driving (at a rest area when one is on the
 * way), stop for the night on long trips, unload (30–120 min), and
 * return to the pool where the ignition stays off overnight (one job a day: the demo's SPKs). Now and then a driver stops on the
 * shoulder (over-stop, engine running), leaves the route for a few kilometres, or the tracker loses GPS.
 */
export class VehiclePlan {
  private readonly rnd: Random;
  private readonly pieces: Piece[] = [];
  /** Periods without fixes (GPS lost), in time order. */
  private readonly gpsLoss: [number, number][] = [];
  private readonly cruiseKmh: number;
  private readonly speeding: number;
  /** The road node the vehicle last left from or arrived at (routing starts here). */
  private here: RoadNode;
  /** Where the vehicle is now (may be between nodes, e.g. stopped on the shoulder). */
  private lat: number;
  private lon: number;
  private time: number;
  private lastCourse = 0;
  private drivenSinceRestMs = 0;
  private cursor = 0;
  /** The jobs planned so far, in order (one a working day). */
  private readonly trips: PlannedTrip[] = [];
  /** When the last drive left the road for a detour (drive sets it). */
  private detouredAt: number | null = null;

  constructor(
    readonly vehicle: SimVehicle,
    anchor: number,
  ) {
    this.rnd = createRandom(seedOf(`${vehicle.trackerId}:${anchor}`));
    this.cruiseKmh = this.rnd.int(62, 76);
    // Most drivers rarely speed; one in five does it often.
    this.speeding = this.rnd.chance(0.2) ? 0.08 : 0.015;
    this.here = node(vehicle.poolId);
    const parked = parkingSlot(this.here, vehicle.slot ?? 0);
    this.lat = parked.lat;
    this.lon = parked.lon;
    this.time = anchor;
  }

  /** Where the vehicle is at `t`, or null while its tracker has no GPS. `t` must not go backwards by much. */
  sample(t: number): Sample | null {
    this.extendTo(t);
    while (this.gpsLoss.length > 0 && this.gpsLoss[0]![1] < t) this.gpsLoss.shift();
    if (this.gpsLoss.some(([a, b]) => a <= t && t < b)) return null;
    const piece = this.pieceAt(t);
    const f = piece.t1 > piece.t0 ? (t - piece.t0) / (piece.t1 - piece.t0) : 0;
    const lat = piece.lat0 + (piece.lat1 - piece.lat0) * f;
    const lon = piece.lon0 + (piece.lon1 - piece.lon0) * f;
    if (piece.stop)
      return { lat, lon, speedKmh: 0, course: piece.course, ignition: piece.ignition, moving: false };
    const km = ruler.distance([piece.lon0, piece.lat0], [piece.lon1, piece.lat1]);
    const speed = (km / (piece.t1 - piece.t0)) * HOUR;
    // ±1.5 km/h of reading noise, a pure function of the instant.
    const noisy = Math.max(1, speed + (hash01(this.vehicle.vehicleId, t) - 0.5) * 3);
    return {
      lat,
      lon,
      speedKmh: Math.round(noisy * 10) / 10,
      course: piece.course,
      ignition: true,
      moving: true,
    };
  }

  /**
   * The jobs whose departure is in [from, to): the timeline is planned a working day at a time, so a
   * job is known from the evening before (its SPK can be made before the vehicle leaves its pool).
   */
  tripsBetween(from: number, to: number): PlannedTrip[] {
    this.extendTo(to);
    return this.trips.filter((trip) => trip.departAt >= from && trip.departAt < to);
  }

  /** True when the vehicle is driving at `t` (the simulator reports more often then). */
  isMoving(t: number): boolean {
    this.extendTo(t);
    return !this.pieceAt(t).stop;
  }

  private pieceAt(t: number): Piece {
    // Pieces before the last lookup are no longer needed: time only moves forward.
    while (this.cursor < this.pieces.length - 1 && this.pieces[this.cursor]!.t1 <= t) this.cursor++;
    if (this.cursor > 512) {
      this.pieces.splice(0, this.cursor);
      this.cursor = 0;
    }
    return this.pieces[this.cursor]!;
  }

  private extendTo(t: number) {
    while (this.time <= t) this.workingDay();
  }

  private stay(until: number, reason: StopReason, ignition: boolean) {
    if (until <= this.time) return;
    const { lat, lon } = this;
    this.pieces.push({
      t0: this.time,
      t1: until,
      lat0: lat,
      lon0: lon,
      lat1: lat,
      lon1: lon,
      ignition,
      stop: reason,
      course: this.lastCourse,
    });
    this.time = until;
    if (reason !== 'traffic' && reason !== 'shoulder') this.drivenSinceRestMs = 0;
  }

  /** Loading or unloading: engine on while manoeuvring at the start and end, off in between. */
  private handling(reason: 'loading' | 'unloading') {
    const minutes = this.rnd.int(30, 120);
    this.stay(this.time + 5 * MINUTE, reason, true);
    this.stay(this.time + (minutes - 10) * MINUTE, reason, false);
    this.stay(this.time + 5 * MINUTE, reason, true);
  }

  private workingDay() {
    const pool = this.vehicle.poolId;
    if (this.vehicle.reserve) {
      this.stay(nextLocal(this.time + HOUR, 5), 'pool', false);
      return;
    }
    const evening = worksEvenings(this.vehicle.vehicleId);
    let depart = nextLocal(this.time, evening ? 17 + this.rnd.next() * 7 : 5 + this.rnd.next() * 4);
    if (this.rnd.chance(0.12)) depart += DAY; // a stand-by day in the pool
    this.stay(depart, 'pool', false);
    const jobs = jobsByPool[pool] ?? jobsByPool.pool_cibitung!;
    // A rare tracker fault: no GPS for 6–30 hours.
    const trackerFault = this.rnd.chance(0.02);
    if (trackerFault) {
      const from = this.time + this.rnd.int(0, 12) * HOUR;
      this.gpsLoss.push([from, from + this.rnd.int(6, 30) * HOUR]);
    }
    // One job a day, each an SPK: out of the pool, load, unload and back.
    const [origin, destination] = this.pickJob(jobs);
    const trip: PlannedTrip = { departAt: this.time, origin, destination, trackerFault };
    this.trips.push(trip);
    this.drive(origin);
    this.handling('loading');
    this.detouredAt = null;
    this.drive(destination);
    if (this.detouredAt !== null) trip.detourAt = this.detouredAt;
    this.handling('unloading');
    this.drive(pool);
    // Back in the pool: engine off until the next morning.
    this.stay(this.time + 30 * MINUTE, 'pool', false);
  }

  private pickJob(jobs: [string, string, number][]): [string, string] {
    const total = jobs.reduce((sum, j) => sum + j[2], 0);
    let r = this.rnd.next() * total;
    for (const [origin, destination, weight] of jobs) {
      r -= weight;
      if (r <= 0) return [origin, destination];
    }
    return [jobs[0]![0], jobs[0]![1]];
  }

  /** Drives to `toId` along the road network; returns the kilometres driven. */
  private drive(toId: string): number {
    if (toId === this.here.id) return 0;
    const path = shortestPath(this.here.id, toId);
    const driveStart = this.time;
    // Out of the parking slot to the yard's gate, at walking pace.
    if (this.lat !== this.here.lat || this.lon !== this.here.lon) this.yardMove(this.here, 10);
    const deviateAt = path.km > 30 && this.rnd.chance(0.08) ? this.rnd.int(1, path.nodes.length - 2) : -1;
    const restAfterMs = (3.5 + this.rnd.next() * 0.7) * HOUR;
    let remainingKm = path.km;
    let episodeChunks = 0;
    for (let i = 1; i < path.nodes.length; i++) {
      const from = path.nodes[i - 1]!;
      const to = path.nodes[i]!;
      const toll = path.classes[i - 1] === 'toll';
      const points = i === deviateAt && toll ? this.detour(from, to) : [from, to];
      if (points.length > 2) this.detouredAt = this.time;
      for (let p = 1; p < points.length; p++) {
        const a = points[p - 1]!;
        const b = points[p]!;
        const km = ruler.distance([a.lon, a.lat], [b.lon, b.lat]);
        const chunks = Math.max(1, Math.round(km / (toll ? 3 : 1)));
        for (let c = 0; c < chunks; c++) {
          const f0 = c / chunks;
          const f1 = (c + 1) / chunks;
          let speed: number;
          if (toll) {
            if (episodeChunks === 0 && this.rnd.chance(this.speeding)) episodeChunks = this.rnd.int(1, 3);
            if (episodeChunks > 0) {
              episodeChunks--;
              speed = this.vehicle.speedLimitKmh + this.rnd.int(6, 22);
            } else {
              speed = Math.min(85, Math.max(50, this.cruiseKmh + this.rnd.int(-8, 8)));
            }
          } else {
            speed = this.rnd.chance(0.1) ? this.rnd.int(5, 12) : this.rnd.int(20, 45);
          }
          // Pulling out of a site and into one: slow.
          const chunkKm = km / chunks;
          if ((i === 1 && p === 1 && c === 0) || (i === path.nodes.length - 1 && c === chunks - 1))
            speed = 15;
          this.move(a, b, f0, f1, chunkKm, speed);
          remainingKm -= chunkKm;
          if (toll && this.rnd.chance(0.003)) {
            // Stopped on the shoulder with the engine running: an over-stop outside any allowed place.
            this.stay(this.time + this.rnd.int(35, 90) * MINUTE, 'shoulder', true);
          } else if (!toll && this.rnd.chance(0.03)) {
            this.stay(this.time + this.rnd.int(1, 4) * MINUTE, 'traffic', true);
          }
        }
      }
      if (i === path.nodes.length - 1) break;
      const hour = localHour(this.time);
      // A day-shift driver does not start a long stretch at night: they stop until the morning.
      if ((hour >= 22 || hour < 4) && remainingKm > 60 && !worksEvenings(this.vehicle.vehicleId)) {
        this.stay(nextLocal(this.time, 5 + this.rnd.next() * 0.5), 'night', false);
      } else if (
        this.drivenSinceRestMs > restAfterMs ||
        (to.kind === 'rest_area' && this.drivenSinceRestMs > 2 * HOUR)
      ) {
        this.stay(this.time + this.rnd.int(30, 45) * MINUTE, 'rest', false);
      }
    }
    this.here = node(toId);
    // Back in the pool: into the vehicle's own slot.
    if (toId === this.vehicle.poolId) this.yardMove(parkingSlot(this.here, this.vehicle.slot ?? 0), 10);
    if (this.rnd.chance(0.06)) {
      // Lost GPS for a while during this drive (tunnel-free Java: usually a jammer or a loose antenna).
      const from = driveStart + this.rnd.next() * Math.max(0, this.time - driveStart - 10 * MINUTE);
      this.gpsLoss.push([from, from + this.rnd.int(10, 45) * MINUTE]);
    }
    return path.km;
  }

  /** Leaves the road for a few kilometres: the straight hop becomes a bow 1.5–3.5 km to one side. */
  private detour(a: RoadNode, b: RoadNode): RoadNode[] {
    const side = this.rnd.chance(0.5) ? 1 : -1;
    const offsetKm = 1.5 + this.rnd.next() * 2;
    const heading = ruler.bearing([a.lon, a.lat], [b.lon, b.lat]) + 90 * side;
    const at = (f: number) => {
      const [lon, lat] = ruler.destination(
        [a.lon + (b.lon - a.lon) * f, a.lat + (b.lat - a.lat) * f],
        offsetKm,
        heading,
      );
      return { ...a, id: `${a.id}~${f}`, lat: lat!, lon: lon! };
    };
    return [a, at(0.35), at(0.65), b];
  }

  /** A short manoeuvre inside a yard from where the vehicle is to `to`. */
  private yardMove(to: { lat: number; lon: number }, speedKmh: number) {
    const from = { ...this.here, lat: this.lat, lon: this.lon };
    const km = ruler.distance([this.lon, this.lat], [to.lon, to.lat]);
    this.move(from, { ...this.here, lat: to.lat, lon: to.lon }, 0, 1, km, speedKmh);
  }

  private move(a: RoadNode, b: RoadNode, f0: number, f1: number, km: number, speedKmh: number) {
    const lat0 = a.lat + (b.lat - a.lat) * f0;
    const lon0 = a.lon + (b.lon - a.lon) * f0;
    const lat1 = a.lat + (b.lat - a.lat) * f1;
    const lon1 = a.lon + (b.lon - a.lon) * f1;
    const ms = Math.max(1000, Math.round((km / speedKmh) * HOUR));
    this.lastCourse = bearing(lat0, lon0, lat1, lon1);
    this.pieces.push({
      t0: this.time,
      t1: this.time + ms,
      lat0,
      lon0,
      lat1,
      lon1,
      ignition: true,
      course: this.lastCourse,
    });
    this.time += ms;
    this.lat = lat1;
    this.lon = lon1;
    this.drivenSinceRestMs += ms;
  }
}
