import type { StopRow, TripRow } from '@pantau/contracts';
import type { PlaybackStop, PlaybackTrip } from './stops';
import { indexAtTime, type PlaybackTrack } from './track';

/** The last fix at or before `ms`, within the track (the first fix when all are later). */
function indexAtOrBefore(track: PlaybackTrack, ms: number): number {
  const after = indexAtTime(track, ms);
  if (after < track.count && track.time[after] === ms) return after;
  return Math.max(0, after - 1);
}
/** The first fix at or after `ms`, within the track. */
const indexAtOrAfter = (track: PlaybackTrack, ms: number): number =>
  Math.min(track.count - 1, indexAtTime(track, ms));

/** The rows that start by the track's last fix (a track still loading has only its first part). */
const onTrack = <R extends { start: string }>(track: PlaybackTrack, rows: readonly R[]): R[] => {
  const last = track.time[track.count - 1]!;
  return rows.filter((r) => Date.parse(r.start) <= last);
};

/** The server's trips placed on the track: each knows the fixes it spans, for the player to jump to. */
export function tripsOnTrack(track: PlaybackTrack, rows: readonly TripRow[]): PlaybackTrip[] {
  if (track.count === 0) return [];
  return onTrack(track, rows).map((r) => {
    const start = Date.parse(r.start);
    const end = Date.parse(r.end);
    const startIndex = indexAtOrAfter(track, start);
    return {
      startIndex,
      endIndex: Math.max(startIndex, indexAtOrBefore(track, end)),
      start,
      end,
      distanceKm: r.distanceKm,
      duration: r.duration,
      drivingTime: r.drivingTime,
      idleTime: r.idleTime,
      maxSpeed: r.maxSpeed,
      avgSpeed: r.avgSpeed,
      stops: r.stops,
      violations: r.violations.total,
      startPlace: r.startPlace,
      endPlace: r.endPlace,
    };
  });
}

/** The server's stops placed on the track. */
export function stopsOnTrack(track: PlaybackTrack, rows: readonly StopRow[]): PlaybackStop[] {
  if (track.count === 0) return [];
  return onTrack(track, rows).map((r) => {
    const start = Date.parse(r.start);
    const end = Date.parse(r.end);
    const startIndex = indexAtOrAfter(track, start);
    return {
      startIndex,
      endIndex: Math.max(startIndex, indexAtOrBefore(track, end)),
      start,
      end,
      lon: r.position[0],
      lat: r.position[1],
      place: r.place,
    };
  });
}

/** The stop the fix at `index` belongs to, if any. */
export function stopAt(stops: readonly PlaybackStop[], index: number): PlaybackStop | undefined {
  return stops.find((s) => index >= s.startIndex && index <= s.endIndex);
}
