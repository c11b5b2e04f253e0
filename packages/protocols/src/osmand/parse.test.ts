import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Position } from '../position.js';
import { parseOsmand } from './parse.js';
import type { OsmandRequest } from './request.js';

const now = new Date('2026-03-01T00:00:00Z');
const JSON_TYPE = 'application/json; charset=utf-8';

/** Parses `?a=1&b=2` the way an HTTP framework hands the query over (repeated keys → arrays). */
function query(qs: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(qs)) {
    const prev = out[key];
    out[key] = prev === undefined ? value : [...(Array.isArray(prev) ? prev : [prev]), value];
  }
  return out;
}

function position(request: Partial<OsmandRequest>): Position {
  const result = parseOsmand({ query: {}, now, ...request });
  if (result.ok === false) throw new Error(`${result.field}: ${result.message}`);
  if (result.ok === 'heartbeat') throw new Error('a heartbeat');
  return result.position;
}

describe('parseOsmand, query parameters (research/anchors.md §5.4)', () => {
  const cases: [string, string, Partial<Position>][] = [
    [
      'ISO timestamp, hdop, altitude',
      'id=902064&lat=42.06288&lon=-88.23412&timestamp=2016-01-27T18%3A55%3A47Z&hdop=6.0&altitude=224.0&speed=0.0',
      {
        trackerId: '902064',
        fixTime: new Date('2016-01-27T18:55:47Z'),
        lat: 42.06288,
        lon: -88.23412,
        altitude: 224,
        speedKmh: 0,
        valid: true,
        attributes: { protocol: 'osmand', hdop: 6 },
      },
    ],
    [
      'timestamp in milliseconds',
      'id=902064&lat=42.06288&lon=-88.23412&timestamp=1442068686579&hdop=6.0&altitude=224.0&speed=0.0',
      { fixTime: new Date('2015-09-12T14:38:06.579Z') },
    ],
    [
      'yyyy-MM-dd HH:mm:ss, id last',
      'lat=49.60688&lon=6.15788&timestamp=2014-06-04+09%3A10%3A11&altitude=384.7&speed=0.0&id=353861053849681',
      { trackerId: '353861053849681', fixTime: new Date('2014-06-04T09:10:11Z'), altitude: 384.7 },
    ],
    [
      'seconds, knots, bearing, free attributes',
      'id=123456789012345&timestamp=1504763810&lat=40.7232948571&lon=-74.0061408571&bearing=7.19889788244&speed=40&ignition=true&rpm=933&fuel=24',
      {
        fixTime: new Date('2017-09-07T05:56:50Z'),
        speedKmh: 74.08,
        course: 7.19889788244,
        ignition: true,
        attributes: { protocol: 'osmand', rpm: 933, fuel: 24 },
      },
    ],
    [
      'location=lat,lon',
      'id=123456&timestamp=1377177267&location=60.0,30.0',
      { fixTime: new Date('2013-08-22T13:14:27Z'), lat: 60, lon: 30 },
    ],
    [
      'Traccar Client SDK fields, SOS button',
      'id=48241179&lat=-6.2&lon=106.8&timestamp=1750000000&accuracy=12.5&altitude=30&speed=10&bearing=370&batt=55&charge=true&alarm=sos&battery_health=good',
      {
        accuracy: 12.5,
        speedKmh: 18.52,
        course: 10,
        battery: 55,
        alarm: 'sos',
        attributes: { protocol: 'osmand', charge: true, battery_health: 'good' },
      },
    ],
    [
      'deviceid, heading, valid=0, driver, an alarm Pantau has no name for',
      'deviceid=abc&lat=1&lon=2&heading=90&valid=0&driverUniqueId=D-17&alarm=panic&mock=false',
      {
        trackerId: 'abc',
        course: 90,
        valid: false,
        fixTime: now,
        alarm: 'general',
        attributes: { protocol: 'osmand', driverUniqueId: 'D-17', alarm: 'panic', mock: false },
      },
    ],
    [
      'cell and wifi kept as lists',
      'id=1&lat=1&lon=2&cell=257,02,16,2224&cell=257,02,16,2223,-90&wifi=00-14-22-01-23-45,-80',
      {
        attributes: {
          protocol: 'osmand',
          cell: ['257,02,16,2224', '257,02,16,2223,-90'],
          wifi: ['00-14-22-01-23-45,-80'],
        },
      },
    ],
  ];

  it.each(cases)('%s', (_name, qs, expected) => {
    expect(position({ query: query(qs) })).toMatchObject(expected);
  });

  it('reads a form-encoded POST body when the query is empty (Traccar Client SDK)', () => {
    const body = 'id=48241179&lat=-6.1148&lon=106.6837&timestamp=1750000000&speed=1.94&batt=80';
    const contentType = 'application/x-www-form-urlencoded';
    expect(position({ body, contentType })).toMatchObject({
      trackerId: '48241179',
      lat: -6.1148,
      battery: 80,
    });
    // …and a body the framework has already parsed into fields.
    expect(position({ body: { id: '7', lat: '1', lon: '2' }, contentType })).toMatchObject({
      trackerId: '7',
    });
  });

  it('keeps the object prototype out of reach of parameter names', () => {
    const p = position({ query: query('id=1&lat=1&lon=2&__proto__=x&constructor=y') });
    expect(Object.getPrototypeOf(p.attributes)).toBe(Object.prototype);
    expect(Object.keys(p.attributes)).toEqual(['protocol']);
  });
});

describe('parseOsmand, JSON body (Traccar Client before 2026)', () => {
  const tangerang = {
    location: {
      event: 'motionchange',
      is_moving: false,
      uuid: '0e9a2473-a9a7-4c00-997b-fb97d2154e75',
      timestamp: '2021-07-21T08:06:34.444Z',
      odometer: 1500,
      coords: {
        latitude: -6.1148096,
        longitude: 106.6837015,
        accuracy: 3.8,
        speed: 18.67,
        heading: 63,
        altitude: 35.7,
      },
      activity: { type: 'still', confidence: 100 },
      battery: { is_charging: false, level: 0.79 },
      extras: {},
    },
    device_id: '8737767034',
  };

  it('reads the Transistor format (speed m/s → km/h, battery 0–1 → %)', () => {
    expect(position({ body: JSON.stringify(tangerang), contentType: JSON_TYPE })).toEqual({
      trackerId: '8737767034',
      fixTime: new Date('2021-07-21T08:06:34.444Z'),
      valid: true,
      lat: -6.1148096,
      lon: 106.6837015,
      speedKmh: 67.21,
      course: 63,
      altitude: 35.7,
      satellites: null,
      accuracy: 3.8,
      ignition: null,
      odometerKm: 1.5,
      battery: 79,
      alarm: null,
      attributes: {
        protocol: 'osmand',
        charge: false,
        motion: false,
        event: 'motionchange',
        activity: 'still',
      },
    });
  });

  it('copies typed extras, and -1 heading means no course', () => {
    const body = {
      location: {
        timestamp: '2025-06-15T13:45:12.862Z',
        coords: {
          latitude: 37.4219983,
          longitude: -122.084,
          accuracy: 5,
          speed: 0,
          heading: -1,
          altitude: 5,
        },
        battery: { level: 1, is_charging: false },
        alarm: 'sos',
        extras: {
          device_string_test: 'long_device_id',
          device_bool_test: true,
          device_integer_twelve_test: 12,
          nested: { a: 1 },
        },
      },
      device_id: '48241179',
    };
    const p = position({ body, contentType: 'application/json' });
    expect(p).toMatchObject({ course: null, battery: 100, alarm: 'sos', speedKmh: 0 });
    expect(p.attributes).toMatchObject({
      device_string_test: 'long_device_id',
      device_bool_test: true,
      device_integer_twelve_test: 12,
    });
    expect(p.attributes).not.toHaveProperty('nested');
  });
});

describe('parseOsmand rejects what it cannot store, naming the field', () => {
  const json = (body: unknown) => ({ body: JSON.stringify(body), contentType: JSON_TYPE });
  const coords = { latitude: 1, longitude: 2 };
  const cases: [string, Partial<OsmandRequest>, string][] = [
    ['no id', { query: query('timestamp=1377177267&lat=60.0&lon=30.0') }, 'id'],
    ['empty id', { query: query('id=&lat=1&lon=2') }, 'id'],
    ['id with spaces', { query: query('id=a+b&lat=1&lon=2') }, 'id'],
    ['unknown id', { query: query('id=999&lat=1&lon=2'), isKnownTracker: (id) => id === '1' }, 'id'],
    ['latitude above 90', { query: query('id=1&lat=90.5&lon=2') }, 'lat'],
    ['longitude below -180', { query: query('id=1&lat=1&lon=-181') }, 'lon'],
    ['latitude not a number', { query: query('id=1&lat=north&lon=2') }, 'lat'],
    ['location out of range', { query: query('id=1&location=95,30') }, 'location'],
    ['a latitude without a longitude', { query: query('id=1&lat=1') }, 'lon'],
    ['timestamp not a date', { query: query('id=1&lat=1&lon=2&timestamp=yesterday') }, 'timestamp'],
    [
      'timestamp 31 February',
      { query: query('id=1&lat=1&lon=2&timestamp=2024-02-31+10:00:00') },
      'timestamp',
    ],
    [
      'timestamp in microseconds',
      { query: query('id=1&lat=1&lon=2&timestamp=1442068686579000') },
      'timestamp',
    ],
    ['speed not a number', { query: query('id=1&lat=1&lon=2&speed=fast') }, 'speed'],
    ['JSON that does not parse', { body: '{"device_id":', contentType: JSON_TYPE }, 'body'],
    ['JSON array', json([{ device_id: '1' }]), 'body'],
    ['JSON without device_id', json({ location: { coords } }), 'device_id'],
    [
      'JSON unknown device_id',
      { ...json({ device_id: 'x', location: { coords } }), isKnownTracker: () => false },
      'device_id',
    ],
    ['altitude beyond single precision', { query: query('id=1&lat=1&lon=2&altitude=1e39') }, 'altitude'],
    ['accuracy beyond single precision', { query: query('id=1&lat=1&lon=2&accuracy=-4e38') }, 'accuracy'],
    ['a NUL character in an attribute', { query: query('id=1&lat=1&lon=2&driver=a%00b') }, 'driver'],
    [
      'JSON altitude beyond single precision',
      json({ device_id: '1', location: { coords: { ...coords, altitude: 1e300 } } }),
      'location.coords.altitude',
    ],
    [
      'JSON NUL character in an extra',
      json({ device_id: '1', location: { coords, extras: { note: 'a\u0000b' } } }),
      'location.extras.note',
    ],
    [
      'JSON unpaired surrogate in the event',
      json({ device_id: '1', location: { coords, event: 'x\ud800' } }),
      'location.event',
    ],
    [
      'JSON bad timestamp',
      json({ device_id: '1', location: { timestamp: 'soon', coords } }),
      'location.timestamp',
    ],
    [
      'JSON latitude out of range',
      json({ device_id: '1', location: { coords: { latitude: -91, longitude: 2 } } }),
      'location.coords.latitude',
    ],
  ];

  it.each(cases)('%s → %s', (_name, request, field) => {
    const result = parseOsmand({ query: {}, now, ...request });
    expect(result).toMatchObject({ ok: false, field });
  });
});

describe('parseOsmand, heartbeats (Traccar Client with its heartbeat on)', () => {
  const json = (body: unknown) => ({ body: JSON.stringify(body), contentType: JSON_TYPE });
  const cases: [string, Partial<OsmandRequest>][] = [
    ['query: the id alone', { query: query('id=48241179') }],
    [
      'query: id, time and battery, no coordinates',
      { query: query('id=48241179&timestamp=1377177267&batt=80') },
    ],
    ['form body: the id alone', { body: 'id=48241179', contentType: 'application/x-www-form-urlencoded' }],
    [
      'JSON: a location without coordinates',
      json({
        device_id: '48241179',
        location: { timestamp: '2021-07-21T08:06:34Z', extras: { heartbeat: true } },
      }),
    ],
    ['JSON: no location', json({ device_id: '48241179' })],
  ];
  it.each(cases)('%s → a heartbeat of the tracker, no position', (_name, request) => {
    expect(parseOsmand({ query: {}, now, ...request })).toEqual({ ok: 'heartbeat', trackerId: '48241179' });
  });

  it('still refuses an unknown id', () => {
    const result = parseOsmand({ query: query('id=48241179'), now, isKnownTracker: () => false });
    expect(result).toMatchObject({ ok: false, field: 'id' });
  });
});

describe('parseOsmand never throws', () => {
  it('on random query parameters and bodies', () => {
    const value = fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 3 }));
    const request = fc.record({
      query: fc.dictionary(
        fc.constantFrom('id', 'lat', 'lon', 'timestamp', 'speed', 'location', 'alarm', 'x'),
        value,
      ),
      body: fc.oneof(fc.string(), fc.json(), fc.constant(undefined)),
      contentType: fc.constantFrom(undefined, 'application/json', 'application/x-www-form-urlencoded'),
    });
    fc.assert(
      fc.property(request, (r) => {
        const result = parseOsmand({ ...r, now });
        if (result.ok === true) expect(Math.abs(result.position.lat)).toBeLessThanOrEqual(90);
      }),
      { numRuns: 2000 },
    );
  });
});
