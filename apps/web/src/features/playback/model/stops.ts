import type { PlaceRef } from '@pantau/contracts';
import { distanceKm, type PlaybackTrack } from './track';

/** Under this a vehicle stands still, km/h. */
export const STILL_SPEED_KMH = 5;
/** Standing still this long is a stop; shorter is a halt inside a trip (a red light, a queue). */
export const STOP_MIN_MS = 5 * 60_000;
/** A trip takes the vehicle at least this far; less is a shuffle within a stop. */
export const TRIP_MIN_KM = 0.2;
/** A halt counted in a trip's summary lasts at least this long. */
export const HALT_MIN_MS = 60_000;

export interface PlaybackStop {
  /** The first still fix and the last one before the vehicle moves again. */
  startIndex: number;
  endIndex: number;
  /** Epoch ms: the first still fix, and the next moving fix (or the last fix). */
  start: number;
  end: number;
  lon: number;
  lat: number;
  /** Where, as the server names it (its stops only). */
  place?: PlaceRef;
}

export interface PlaybackTrip {
  startIndex: number;
  endIndex: number;
  start: number;
  end: number;
  distanceKm: number;
  /** Seconds. */
  duration: number;
  drivingTime: number;
  idleTime: number;
  maxSpeed: number;
  avgSpeed: number;
  /** Halts shorter than a stop. */
  stops: number;
  violations: number;
  /** Where it started and ended, as the server names them (its trips only). */
  startPlace?: PlaceRef;
  endPlace?: PlaceRef;
}

interface StillRun {
  startIndex: number;
  endIndex: number;
  start: number;
  end: number;
}

/** Runs of still fixes lasting at least `minMs`, from the first still fix to the next moving one. */
function stillRuns(track: PlaybackTrack, minMs: number, from = 0, to = track.count - 1): StillRun[] {
  const runs: StillRun[] = [];
  let i = from;
  while (i <= to) {
    if (track.speed[i]! >= STILL_SPEED_KMH) {
      i += 1;
      continue;
    }
    const startIndex = i;
    while (i + 1 <= to && track.speed[i + 1]! < STILL_SPEED_KMH) i += 1;
    const endIndex = i;
    const start = track.time[startIndex]!;
    const end = endIndex + 1 <= to ? track.time[endIndex + 1]! : track.time[endIndex]!;
    if (end - start >= minMs) runs.push({ startIndex, endIndex, start, end });
    i += 1;
  }
  return runs;
}

/** Stops worked out from the fixes when the server has none to give: still for five minutes or longer. */
export function deriveStops(track: PlaybackTrack): PlaybackStop[] {
  return stillRuns(track, STOP_MIN_MS).map((r) => ({
    ...r,
    lon: track.lon[r.startIndex]!,
    lat: track.lat[r.startIndex]!,
  }));
}

/** The summary of fixes `startIndex`..`endIndex` as one trip; `violationStarts` are epoch ms. */
export function summariseTrip(
  track: PlaybackTrack,
  startIndex: number,
  endIndex: number,
  violationStarts: readonly number[] = [],
): PlaybackTrip {
  let distance = 0;
  let driving = 0;
  let idle = 0;
  let maxSpeed = 0;
  for (let i = startIndex; i <= endIndex; i++) {
    const speed = track.speed[i]!;
    if (speed > maxSpeed) maxSpeed = speed;
    if (i === endIndex) break;
    distance += distanceKm(track, i, i + 1);
    const dt = track.time[i + 1]! - track.time[i]!;
    if (speed >= STILL_SPEED_KMH) driving += dt;
    else if (track.ignition[i] === 1) idle += dt;
  }
  const start = track.time[startIndex]!;
  const end = track.time[endIndex]!;
  const drivingTime = Math.round(driving / 1000);
  return {
    startIndex,
    endIndex,
    start,
    end,
    distanceKm: distance,
    duration: Math.round((end - start) / 1000),
    drivingTime,
    idleTime: Math.round(idle / 1000),
    maxSpeed,
    avgSpeed: drivingTime > 0 ? distance / (drivingTime / 3600) : 0,
    stops: stillRuns(track, HALT_MIN_MS, startIndex, endIndex).filter((r) => r.end - r.start < STOP_MIN_MS)
      .length,
    violations: violationStarts.filter((t) => t >= start && t <= end).length,
  };
}

/** Trips between the stops: from the end of one to the start of the next, those going 200 m or more. */
export function deriveTrips(
  track: PlaybackTrack,
  stops: readonly PlaybackStop[],
  violationStarts: readonly number[] = [],
): PlaybackTrip[] {
  if (track.count < 2) return [];
  const bounds: [number, number][] = [];
  let from = 0;
  for (const stop of stops) {
    if (stop.startIndex > from) bounds.push([from, stop.startIndex]);
    from = Math.min(stop.endIndex + 1, track.count - 1);
  }
  if (from < track.count - 1) bounds.push([from, track.count - 1]);
  return bounds
    .map(([a, b]) => summariseTrip(track, a, b, violationStarts))
    .filter((trip) => trip.distanceKm >= TRIP_MIN_KM);
}
