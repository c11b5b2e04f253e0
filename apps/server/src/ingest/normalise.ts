import type { Position } from '@pantau/protocols';
import type { DropReason } from './types.js';

/** A fix more than this far ahead of the server clock is dropped (a tracker with a wrong clock). */
export const MAX_FUTURE_MS = 5 * 60_000;
/** Faster than this is a decoding error, not a truck. */
const MAX_SPEED_KMH = 400;
/** Fixes from before GPS week rollovers and factory-default clocks. */
const EARLIEST_FIX_MS = Date.UTC(2010, 0, 1);
/** The range of a `real` (float4) column: larger magnitudes are refused, smaller ones underflow. */
const REAL_MAX = 3.4028234663852886e38;
const REAL_MIN = 1.1754943508222875e-38;
/** The smallest normal `double precision`; PostgreSQL may refuse a subnormal one. */
const DOUBLE_MIN = 2.2250738585072014e-308;
/** Attributes nested deeper than this are refused (a client cannot make the server walk for ever). */
const MAX_ATTRIBUTE_DEPTH = 8;

const finiteOrNull = (v: number | null | undefined) =>
  typeof v === 'number' && Number.isFinite(v) ? v : null;
/** A value for a `real` column: a magnitude too small to hold is 0 (PostgreSQL would refuse it). */
const real = (v: number) => (Math.abs(v) < REAL_MIN ? 0 : v);
const double = (v: number) => (Math.abs(v) < DOUBLE_MIN ? 0 : v);

export type Normalised =
  | { position: Position }
  | {
      reason: Exclude<DropReason, 'unknown-tracker' | 'duplicate'>;
      /** For a value the database could never hold: the field and why, for the client's 400. */
      field?: string;
      message?: string;
    };

/**
 * Checks a decoded position and tidies its optional fields, or says why it is dropped: coordinates out
 * of range or exactly (0, 0) (a tracker without a fix reporting defaults), a speed that is no number or
 * out of range, an unusable time, a fix time in the future, or a value the database could never store
 * (an altitude or accuracy beyond the range of its column, text with a NUL character or an unpaired
 * surrogate in the attributes, attributes that are no JSON). Those last name the field: they are refused
 * here, per position, so one of them can never fail the batch it would have shared with other trackers.
 */
export function normalisePosition(p: Position, now: Date): Normalised {
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
  const altitude = finiteOrNull(p.altitude);
  const accuracy = finiteOrNull(p.accuracy);
  const odometerKm = finiteOrNull(p.odometerKm);
  if (altitude !== null && Math.abs(altitude) > REAL_MAX)
    return { reason: 'invalid', field: 'altitude', message: 'out of range' };
  if (accuracy !== null && Math.abs(accuracy) > REAL_MAX)
    return { reason: 'invalid', field: 'accuracy', message: 'out of range' };
  const attributes = p.attributes && typeof p.attributes === 'object' ? p.attributes : {};
  const refused = jsonProblem(attributes, 'attributes', 0);
  if (refused) return { reason: 'invalid', ...refused };
  if (p.alarm !== null && p.alarm !== undefined && typeof p.alarm !== 'string') return { reason: 'invalid' };
  return {
    position: {
      ...p,
      valid: p.valid !== false,
      lat: double(lat),
      lon: double(lon),
      speedKmh: real(speedKmh),
      course: course === null ? null : real(((course % 360) + 360) % 360),
      altitude: altitude === null ? null : real(altitude),
      satellites: satellites !== null && satellites >= 0 && satellites < 256 ? Math.round(satellites) : null,
      accuracy: accuracy === null ? null : real(accuracy),
      ignition: typeof p.ignition === 'boolean' ? p.ignition : null,
      odometerKm: odometerKm === null ? null : double(odometerKm),
      battery: typeof p.battery === 'number' && Number.isFinite(p.battery) ? p.battery : null,
      attributes,
    },
  };
}

/**
 * Why `jsonb` would refuse a value, naming its path, or null: text (keys too) holding a NUL character
 * or an unpaired surrogate, a bigint, or nesting deeper than `MAX_ATTRIBUTE_DEPTH` (which also stops a
 * cycle). Functions, symbols and undefined are left out by JSON and need no check.
 */
function jsonProblem(value: unknown, path: string, depth: number): { field: string; message: string } | null {
  switch (typeof value) {
    case 'string':
      return textProblem(value, path);
    case 'bigint':
      return { field: path, message: 'not a JSON number' };
    case 'object': {
      if (value === null || value instanceof Date) return null;
      if (depth >= MAX_ATTRIBUTE_DEPTH) return { field: path, message: 'nested too deeply' };
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const problem = jsonProblem(value[i], `${path}[${i}]`, depth + 1);
          if (problem) return problem;
        }
        return null;
      }
      for (const key in value) {
        const at = `${path}.${key}`;
        const problem =
          textProblem(key, at) ?? jsonProblem((value as Record<string, unknown>)[key], at, depth + 1);
        if (problem) return problem;
      }
      return null;
    }
    default:
      return null;
  }
}

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(text: string, path: string): { field: string; message: string } | null {
  if (text.includes('\u0000')) return { field: path, message: 'contains a NUL character' };
  if (UNPAIRED_SURROGATE.test(text)) return { field: path, message: 'contains an unpaired surrogate' };
  return null;
}
