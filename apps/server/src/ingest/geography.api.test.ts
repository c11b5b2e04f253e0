import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../plugins/live.js';
import { fix, vehiclesOf } from '../test/positions.js';
import { call, signIn, startTestApp, UNIT, type TestApp } from '../test/test-app.js';

let t: TestApp;
let fleet: Awaited<ReturnType<typeof vehiclesOf>>;
const published: LiveEvent[] = [];
const source = { protocol: 'simulator' as const };

/** A quiet place in Central Java, far from every demo site: a 300 m circle and a road east of it. */
const SITE = { lat: -7.5, lon: 110.0 };
const ROAD_LAT = -7.6;
const north = (m: number) => m / 110_574;

const rows = async <T>(query: ReturnType<typeof sql>) => {
  const result = (await t.db.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
};

let geofenceId: number;
let quarryId: number;

beforeAll(async () => {
  t = await startTestApp({ deps: { telemetry: { tickMs: 0, liveWindowMs: 3_600_000 } } });
  fleet = await vehiclesOf(t.db, UNIT.sunter);
  const publish = t.app.liveHub.publish.bind(t.app.liveHub);
  vi.spyOn(t.app.liveHub, 'publish').mockImplementation((e) => {
    published.push(e);
    publish(e);
  });
  const circle = (code: string, lat: number, lon: number, notify: boolean) => sql`
    INSERT INTO geofences (unit_id, code, name, shape, category, center_lon, center_lat, radius_m, geometry,
      min_lon, min_lat, max_lon, max_lat, notify_enter, notify_exit)
    VALUES (${UNIT.sunter}, ${code}, ${code}, 'circle', 'dealer', ${lon}, ${lat}, 300,
      ${JSON.stringify({ type: 'Point', coordinates: [lon, lat] })}::jsonb,
      ${lon - 0.01}, ${lat - 0.01}, ${lon + 0.01}, ${lat + 0.01}, ${notify}, false)
    RETURNING geofence_id`;
  const idOf = async (q: ReturnType<typeof sql>) => (await rows<{ geofence_id: number }>(q))[0]!.geofence_id;
  geofenceId = await idOf(circle('TEST-DEALER', SITE.lat, SITE.lon, true));
  quarryId = await idOf(circle('TEST-QUARRY', -7.7, 110.0, false));
  const [route] = await rows<{ route_id: number }>(sql`
    INSERT INTO routes (unit_id, code, name, path, corridor_width_m, distance_km, min_lon, min_lat, max_lon, max_lat)
    VALUES (${UNIT.sunter}, 'TEST-ROUTE', 'Test road', ${JSON.stringify({
      type: 'LineString',
      coordinates: [
        [110.0, ROAD_LAT],
        [110.5, ROAD_LAT],
      ],
    })}::jsonb, 1000, 55, 110.0, ${ROAD_LAT}, 110.5, ${ROAD_LAT})
    RETURNING route_id`);
  await t.db.db.execute(
    sql`INSERT INTO vehicle_routes (vehicle_id, route_id) VALUES (${fleet[2]!.vehicleId}, ${route!.route_id})`,
  );
  await t.app.pipeline.refreshGeography(UNIT.sunter);
});
afterAll(() => t?.close());

const base = Date.now() - 30 * 60_000;
const at = (s: number) => new Date(base + s * 1000);

describe('geography in the pipeline', () => {
  it('a vehicle that drives into a geofence and out again leaves a visit, its enter notified', async () => {
    const v = fleet[1]!;
    const track = [
      fix(v.trackerId, at(0), { lat: SITE.lat + north(3000), lon: SITE.lon }),
      fix(v.trackerId, at(60), { lat: SITE.lat, lon: SITE.lon, speedKmh: 3 }),
      fix(v.trackerId, at(120), { lat: SITE.lat, lon: SITE.lon, speedKmh: 0 }),
      fix(v.trackerId, at(600), { lat: SITE.lat + north(100), lon: SITE.lon, speedKmh: 10 }),
      fix(v.trackerId, at(660), { lat: SITE.lat + north(2000), lon: SITE.lon }),
      fix(v.trackerId, at(720), { lat: SITE.lat + north(4000), lon: SITE.lon }),
    ];
    for (const p of track) await t.app.pipeline.ingest([p], source);
    const visits = await rows<{
      geofence_id: number;
      enter_time: Date | string;
      exit_time: Date | string;
      duration_s: number;
      open: boolean;
    }>(
      sql`SELECT geofence_id, enter_time, exit_time, duration_s, open FROM geofence_visits WHERE vehicle_id = ${v.vehicleId}`,
    );
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({ geofence_id: geofenceId, duration_s: 600, open: false });
    expect(new Date(visits[0]!.enter_time).getTime()).toBe(at(60).getTime());
    const kinds = await rows<{ kind: string }>(
      sql`SELECT kind FROM events WHERE vehicle_id = ${v.vehicleId} AND kind LIKE 'geofence%' ORDER BY started_at`,
    );
    expect(kinds.map((k) => k.kind)).toEqual(['geofence_enter', 'geofence_exit']);
    const notified = published.filter((e) => e.type === 'notification' && e.data.kendaraanId === v.vehicleId);
    expect(notified.map((e) => e.type === 'notification' && e.data.kind)).toEqual(['geofence_enter']);
    // It names the geofence, live and in the list.
    expect(notified.map((e) => e.type === 'notification' && e.data.subject)).toEqual(['TEST-DEALER']);
    const token = await signIn(t.url, 'admin');
    const listed = await call(t.url, '/api/logs/notifications?Count=1000', {
      token,
      roleCookies: { unitId: UNIT.sunter, role: 'Administrator' },
    });
    expect(listed.status, listed.text).toBe(200);
    const entry = (
      listed.json as { results: Array<{ kind: string; kendaraanId: number; subject: string }> }
    ).results.find((n) => n.kind === 'geofence_enter' && n.kendaraanId === v.vehicleId);
    expect(entry?.subject).toBe('TEST-DEALER');
  });

  it('a vehicle on its route that drives off the corridor raises an over route, closed back on it', async () => {
    const v = fleet[2]!;
    const road = (s: number, km: number, offM: number) =>
      fix(v.trackerId, at(s), { lat: ROAD_LAT + north(offM), lon: 110.0 + km / 110.3, speedKmh: 50 });
    const track = [road(0, 1, 0), road(60, 2, 1500), road(120, 3, 2500), road(180, 4, 2000), road(240, 5, 0)];
    await t.app.pipeline.ingest(track.slice(0, 4), source);
    const live = published.filter((e) => e.type === 'notification' && e.data.kendaraanId === v.vehicleId);
    expect(live.map((e) => e.type === 'notification' && [e.data.kind, e.data.ongoing])).toEqual([
      ['overroute', true],
    ]);
    expect(live.map((e) => e.type === 'notification' && e.data.subject)).toEqual(['TEST-ROUTE (Test road)']);
    await t.app.pipeline.ingest(track.slice(4), source);
    const [event] = await rows<{
      open: boolean;
      max_value: number;
      attributes: Record<string, unknown>;
      duration_s: number;
    }>(
      sql`SELECT open, max_value, attributes, duration_s FROM events WHERE vehicle_id = ${v.vehicleId} AND kind = 'overroute'`,
    );
    expect(event).toMatchObject({ open: false, max_value: 2500, duration_s: 180 });
    expect(event!.attributes).toMatchObject({ routeCode: 'TEST-ROUTE', maxDeviationM: 2500 });
    expect(event!.attributes.offRouteKm as number).toBeGreaterThan(2);
  });

  it('late fixes (a tracker’s buffer after newer ones) rebuild the visits of their period', async () => {
    const v = fleet[3]!;
    const quarry = { lat: -7.7, lon: 110.0 };
    const away = { lat: -7.7 + north(5000), lon: 110.0 };
    // Live: away at 0 and from 1,000 s on; the buffer of 60–600 s, inside the quarry, arrives afterwards.
    await t.app.pipeline.ingest([fix(v.trackerId, at(0), away)], source);
    await t.app.pipeline.ingest([fix(v.trackerId, at(1000), away), fix(v.trackerId, at(1060), away)], source);
    expect(await rows(sql`SELECT 1 FROM geofence_visits WHERE vehicle_id = ${v.vehicleId}`)).toHaveLength(0);
    const buffer = [60, 120, 300, 600].map((s) => fix(v.trackerId, at(s), quarry));
    await t.app.pipeline.ingest(buffer, source);
    const visits = await rows<{ geofence_id: number; duration_s: number; open: boolean }>(
      sql`SELECT geofence_id, duration_s, open FROM geofence_visits WHERE vehicle_id = ${v.vehicleId}`,
    );
    // Entered at 60 s, left at the first fix outside (1,000 s).
    expect(visits).toEqual([{ geofence_id: quarryId, duration_s: 940, open: false }]);
    // Sent again, nothing doubles.
    await t.app.pipeline.ingest([fix(v.trackerId, at(90), quarry)], source);
    expect(await rows(sql`SELECT 1 FROM geofence_visits WHERE vehicle_id = ${v.vehicleId}`)).toHaveLength(1);
    expect(
      await rows(sql`SELECT 1 FROM events WHERE vehicle_id = ${v.vehicleId} AND kind LIKE 'geofence%'`),
    ).toHaveLength(2);
  });
});
