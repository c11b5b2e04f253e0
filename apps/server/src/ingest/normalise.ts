import type { Position } from '@pantau/protocols';
import type { DropReason } from './types.js';

/** A fix more than this far ahead of the server clock is dropped (a tracker with a wrong clock). */
export const MAX_FUTURE_MS = 5 * 60_000;
/** Faster than this is a decoding error, not a truck. */
const MAX_SPEED_KMH = 400;
/** Fixes from before GPS week rollovers and factory-default clocks. */
const EARLIEST_FIX_MS = Date.UTC(2010, 0, 1);

const finiteOrNull = (v: number | null | undefined) =>
  typeof v === 'number' && Number.isFinite(v) ? v : null;

/**
 * Checks a decoded position and tidies its optional fields, or says why it is dropped: coordinates out
 * of range or exactly (0, 0) (a tracker without a fix reporting defaults), a speed that is no number or
 * out of range, an unusable time, or a fix time in the future.
 */
export function normalisePosition(
  p: Position,
  now: Date,
): { position: Position } | { reason: Exclude<DropReason, 'unknown-tracker' | 'duplicate'> } {
  const time = p.fixTime instanceof Date ? p.fixTime.getTime() : NaN;
  if (!Number.isFinite(time) || time < EARLIEST_FIX_MS) return { reason: 'invalid' };
  if (time > now.getTime() + MAX_FUTURE_MS) return { reason: 'future' };
  const { lat, lon, speedKmh } = p;
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180)
    return { reason: 'invalid' };
  if (lat === 0 && lon === 0) return { reason: 'invalid' };
  if (!Number.isFinite(speedKmh) || speedKmh < 0 || speedKmh > MAX_SPEED_KMH) return { reason: 'invalid' };
  const course = finiteOrNull(p.course);
  const satellites = finiteOrNull(p.satellites);
  return {
    position: {
      ...p,
      valid: p.valid !== false,
      course: course === null ? null : ((course % 360) + 360) % 360,
      altitude: finiteOrNull(p.altitude),
      satellites: satellites !== null && satellites >= 0 && satellites < 256 ? Math.round(satellites) : null,
      accuracy: finiteOrNull(p.accuracy),
      ignition: typeof p.ignition === 'boolean' ? p.ignition : null,
      odometerKm: finiteOrNull(p.odometerKm),
      attributes: p.attributes && typeof p.attributes === 'object' ? p.attributes : {},
    },
  };
}
