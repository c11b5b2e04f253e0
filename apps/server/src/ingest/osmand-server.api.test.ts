import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positions, vehicles } from '../db/schema/index.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { createOsmandServer, type OsmandServer } from './osmand-server.js';

let t: TestApp;
let osmand: OsmandServer;
let base: string;
let trackerId: string;
let vehicleId: number;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.ready();
  const [first] = await t.db.db
    .select({ id: vehicles.vehicleId, trackerId: vehicles.trackerId })
    .from(vehicles)
    .where(eq(vehicles.aktif, true))
    .limit(1);
  vehicleId = first!.id;
  trackerId = first!.trackerId;
  osmand = createOsmandServer({ pipeline: t.app.pipeline, logger: t.app.log });
  const { port } = await osmand.listen(0, '127.0.0.1');
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await osmand?.close();
  await t?.close();
});

const stored = async (fixTime: Date) => {
  const [row] = await t.db.db
    .select()
    .from(positions)
    .where(and(eq(positions.vehicleId, vehicleId), eq(positions.fixTime, fixTime)));
  return row;
};
/** A whole second some seconds ago (so the seconds format round-trips). */
const ago = (s: number) => new Date(Math.floor(Date.now() / 1000 - s) * 1000);

describe('OsmAnd HTTP listener', () => {
  it('GET with query parameters (timestamp in seconds, speed in knots) → 200 after storing', async () => {
    const time = ago(60);
    const res = await fetch(
      `${base}/?id=${trackerId}&lat=-6.2&lon=106.8&timestamp=${time.getTime() / 1000}&speed=30&bearing=45&ignition=true`,
    );
    expect(res.status).toBe(200);
    const row = await stored(time);
    expect(row).toMatchObject({ lat: -6.2, lon: 106.8, course: 45, ignition: true });
    expect(row!.speed).toBeCloseTo(55.56, 1);
  });

  it('POST form body as Traccar Client sends it, on any path', async () => {
    const time = ago(50);
    const res = await fetch(`${base}/some/path`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `id=${trackerId}&lat=-6.21&lon=106.81&timestamp=${time.getTime() / 1000}&speed=0&batt=87`,
    });
    expect(res.status).toBe(200);
    expect(await stored(time)).toMatchObject({ lat: -6.21, lon: 106.81, speed: 0 });
  });

  it('POST JSON body (Transistor format): m/s speed and an ISO timestamp', async () => {
    const time = ago(40);
    const res = await fetch(`${base}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        device_id: trackerId,
        location: {
          timestamp: time.toISOString(),
          coords: { latitude: -6.1148, longitude: 106.6837, speed: 18.67, heading: 63, accuracy: 3.8 },
          battery: { level: 0.79, is_charging: false },
        },
      }),
    });
    expect(res.status).toBe(200);
    const row = await stored(time);
    expect(row).toMatchObject({ lat: -6.1148, lon: 106.6837, course: 63 });
    expect(row!.speed).toBeCloseTo(67.2, 0);
  });

  it('reads millisecond and ISO timestamps and the location shorthand', async () => {
    const ms = new Date(Date.now() - 30_000);
    expect(
      (await fetch(`${base}/?id=${trackerId}&location=-6.22,106.82&timestamp=${ms.getTime()}`)).status,
    ).toBe(200);
    expect(await stored(ms)).toMatchObject({ lat: -6.22, lon: 106.82 });
    const iso = ago(20);
    const q = new URLSearchParams({
      id: trackerId,
      lat: '-6.23',
      lon: '106.83',
      timestamp: iso.toISOString(),
    });
    expect((await fetch(`${base}/?${q}`)).status).toBe(200);
    expect(await stored(iso)).toMatchObject({ lat: -6.23 });
  });

  it('answers 400 naming the field for a missing or unknown id and bad values', async () => {
    const missing = await fetch(`${base}/?lat=-6.2&lon=106.8`);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ errors: [{ path: 'id', message: 'missing' }] });
    const unknown = await fetch(`${base}/?id=999000111&lat=-6.2&lon=106.8`);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ errors: [{ path: 'id', message: 'unknown tracker' }] });
    const badLat = await fetch(`${base}/?id=${trackerId}&lat=123&lon=106.8`);
    expect(badLat.status).toBe(400);
    expect(await badLat.json()).toMatchObject({ errors: [{ path: 'lat' }] });
    const badTime = await fetch(`${base}/?id=${trackerId}&lat=-6.2&lon=106.8&timestamp=yesterday`);
    expect(await badTime.json()).toMatchObject({ errors: [{ path: 'timestamp' }] });
    const json = await fetch(`${base}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"location":{}}',
    });
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ errors: [{ path: 'device_id' }] });
  });

  it("answers Traccar Client's heartbeat (the id without coordinates) 200 and stores nothing", async () => {
    const count = async () =>
      (await t.db.db.select().from(positions).where(eq(positions.vehicleId, vehicleId))).length;
    const before = await count();
    const form = await fetch(`${base}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `id=${trackerId}&timestamp=${Math.floor(Date.now() / 1000)}&batt=80`,
    });
    expect(form.status).toBe(200);
    const json = await fetch(`${base}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ device_id: trackerId, location: { extras: { heartbeat: true } } }),
    });
    expect(json.status).toBe(200);
    expect(await count()).toBe(before);
    // A heartbeat from an id no vehicle carries is still refused.
    const unknown = await fetch(`${base}/?id=not-registered-77`);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ errors: [{ path: 'id' }] });
  });

  it('answers 400 naming the field for a value the database could never hold, and stores the next fix', async () => {
    const time = ago(15);
    const q = (extra: string) =>
      `${base}/?id=${trackerId}&lat=-6.24&lon=106.84&timestamp=${time.getTime() / 1000}${extra}`;
    for (const [extra, field] of [
      ['&altitude=1e39', 'altitude'],
      ['&accuracy=-1e40', 'accuracy'],
      ['&note=a%00b', 'note'],
    ] as const) {
      const res = await fetch(q(extra));
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(await res.json()).toMatchObject({ errors: [{ path: field }] });
    }
    expect(await stored(time)).toBeUndefined();
    expect((await fetch(q('&altitude=12'))).status).toBe(200);
    expect(await stored(time)).toMatchObject({ altitude: 12 });
  });

  it('notes an unknown id for the Administrators', async () => {
    await fetch(`${base}/?id=unregistered-phone-42&lat=-6.2&lon=106.8`);
    await t.app.pipeline.close();
    const { unknownTrackers } = await import('../db/schema/index.js');
    const rows = await t.db.db.select().from(unknownTrackers);
    expect(rows.map((r) => r.trackerId)).toContain('unregistered-phone-42');
  });
});
