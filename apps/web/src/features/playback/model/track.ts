import type { GpsLogList } from '@pantau/contracts';

type GpsLogItem = GpsLogList['results'][number];

/**
 * Every position of a period as columns of typed arrays: 260,000 fixes are ~8 MB here instead of a
 * quarter of a million objects, and the player reads one index at a time without allocating.
 */
export interface PlaybackTrack {
  count: number;
  /** Epoch ms. */
  time: Float64Array;
  lon: Float64Array;
  lat: Float64Array;
  /** km/h */
  speed: Float32Array;
  /** Degrees; NaN when the tracker did not say. */
  course: Float32Array;
  /** 1 on, 0 off, -1 unknown. */
  ignition: Int8Array;
}

export function emptyTrack(count = 0): PlaybackTrack {
  return {
    count,
    time: new Float64Array(count),
    lon: new Float64Array(count),
    lat: new Float64Array(count),
    speed: new Float32Array(count),
    course: new Float32Array(count),
    ignition: new Int8Array(count),
  };
}

/** Pages of `logs/gps` (oldest first) as one track; invalid fixes are left out. */
export function trackOf(pages: readonly (readonly GpsLogItem[])[]): PlaybackTrack {
  let total = 0;
  for (const page of pages) for (const p of page) if (p.valid) total += 1;
  const track = emptyTrack(total);
  let i = 0;
  for (const page of pages)
    for (const p of page) {
      if (!p.valid) continue;
      track.time[i] = Date.parse(p.fixTime);
      track.lon[i] = p.lon;
      track.lat[i] = p.lat;
      track.speed[i] = p.speed;
      track.course[i] = p.course ?? Number.NaN;
      track.ignition[i] = p.ignition === null ? -1 : p.ignition ? 1 : 0;
      i += 1;
    }
  return track;
}

/** The first index at or after `ms` (the count when every fix is earlier). */
export function indexAtTime(track: PlaybackTrack, ms: number): number {
  let lo = 0;
  let hi = track.count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (track.time[mid]! < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const EARTH_RADIUS_KM = 6371.0088;
const RAD = Math.PI / 180;

/** Great-circle distance in km between two fixes of the track. */
export function distanceKm(track: PlaybackTrack, a: number, b: number): number {
  const dLat = (track.lat[b]! - track.lat[a]!) * RAD;
  const dLon = (track.lon[b]! - track.lon[a]!) * RAD;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(track.lat[a]! * RAD) * Math.cos(track.lat[b]! * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The west, south, east, north corners of fixes `from`..`to` (inclusive). */
export function boundsOf(
  track: PlaybackTrack,
  from = 0,
  to = track.count - 1,
): [number, number, number, number] | null {
  if (track.count === 0 || to < from) return null;
  let w = Infinity;
  let s = Infinity;
  let e = -Infinity;
  let n = -Infinity;
  for (let i = from; i <= to; i++) {
    const lon = track.lon[i]!;
    const lat = track.lat[i]!;
    if (lon < w) w = lon;
    if (lon > e) e = lon;
    if (lat < s) s = lat;
    if (lat > n) n = lat;
  }
  return [w, s, e, n];
}
