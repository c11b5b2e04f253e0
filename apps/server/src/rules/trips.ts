import type { Position } from '@pantau/protocols';
import { dayBound, localDay, localMidnight } from '@pantau/contracts';
import { isTrustedFix, perPosition, unchanged } from './per-position.js';
import type { SliceBase, SliceResult } from './per-position.js';
import type { RuleContext, RuleEvent } from './types.js';

/**
 * A trip must take the vehicle this far from where it stood: a parked receiver's wander, a truck
 * shunting in a yard or edging forward in a queue is no trip.
 */
export const TRIP_MIN_DISTANCE_M = 200;
/** Two fixes implying more than this are a GPS jump: the later one is held until a fix agrees with it. */
export const MAX_PLAUSIBLE_KMH = 250;
/** Time between two fixes counts (driving, idle, engine) only across gaps up to this; longer is silence. */
export const MAX_GAP_S = 15 * 60;
/** A trip starts at the last still fix before it moved, when that fix is this recent; else at the first moving fix. */
export const START_GAP_S = 120;

interface Fix {
  t: number;
  lat: number;
  lon: number;
  kmh: number;
  ign: boolean | null;
}

/** A trip under way: `confirmed` once it took the vehicle `TRIP_MIN_DISTANCE_M` from its origin. */
export interface TripAcc {
  startMs: number;
  lat: number;
  lon: number;
  confirmed: boolean;
  distM: number;
  drivingS: number;
  idleS: number;
  maxKmh: number;
  /** Halts shorter than a stop (red lights, queues). */
  halts: number;
}

/** A time standing still: a halt until it lasts the stop threshold, then a stop. */
export interface StillAcc {
  startMs: number;
  lat: number;
  lon: number;
  /** Seconds standing with the ignition on. */
  idleS: number;
}

/** A local day of the vehicle (its unit's zone). */
export interface DayAcc {
  day: string;
  distM: number;
  drivingS: number;
  idleS: number;
  engineS: number;
  firstMoveMs: number | null;
  lastMoveMs: number | null;
  maxKmh: number;
}

export interface TripsSlice extends SliceBase {
  last: Fix | null;
  /** A fix an impossible speed away from `last`, held until the next fix says which one was right. */
  jump: Fix | null;
  trip: TripAcc | null;
  /** The halt under way (not yet a stop). */
  still: StillAcc | null;
  /** The stop the vehicle is in (when no trip is confirmed). */
  stop: StillAcc | null;
  /** The latest local days, oldest first (at most two: a fix after midnight may still close a halt before it). */
  days: DayAcc[];
}

const initial: TripsSlice = {
  v: 1,
  lastMs: null,
  last: null,
  jump: null,
  trip: null,
  still: null,
  stop: null,
  days: [],
};

/** What a closed trip, stop or day carries to the store (ingest/activity-store.ts). */
export interface TripRecord {
  startMs: number;
  endMs: number;
  startLat: number;
  startLon: number;
  endLat: number;
  endLon: number;
  distM: number;
  drivingS: number;
  idleS: number;
  maxKmh: number;
  halts: number;
}
export interface StopRecord {
  startMs: number;
  endMs: number;
  lat: number;
  lon: number;
  idleS: number;
}

const event = (
  kind: 'trip' | 'stop' | 'activity_day',
  key: string,
  startMs: number,
  record: object,
): RuleEvent => ({
  kind,
  // Complete when found (the open ones are the slice): an instant, its end in the record.
  phase: 'instant',
  key,
  startedAt: new Date(startMs),
  endedAt: null,
  maxValue: null,
  limitValue: null,
  lat: null,
  lon: null,
  attributes: { ...record },
});

export const tripRecordOf = (trip: TripAcc, endMs: number, endLat: number, endLon: number): TripRecord => ({
  startMs: trip.startMs,
  endMs,
  startLat: trip.lat,
  startLon: trip.lon,
  endLat,
  endLon,
  distM: trip.distM,
  drivingS: trip.drivingS,
  idleS: trip.idleS,
  maxKmh: trip.maxKmh,
  halts: trip.halts,
});

export const stopRecordOf = (stop: StillAcc, endMs: number): StopRecord => ({ ...stop, endMs });

const tripEnd = (r: TripRecord) => event('trip', `trip@${new Date(r.startMs).toISOString()}`, r.startMs, r);
const stopEnd = (r: StopRecord) => event('stop', `stop@${new Date(r.startMs).toISOString()}`, r.startMs, r);

const emptyDay = (day: string): DayAcc => ({
  day,
  distM: 0,
  drivingS: 0,
  idleS: 0,
  engineS: 0,
  firstMoveMs: null,
  lastMoveMs: null,
  maxKmh: 0,
});

/** What an interval between two fixes adds: metres and seconds, moving or not. */
interface Interval {
  fromMs: number;
  toMs: number;
  moving: boolean;
  distM: number;
  drivingS: number;
  idleS: number;
  engineS: number;
  kmh: number;
}

/**
 * Adds an interval to the days it covers, in proportion to its time in each (a silence longer than
 * `MAX_GAP_S` to the day it ends in); a new day pushes out the one before the last (a final day, in
 * `events`).
 */
function addToDays(days: DayAcc[], iv: Interval, timeZone: string, events: RuleEvent[]): DayAcc[] {
  let out = days;
  // Across a silence (no time counts) what little there is goes to the day of the fix that ends it.
  const fromMs = iv.toMs - iv.fromMs > MAX_GAP_S * 1000 ? iv.toMs : iv.fromMs;
  const span = iv.toMs - fromMs;
  const adds = iv.distM > 0 || iv.drivingS > 0 || iv.idleS > 0 || iv.engineS > 0;
  let s = fromMs;
  for (;;) {
    const { day, end: dayEnd } = dayOf(s, timeZone);
    const e = Math.min(iv.toMs, dayEnd);
    const i = out.findIndex((d) => d.day === day);
    if (i >= 0 ? adds || iv.moving : adds || e === iv.toMs) {
      // A new array and day object only where something changes: slices are never mutated.
      if (out === days) out = days.slice();
      let d: DayAcc;
      if (i >= 0) d = out[i] = { ...out[i]! };
      else {
        d = emptyDay(day);
        out.push(d);
        out.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
      }
      const f = span === 0 ? 1 : (e - s) / span;
      d.distM += iv.distM * f;
      d.drivingS += iv.drivingS * f;
      d.idleS += iv.idleS * f;
      d.engineS += iv.engineS * f;
      if (iv.moving) {
        d.firstMoveMs = d.firstMoveMs === null ? s : Math.min(d.firstMoveMs, s);
        d.lastMoveMs = d.lastMoveMs === null ? e : Math.max(d.lastMoveMs, e);
        d.maxKmh = Math.max(d.maxKmh, iv.kmh);
      }
    }
    if (e >= iv.toMs) break;
    s = e;
  }
  while (out.length > 2) {
    const d = out.shift()!;
    const start = dayStartOf(d.day, timeZone);
    events.push(event('activity_day', `day@${d.day}`, start, d));
  }
  return out;
}

const dayStartOf = (day: string, timeZone: string) => dayBound(day, 'start', timeZone);
/** Metres between two points (equirectangular: exact enough over the few hundred metres between fixes, and cheap). */
function distanceM(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const k = Math.cos(((aLat + bLat) / 2) * (Math.PI / 180));
  const dx = (bLon - aLon) * k;
  const dy = bLat - aLat;
  return Math.sqrt(dx * dx + dy * dy) * 111_319.49;
}

/** Per zone, the last local day asked for (start and end, epoch ms): every fix of a day asks for the same. */
const dayCache = new Map<string, { start: number; end: number; day: string }>();
/** The local day of `t` and the next local midnight after it. */
function dayOf(t: number, timeZone: string): { day: string; end: number } {
  const hit = dayCache.get(timeZone);
  if (hit && t >= hit.start && t < hit.end) return hit;
  const start = localMidnight(t, timeZone);
  const span = {
    start,
    end: dayBound(localDay(start + 30 * 3600_000, timeZone), 'start', timeZone),
    day: localDay(t, timeZone),
  };
  dayCache.set(timeZone, span);
  return span;
}

function onPosition(slice: TripsSlice, p: Position, ctx: RuleContext): SliceResult<TripsSlice> {
  if (!isTrustedFix(p)) return unchanged(slice);
  const b: Fix = { t: p.fixTime.getTime(), lat: p.lat, lon: p.lon, kmh: p.speedKmh, ign: p.ignition };
  const a = slice.last;
  const stillKmh = ctx.thresholds.stopSpeedKmh;
  const isStill = (f: Fix) => f.kmh < stillKmh;

  if (!a) {
    const first: TripsSlice = { ...slice, lastMs: b.t, last: b };
    if (isStill(b)) first.still = { startMs: b.t, lat: b.lat, lon: b.lon, idleS: 0 };
    else first.trip = newTrip(b.t, b);
    return { slice: first, events: [] };
  }
  // A GPS jump: a fix too far from the last one for the time between them is held, not believed,
  // until the next fix agrees with it (the vehicle was carried, or the receiver was off for a while).
  if (!plausible(a, b)) {
    if (slice.jump && plausible(slice.jump, b))
      return { slice: { ...slice, lastMs: b.t, last: b, jump: null }, events: [] };
    return { slice: { ...slice, lastMs: b.t, jump: b }, events: [] };
  }

  const events: RuleEvent[] = [];
  const dtS = (b.t - a.t) / 1000;
  const counted = dtS <= MAX_GAP_S;
  const moving = !isStill(a) || !isStill(b);
  const ignOn = a.ign === true;
  const iv: Interval = {
    fromMs: a.t,
    toMs: b.t,
    moving,
    distM: moving ? distanceM(a.lat, a.lon, b.lat, b.lon) : 0,
    drivingS: moving && counted ? dtS : 0,
    idleS: !moving && ignOn && counted ? dtS : 0,
    // A vehicle that moves has its engine running, whether or not its tracker reports the ignition.
    engineS: (ignOn || moving) && counted ? dtS : 0,
    kmh: Math.max(a.kmh, b.kmh),
  };
  let { trip, still, stop } = slice;

  // Moving off: a trip may be starting (confirmed once it takes the vehicle far enough).
  if (!isStill(b) && !trip) {
    const startMs = dtS <= START_GAP_S ? a.t : b.t;
    trip = newTrip(startMs, stop ?? a);
  }
  if (trip && b.t > trip.startMs && (iv.distM > 0 || iv.drivingS > 0)) {
    trip = {
      ...trip,
      distM: trip.distM + iv.distM,
      drivingS: trip.drivingS + iv.drivingS,
      maxKmh: Math.max(trip.maxKmh, iv.kmh),
    };
  }
  if (iv.idleS > 0) {
    if (still) still = { ...still, idleS: still.idleS + iv.idleS };
    else if (trip?.confirmed) trip = { ...trip, idleS: trip.idleS + iv.idleS };
    else if (stop) stop = { ...stop, idleS: stop.idleS + iv.idleS };
  }

  if (isStill(b)) {
    if (!still && (trip || !stop)) still = { startMs: b.t, lat: b.lat, lon: b.lon, idleS: 0 };
    if (still && b.t - still.startMs >= ctx.thresholds.stopMinMinutes * 60_000) {
      if (trip?.confirmed) {
        events.push(tripEnd(tripRecordOf(trip, still.startMs, still.lat, still.lon)));
        stop = still;
      } else if (stop) {
        // A move that went nowhere: the stop goes on.
        stop = { ...stop, idleS: stop.idleS + still.idleS };
      } else stop = still;
      trip = null;
      still = null;
    }
  } else {
    if (still) {
      if (trip?.confirmed) trip = { ...trip, idleS: trip.idleS + still.idleS, halts: trip.halts + 1 };
      else if (stop) stop = { ...stop, idleS: stop.idleS + still.idleS };
      still = null;
    }
    if (trip && !trip.confirmed && distanceM(trip.lat, trip.lon, b.lat, b.lon) >= TRIP_MIN_DISTANCE_M) {
      if (stop) events.push(stopEnd(stopRecordOf(stop, trip.startMs)));
      stop = null;
      trip = { ...trip, confirmed: true };
    }
  }

  const days = addToDays(slice.days, iv, ctx.vehicle.timeZone, events);
  return {
    slice: { v: 1, lastMs: b.t, last: b, jump: null, trip, still, stop, days },
    events,
  };
}

const newTrip = (startMs: number, from: { lat: number; lon: number }): TripAcc => ({
  startMs,
  lat: from.lat,
  lon: from.lon,
  confirmed: false,
  distM: 0,
  drivingS: 0,
  idleS: 0,
  maxKmh: 0,
  halts: 0,
});

function plausible(a: Fix, b: Fix): boolean {
  const m = distanceM(a.lat, a.lon, b.lat, b.lon);
  if (m < 1) return true;
  const dtS = (b.t - a.t) / 1000;
  return dtS > 0 && (m / 1000 / dtS) * 3600 <= MAX_PLAUSIBLE_KMH;
}

/**
 * Trips and stops, and the vehicle's local days. A vehicle is still at a fix slower than
 * `stopSpeedKmh`; a time still that lasts `stopMinMinutes` is a stop (shorter: a halt inside the trip,
 * its time idle), from its first still fix. A trip runs from the end of one stop (the last still fix
 * before moving, if at most `START_GAP_S` before) to the start of the next, and counts only once it
 * took the vehicle `TRIP_MIN_DISTANCE_M` from where it stood. Ignition does not decide movement (a
 * vehicle rolling with its ignition reported off is moving; a still one is still either way); it
 * decides idle (still, ignition on) and engine time. A fix an impossible speed away is held as a GPS
 * jump. Closed trips, stops and days are instant events (`trip`, `stop`, `activity_day`); the
 * open ones are the slice, which the store keeps as open rows (ingest/activity-store.ts).
 */
export const tripsRule = perPosition<TripsSlice>({ name: 'trips', initial, onPosition });

/** A trip still under way in a trips slice (confirmed), with where and when it is now. */
export function openOf(raw: unknown): {
  trip: TripRecord | null;
  stop: StopRecord | null;
  days: DayAcc[];
} {
  const s = raw as Partial<TripsSlice> | undefined;
  if (!s || s.v !== 1 || !s.last) return { trip: null, stop: null, days: s?.days ?? [] };
  const last = s.last;
  return {
    trip: s.trip?.confirmed ? tripRecordOf(s.trip, last.t, last.lat, last.lon) : null,
    stop: s.stop ? stopRecordOf(s.stop, last.t) : null,
    days: s.days ?? [],
  };
}
