import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positions, vehicles } from '../db/schema/index.js';
import { call, startTestApp, type TestApp } from '../test/test-app.js';

const TOKEN = 'forward-token-0123456789abcdef';
let t: TestApp;
let off: TestApp;
let trackerId: string;
let vehicleId: number;

beforeAll(async () => {
  t = await startTestApp({ config: { forwardToken: TOKEN } });
  off = await startTestApp();
  const [first] = await t.db.db
    .select({ id: vehicles.vehicleId, trackerId: vehicles.trackerId })
    .from(vehicles)
    .where(eq(vehicles.aktif, true))
    .limit(1);
  vehicleId = first!.id;
  trackerId = first!.trackerId;
});
afterAll(async () => {
  await t?.close();
  await off?.close();
});

/** What Traccar's forward.type=json posts (PositionData: position + device). */
const body = (uniqueId: string, fixTime: Date) => ({
  position: {
    id: 1234,
    deviceId: 7,
    protocol: 'gt06',
    serverTime: new Date().toISOString(),
    deviceTime: fixTime.toISOString(),
    fixTime: fixTime.toISOString().replace('Z', '+00:00'),
    outdated: false,
    valid: true,
    latitude: -6.3362,
    longitude: 107.2741,
    altitude: 12,
    speed: 40.5,
    course: 270,
    address: null,
    accuracy: 0,
    network: null,
    geofenceIds: null,
    attributes: { ignition: true, sat: 11, odometer: 123456, batteryLevel: 90, alarm: 'sos', motion: true },
  },
  device: { id: 7, name: 'CC-001', uniqueId, status: 'online', attributes: {} },
});
const bearer = { authorization: `Bearer ${TOKEN}` };

describe('POST /api/ingest/traccar', () => {
  it('stores a forwarded position: uniqueId → tracker, knots → km/h, attributes', async () => {
    const fixTime = new Date(Math.floor(Date.now() / 1000 - 30) * 1000);
    const res = await call(t.url, '/api/ingest/traccar', { body: body(trackerId, fixTime), headers: bearer });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ stored: 1, dropped: [] });
    const [row] = await t.db.db
      .select()
      .from(positions)
      .where(and(eq(positions.vehicleId, vehicleId), eq(positions.fixTime, fixTime)));
    expect(row).toMatchObject({ course: 270, ignition: true, satellites: 11, odometerKm: 123.456 });
    expect(row!.speed).toBeCloseTo(75.01, 1);
    expect(row!.attributes).toMatchObject({ protocol: 'traccar', traccarProtocol: 'gt06', motion: true });
  });

  it('refuses a missing or wrong token before reading the body', async () => {
    const none = await call(t.url, '/api/ingest/traccar', { body: {} });
    expect(none.status).toBe(401);
    const wrong = await call(t.url, '/api/ingest/traccar', {
      body: {},
      headers: { authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrong.status).toBe(403);
  });

  it('answers 400 naming the field for a bad body', async () => {
    const b = body(trackerId, new Date());
    b.position.latitude = 123;
    const res = await call(t.url, '/api/ingest/traccar', { body: b, headers: bearer });
    expect(res.status).toBe(400);
    expect(res.json.errors[0].path).toContain('latitude');
  });

  it('answers 200 with the drop for a device Pantau does not know (Traccar would retry an error)', async () => {
    const res = await call(t.url, '/api/ingest/traccar', {
      body: body('not-in-pantau', new Date()),
      headers: bearer,
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      stored: 0,
      dropped: [{ trackerId: 'not-in-pantau', reason: 'unknown-tracker' }],
    });
  });

  it('is off (404) when PANTAU_FORWARD_TOKEN is not set', async () => {
    const res = await call(off.url, '/api/ingest/traccar', {
      body: body(trackerId, new Date()),
      headers: bearer,
    });
    expect(res.status).toBe(404);
    expect(res.json.detail).toContain('PANTAU_FORWARD_TOKEN');
  });
});
