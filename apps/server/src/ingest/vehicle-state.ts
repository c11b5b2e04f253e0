import type { Position } from '@pantau/protocols';
import type { RuleThresholds, VehicleRuleState } from '../rules/types.js';
import {
  gpsStatusOf,
  localDayOf,
  localMidnightOf,
  motionOf,
  type LiveState,
} from '../live-state/live-state.js';
import { distanceKm } from './places.js';

/** A jump implying more than this between two fixes is a glitch, not driving: it adds no distance. */
const MAX_PLAUSIBLE_KMH = 250;
/** Ignition-on time is counted across gaps up to this long (a longer silence is not engine time). */
const MAX_ENGINE_GAP_S = 15 * 60;

/**
 * The state after a newer fix (the caller has checked `p.fixTime` is after `prev.fixTime`). Today's
 * distance grows by the straight line between consecutive valid fixes, engine time by the time the
 * ignition was on; both restart at local midnight.
 */
export function advanceState(
  prev: LiveState | null,
  p: Position,
  serverTime: Date,
  now: Date,
  t: Pick<RuleThresholds, 'gpsLostMinutes' | 'stopSpeedKmh'>,
  ruleState: VehicleRuleState,
  timeZone: string,
): LiveState {
  const day = localDayOf(p.fixTime, timeZone);
  const sameDay = prev?.day === day;
  let distance = sameDay ? prev.todayDistanceKm : 0;
  let engineS = sameDay ? prev.todayEngineS : 0;
  if (prev) {
    const dtS = (p.fixTime.getTime() - prev.fixTime.getTime()) / 1000;
    if (p.valid && prev.valid && dtS > 0) {
      const km = distanceKm(prev.lat, prev.lon, p.lat, p.lon);
      if ((km / dtS) * 3600 <= MAX_PLAUSIBLE_KMH) distance += km;
    }
    if (prev.ignition === true && dtS > 0 && dtS <= MAX_ENGINE_GAP_S) {
      const sinceMidnightS = (p.fixTime.getTime() - localMidnightOf(p.fixTime, timeZone)) / 1000;
      engineS += Math.round(Math.min(dtS, sinceMidnightS));
    }
  }
  // A fix without a satellite lock keeps the last trusted coordinates.
  const keepPlace = !p.valid && prev !== null;
  const gpsStatus = gpsStatusOf(p.fixTime, now, t.gpsLostMinutes);
  const ignition = p.ignition ?? prev?.ignition ?? null;
  // One literal (no `{ ...next, motion }`: adding a key after a spread is V8's slow path).
  return {
    fixTime: p.fixTime,
    serverTime,
    lat: keepPlace ? prev.lat : p.lat,
    lon: keepPlace ? prev.lon : p.lon,
    speed: p.speedKmh,
    course: p.course,
    ignition,
    valid: p.valid,
    odometerKm: p.odometerKm ?? prev?.odometerKm ?? null,
    motion: motionOf({ speed: p.speedKmh, ignition, gpsStatus }, t.stopSpeedKmh),
    gpsStatus,
    day,
    todayDistanceKm: distance,
    todayEngineS: engineS,
    ruleState,
  };
}

/** True when a change of state moves the vehicle between dashboard groups. */
export const changesSummary = (a: LiveState | null, b: LiveState) =>
  !a || a.gpsStatus !== b.gpsStatus || a.ignition !== b.ignition;
