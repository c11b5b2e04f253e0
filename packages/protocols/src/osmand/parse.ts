import { isAlarmKind, type AlarmKind } from '../position.js';
import { parseOsmandJson } from './json.js';
import { checkTrackerId, fail, type OsmandRequest, type OsmandResult } from './request.js';
import {
  KNOTS_TO_KMH,
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
  typedAttribute,
} from './values.js';

/**
 * Parses one OsmAnd request as Traccar's OsmAnd port reads it (research/anchors.md §5.1): a JSON body
 * (Traccar Client / Transistor format) when the content type says JSON, otherwise parameters from the
 * URL query, or from the form body when the query is empty.
 */
export function parseOsmand(request: OsmandRequest): OsmandResult {
  if (request.contentType?.toLowerCase().startsWith('application/json')) return parseOsmandJson(request);
  const params = paramsOf(request);
  const first = (...names: string[]) => {
    for (const name of names) {
      const value = params.get(name)?.find((v) => v.trim() !== '');
      if (value !== undefined) return value.trim();
    }
    return undefined;
  };

  const trackerId = first('id', 'deviceid');
  if (trackerId === undefined) return fail('id', 'missing');
  const badId = checkTrackerId(trackerId, 'id', request);
  if (badId) return badId;

  // Traccar Client's heartbeat: the id alone (perhaps with a time or battery), no coordinates.
  if (first('lat') === undefined && first('lon') === undefined && first('location') === undefined)
    return { ok: 'heartbeat', trackerId };

  const rawTime = first('timestamp');
  const fixTime =
    rawTime === undefined ? request.now : parseTimestamp(rawTime, request.naiveTimeOffsetMinutes ?? 0);
  if (!fixTime) return fail('timestamp', 'not seconds, milliseconds, ISO 8601 or yyyy-MM-dd HH:mm:ss');

  let [latText, lonText, latField, lonField] = [first('lat'), first('lon'), 'lat', 'lon'];
  const location = first('location');
  if (latText === undefined && lonText === undefined && location !== undefined) {
    [latText, lonText] = location.split(',').map((s) => s.trim());
    [latField, lonField] = ['location', 'location'];
  }
  if (latText === undefined) return fail(latField, 'missing');
  if (lonText === undefined) return fail(lonField, 'missing');
  const lat = toNumber(latText);
  const lon = toNumber(lonText);
  if (lat === null || Math.abs(lat) > 90) return fail(latField, 'must be a latitude between -90 and 90');
  if (lon === null || Math.abs(lon) > 180) return fail(lonField, 'must be a longitude between -180 and 180');

  const numberFields = [
    'speed',
    'bearing',
    'heading',
    'altitude',
    'accuracy',
    'hdop',
    'batt',
    'battery',
  ] as const;
  const numbers = {} as Record<(typeof numberFields)[number], number | null>;
  for (const name of numberFields) {
    const text = first(name);
    const value = text === undefined ? null : toNumber(text);
    if (text !== undefined && value === null) return fail(name, 'not a number');
    if (value !== null && Math.abs(value) > REAL_MAX) return fail(name, 'out of range');
    numbers[name] = value;
  }
  const knots = numbers.speed ?? 0;
  const validText = first('valid');
  const alarmText = first('alarm');
  const alarm: AlarmKind | null =
    alarmText === undefined ? null : isAlarmKind(alarmText) ? alarmText : 'general';

  const attributes: Record<string, unknown> = { protocol: 'osmand' };
  if (numbers.hdop !== null) attributes.hdop = numbers.hdop;
  const charge = toBoolean(first('charge'));
  if (charge !== null) attributes.charge = charge;
  const driverUniqueId = first('driverUniqueId');
  if (driverUniqueId !== undefined) attributes.driverUniqueId = driverUniqueId.slice(0, MAX_ATTRIBUTE_TEXT);
  if (alarm === 'general') attributes.alarm = alarmText!.slice(0, MAX_ATTRIBUTE_TEXT);
  for (const name of ['cell', 'wifi']) {
    const values = params.get(name);
    if (values?.length) attributes[name] = values.slice(0, 16).map((v) => v.slice(0, MAX_ATTRIBUTE_TEXT));
  }
  copyFreeAttributes(params, attributes);
  // Text the database can never hold is refused here, naming the parameter.
  for (const [key, values] of params) {
    for (const text of [key, ...values]) {
      const refused = refusedText(text);
      if (refused) return fail(key, refused);
    }
  }

  return {
    ok: true,
    position: {
      trackerId,
      fixTime,
      valid: validText === undefined ? true : toBoolean(validText) === true,
      lat,
      lon,
      speedKmh: round(Math.max(0, knots) * KNOTS_TO_KMH, 2),
      course: toCourse(numbers.bearing ?? numbers.heading ?? null),
      altitude: numbers.altitude,
      satellites: null,
      accuracy: numbers.accuracy !== null && numbers.accuracy >= 0 ? numbers.accuracy : null,
      ignition: toBoolean(first('ignition')),
      battery: numbers.batt ?? numbers.battery,
      alarm,
      attributes,
    },
  };
}

/** Parameters Pantau reads into fields; everything else becomes an attribute. */
const KNOWN_PARAMS = new Set([
  'id',
  'deviceid',
  'timestamp',
  'lat',
  'lon',
  'location',
  'valid',
  'speed',
  'bearing',
  'heading',
  'altitude',
  'accuracy',
  'hdop',
  'batt',
  'battery',
  'ignition',
  'alarm',
  'charge',
  'driverUniqueId',
  'cell',
  'wifi',
]);

function copyFreeAttributes(params: Map<string, string[]>, attributes: Record<string, unknown>): void {
  let count = 0;
  for (const [key, values] of params) {
    if (KNOWN_PARAMS.has(key) || UNSAFE_KEYS.has(key) || key.length > MAX_ATTRIBUTE_KEY) continue;
    const value = values[0];
    if (value === undefined) continue;
    if (++count > MAX_ATTRIBUTES) break;
    attributes[key] = typedAttribute(value.slice(0, MAX_ATTRIBUTE_TEXT));
  }
}

/** The query's parameters, or the form body's when the query has none (as Traccar reads them). */
function paramsOf(request: OsmandRequest): Map<string, string[]> {
  const fromQuery = toParams(request.query);
  if (fromQuery.size > 0) return fromQuery;
  const { body } = request;
  if (typeof body === 'string') {
    const params = new Map<string, string[]>();
    for (const [key, value] of new URLSearchParams(body))
      params.set(key, [...(params.get(key) ?? []), value]);
    return params;
  }
  if (body && typeof body === 'object' && !Array.isArray(body))
    return toParams(body as Record<string, unknown>);
  return fromQuery;
}

function toParams(record: Record<string, unknown>): Map<string, string[]> {
  const params = new Map<string, string[]>();
  for (const [key, raw] of Object.entries(record)) {
    const list = Array.isArray(raw) ? raw : [raw];
    const values = list
      .filter((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
      .map(String);
    if (values.length) params.set(key, values);
  }
  return params;
}
