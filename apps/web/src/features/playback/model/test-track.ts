import { emptyTrack, type PlaybackTrack } from './track';

/** A hand-made track: one fix per entry, `dtS` seconds apart by default, heading east at `speed`. */
export function makeTrack(
  fixes: readonly { speed: number; lon?: number; lat?: number; dtS?: number; ignition?: boolean | null }[],
): PlaybackTrack {
  const track = emptyTrack(fixes.length);
  let t = Date.parse('2026-11-20T00:00:00Z');
  let lon = 107;
  fixes.forEach((f, i) => {
    if (i > 0) t += (f.dtS ?? 30) * 1000;
    // Moving fixes advance by the distance their speed covers in the step.
    if (i > 0 && f.lon === undefined) lon += (f.speed * ((f.dtS ?? 30) / 3600)) / 110.6;
    track.time[i] = t;
    track.lon[i] = f.lon ?? lon;
    track.lat[i] = f.lat ?? -6.3;
    track.speed[i] = f.speed;
    track.course[i] = 90;
    track.ignition[i] = f.ignition === undefined ? 1 : f.ignition === null ? -1 : f.ignition ? 1 : 0;
  });
  return track;
}
