import { isAlarmKind, type AlarmKind } from '../position.js';
import { checkTrackerId, fail, type OsmandRequest, type OsmandResult } from './request.js';
import {
  MAX_ATTRIBUTE_KEY,
  MAX_ATTRIBUTE_TEXT,
  MAX_ATTRIBUTES,
  REAL_MAX,
  UNSAFE_KEYS,
  parseTimestamp,
  refusedText,
  round,
  toBoolean,
  toCourse,
  toNumber,
} from './values.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The JSON body of Traccar Client before 2026 (Transistor background-geolocation):
 * `{ device_id, location: { timestamp, coords: { latitude, longitude, speed (m/s), heading, altitude,
 * accuracy }, battery: { level 0–1, is_charging }, is_moving, odometer (m), event, activity, mock,
 * alarm, extras } }`. -1 means "not available" for speed, heading and battery level.
 */
export function parseOsmandJson(request: OsmandRequest): OsmandResult {
  let body: unknown = request.body;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      return fail('body', 'not valid JSON');
    }
  }
  if (!isObject(body)) return fail('body', 'must be a JSON object');

  const rawId = body.device_id;
  const trackerId = typeof rawId === 'number' ? String(rawId) : typeof rawId === 'string' ? rawId.trim() : '';
  if (trackerId === '') return fail('device_id', 'missing');
  const badId = checkTrackerId(trackerId, 'device_id', request);
  if (badId) return badId;

  const location = body.location;
  // A heartbeat (Traccar Client with its heartbeat on): no location or no coordinates.
  const coords = isObject(location) ? location.coords : undefined;
  const absent = (v: unknown) => v === undefined || v === null;
  if (
    !isObject(location) ||
    absent(coords) ||
    (isObject(coords) && absent(coords.latitude) && absent(coords.longitude))
  )
    return { ok: 'heartbeat', trackerId };
  if (!isObject(coords)) return fail('location.coords', 'must be an object');

  const rawTime = location.timestamp;
  let fixTime: Date | null = request.now;
  if (rawTime !== undefined && rawTime !== null) {
    fixTime =
      typeof rawTime === 'string' || typeof rawTime === 'number'
        ? parseTimestamp(String(rawTime), request.naiveTimeOffsetMinutes ?? 0)
        : null;
  }
  if (!fixTime) return fail('location.timestamp', 'not a timestamp');

  const lat = toNumber(coords.latitude);
  const lon = toNumber(coords.longitude);
  if (lat === null || Math.abs(lat) > 90)
    return fail('location.coords.latitude', 'must be between -90 and 90');
  if (lon === null || Math.abs(lon) > 180)
    return fail('location.coords.longitude', 'must be between -180 and 180');

  const speedMps = toNumber(coords.speed);
  const accuracy = toNumber(coords.accuracy);
  const altitude = toNumber(coords.altitude);
  if (altitude !== null && Math.abs(altitude) > REAL_MAX)
    return fail('location.coords.altitude', 'out of range');
  if (accuracy !== null && Math.abs(accuracy) > REAL_MAX)
    return fail('location.coords.accuracy', 'out of range');
  const refused = refusedIn(location, 'location');
  if (refused) return refused;
  const battery = isObject(location.battery) ? location.battery : {};
  const level = toNumber(battery.level);
  const odometer = toNumber(location.odometer);
  const extras = isObject(location.extras) ? location.extras : {};

  const attributes: Record<string, unknown> = { protocol: 'osmand' };
  copyExtras(extras, attributes);
  const charge = toBoolean(battery.is_charging);
  if (charge !== null) attributes.charge = charge;
  const motion = toBoolean(location.is_moving);
  if (motion !== null) attributes.motion = motion;
  if (typeof location.event === 'string') attributes.event = location.event.slice(0, MAX_ATTRIBUTE_TEXT);
  if (isObject(location.activity) && typeof location.activity.type === 'string') {
    attributes.activity = location.activity.type.slice(0, MAX_ATTRIBUTE_TEXT);
  }
  if (location.mock === true) attributes.mock = true;

  let alarm: AlarmKind | null = null;
  if (typeof location.alarm === 'string') {
    alarm = isAlarmKind(location.alarm) ? location.alarm : 'general';
    if (alarm === 'general') attributes.alarm = location.alarm.slice(0, MAX_ATTRIBUTE_TEXT);
  }

  return {
    ok: true,
    position: {
      trackerId,
      fixTime,
      valid: true,
      lat,
      lon,
      speedKmh: speedMps !== null && speedMps > 0 ? round(speedMps * 3.6, 2) : 0,
      course: toCourse(toNumber(coords.heading)),
      altitude,
      satellites: null,
      accuracy: accuracy !== null && accuracy >= 0 ? accuracy : null,
      ignition: toBoolean(extras.ignition),
      odometerKm: odometer !== null && odometer >= 0 ? odometer / 1000 : null,
      battery: level !== null && level >= 0 ? round(Math.min(level, 1) * 100, 1) : null,
      alarm,
      attributes,
    },
  };
}

/** `extras` are the client's own typed attributes: primitives only, bounded in number and size. */
function copyExtras(extras: Json, attributes: Record<string, unknown>): void {
  let count = 0;
  for (const [key, value] of Object.entries(extras)) {
    if (UNSAFE_KEYS.has(key) || key.length > MAX_ATTRIBUTE_KEY) continue;
    if (typeof value === 'string') attributes[key] = value.slice(0, MAX_ATTRIBUTE_TEXT);
    else if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) {
      attributes[key] = value;
    } else continue;
    if (++count >= MAX_ATTRIBUTES) break;
  }
}

/** The first text (key or value) under `value` the database could never hold, as a failure naming it. */
function refusedIn(value: unknown, path: string, depth = 0): OsmandResult | null {
  if (typeof value === 'string') {
    const refused = refusedText(value);
    return refused ? fail(path, refused) : null;
  }
  if (typeof value !== 'object' || value === null || depth > 4) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`;
    const refused = refusedText(key);
    if (refused) return fail(at, refused);
    const inner = refusedIn(item, at, depth + 1);
    if (inner) return inner;
  }
  return null;
}
