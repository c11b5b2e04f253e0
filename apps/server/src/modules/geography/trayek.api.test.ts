import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import {
  geofenceVisitList,
  overRouteList,
  routeEdit,
  routeFromTrip,
  routeList,
  routePath,
  routePointList,
  routeRow,
  vehicleRoute,
  type RouteInputDraft,
} from '@pantau/contracts';
import {
  events,
  geofences,
  geofenceVisits,
  positions,
  vehicleState,
  vehicles,
} from '../../db/schema/index.js';
import { createMonths, monthOf } from '../../db/partitions.js';
import { call, signIn, startTestApp, UNIT, type TestApp } from '../../test/test-app.js';

let t: TestApp;
const tokens: Record<string, string> = {};
let places: { geofenceId: number; name: string }[];
let karawangPlace: number;
let vehicleId: number;
let karawangVehicle: number;

beforeAll(async () => {
  t = await startTestApp({ deps: { telemetry: { tickMs: 0 } } });
  for (const u of ['admin', 'operator', 'guest', 'multi']) tokens[u] = await signIn(t.url, u);
  const db = t.db.db;
  places = await db
    .select({ geofenceId: geofences.geofenceId, name: geofences.name })
    .from(geofences)
    .where(eq(geofences.unitId, UNIT.sunter))
    .orderBy(asc(geofences.geofenceId));
  [{ geofenceId: karawangPlace }] = (await db
    .select({ geofenceId: geofences.geofenceId })
    .from(geofences)
    .where(eq(geofences.unitId, UNIT.karawang))
    .limit(1)) as [{ geofenceId: number }];
  const byUnit = async (unitId: number) =>
    (
      await db
        .select()
        .from(vehicles)
        .where(eq(vehicles.unitId, unitId))
        .orderBy(asc(vehicles.vehicleId))
        .limit(1)
    )[0]!.vehicleId;
  vehicleId = await byUnit(UNIT.sunter);
  karawangVehicle = await byUnit(UNIT.karawang);
});
afterAll(() => t?.close());

const roles = {
  admin: { unitId: UNIT.sunter, role: 'Administrator' },
  operator: { unitId: UNIT.sunter, role: 'User' },
  guest: { unitId: UNIT.sunter, role: 'Guest' },
  multi: { unitId: UNIT.karawang, role: 'Administrator' },
} as const;
type Who = keyof typeof roles;
const as = (who: Who, path: string, o: { method?: string; body?: unknown } = {}) =>
  call(t.url, `/api${path}`, { token: tokens[who], role: roles[who], ...o });
const fieldsOf = (json: { errors?: { path: string }[] }) => (json.errors ?? []).map((e) => e.path);

let seq = 0;
const route = (over: Partial<RouteInputDraft> = {}): RouteInputDraft => {
  seq += 1;
  return {
    code: `TR-${seq}`,
    name: `Test route ${seq}`,
    originPolygonId: places[0]!.geofenceId,
    destinationPolygonId: places[1]!.geofenceId,
    corridorWidth: 800,
    leadTimeMinutes: 240,
    circleTimeMinutes: 600,
    ...over,
  };
};

describe('routes (trayek)', () => {
  it('S-045 keeps a route’s trayekId, custom flag and the fields of its edit form (edit, key, data)', async () => {
    const input = route({
      custom: true,
      waypoints: [{ name: 'Rest area KM 57', position: [107.3, -6.35] }],
    });
    const made = await as('admin', '/trayek', { body: input });
    expect(made.status).toBe(201);
    const row = routeRow.parse(made.json);
    expect(row).toMatchObject({
      custom: true,
      originName: places[0]!.name,
      destinationName: places[1]!.name,
      corridorWidth: 800,
      leadTimeMinutes: 240,
      circleTimeMinutes: 600,
    });
    expect(row.distanceKm).toBeGreaterThan(0);
    // The web's edit state names the route being edited by its trayekId and holds the form's data.
    expect(routeEdit.parse({ edit: true, key: row.trayekId, data: input })).toMatchObject({
      key: row.trayekId,
      data: { custom: true },
    });
    const listed = routeList.parse((await as('guest', '/trayek?custom=true&Take=100')).json);
    expect(listed.results.map((r) => r.trayekId)).toContain(row.trayekId);
    expect(listed.results.every((r) => r.custom)).toBe(true);
    const searched = routeList.parse(
      (await as('guest', `/trayek?search=${encodeURIComponent(places[1]!.name)}`)).json,
    );
    expect(searched.results.map((r) => r.trayekId)).toContain(row.trayekId);

    // Without a drawn path, the path joins origin, waypoints and destination.
    const jalur = routePath.parse((await as('guest', `/trayek/jalur?trayekId=${row.trayekId}`)).json);
    expect(jalur.path.coordinates).toHaveLength(3);
    expect(jalur.path.coordinates[1]).toEqual([107.3, -6.35]);
    const points = routePointList.parse(
      (await as('operator', `/trayek/points?trayekId=${row.trayekId}`)).json,
    );
    expect(points.results).toEqual([
      { seq: 1, name: 'Rest area KM 57', position: [107.3, -6.35], polygonId: null },
    ]);
  });

  it('replaces a route’s waypoints and path, and updates and deletes it, each audited', async () => {
    const row = routeRow.parse((await as('admin', '/trayek', { body: route() })).json);
    const points = await as('admin', `/trayek/points?trayekId=${row.trayekId}`, {
      method: 'PUT',
      body: {
        waypoints: [
          { name: 'A', position: [107.2, -6.3] },
          { name: 'B', position: [107.25, -6.32], polygonId: places[2]!.geofenceId },
        ],
      },
    });
    expect(points.status).toBe(200);
    expect(points.json.results.map((p: { seq: number; name: string }) => [p.seq, p.name])).toEqual([
      [1, 'A'],
      [2, 'B'],
    ]);
    const path = {
      type: 'LineString' as const,
      coordinates: [
        [107.0, -6.2],
        [107.1, -6.25],
        [107.2, -6.3],
      ] as [number, number][],
    };
    const jalur = await as('admin', `/trayek/jalur?trayekId=${row.trayekId}`, {
      method: 'PUT',
      body: { path, corridorWidth: 1500 },
    });
    expect(jalur.status).toBe(200);
    expect(jalur.json).toMatchObject({ path, corridorWidth: 1500 });
    expect(jalur.json.distanceKm).toBeGreaterThan(20);
    expect(jalur.json.boundary).toEqual([107.0, -6.3, 107.2, -6.2]);

    const renamed = await as('admin', `/trayek/${row.trayekId}`, {
      method: 'PUT',
      body: route({ code: row.code, name: 'Renamed', path }),
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json.name).toBe('Renamed');
    expect((await as('admin', `/trayek/${row.trayekId}`, { method: 'DELETE' })).status).toBe(200);
    expect((await as('admin', `/trayek/${row.trayekId}`)).status).toBe(404);
    const trail = await as('admin', `/audit?entity=route&entityId=${row.trayekId}`);
    expect(trail.json.results.map((a: { action: string }) => a.action)).toEqual([
      'delete',
      'update',
      'update',
      'update',
      'create',
    ]);
  });

  it('answers 400 naming the field for bad input and 409 for a code the unit uses', async () => {
    const cases: [string, unknown, string][] = [
      ['another unit’s origin', route({ originPolygonId: karawangPlace }), 'originPolygonId'],
      ['unknown destination', route({ destinationPolygonId: 2_000_000 }), 'destinationPolygonId'],
      [
        'another unit’s waypoint',
        route({ waypoints: [{ position: [107, -6], polygonId: karawangPlace }] }),
        'waypoints.0.polygonId',
      ],
      ['no places and no path', route({ originPolygonId: null, destinationPolygonId: null }), 'path'],
      ['corridor 0 m', route({ corridorWidth: 0 }), 'corridorWidth'],
      [
        'circle shorter than lead',
        route({ leadTimeMinutes: 600, circleTimeMinutes: 60 }),
        'circleTimeMinutes',
      ],
      [
        'path out of range',
        route({
          path: {
            type: 'LineString',
            coordinates: [
              [107, -6],
              [107, -95],
            ],
          },
        }),
        'path.coordinates.1.1',
      ],
      [
        'path of one point',
        route({
          path: {
            type: 'LineString',
            coordinates: [
              [107, -6],
              [107, -6],
            ],
          },
        }),
        'path.coordinates',
      ],
    ];
    for (const [what, body, field] of cases) {
      const { status, json } = await as('admin', '/trayek', { body });
      expect(status, what).toBe(400);
      expect(fieldsOf(json), what).toContain(field);
    }
    const many = Array.from({ length: 10_001 }, (_, i) => [107 + i * 1e-4, -6.2]);
    const tooMany = await as('admin', '/trayek', {
      body: route({ path: { type: 'LineString', coordinates: many } as never }),
    });
    expect(tooMany.status).toBe(400);
    expect(fieldsOf(tooMany.json)).toContain('path');
    await as('admin', '/trayek', { body: route({ code: 'DUP-R' }) });
    const again = await as('admin', '/trayek', { body: route({ code: 'DUP-R' }) });
    expect(again.status).toBe(409);
    expect(fieldsOf(again.json)).toEqual(['code']);
    const cased = await as('admin', '/trayek', { body: route({ code: 'Dup-r' }) });
    expect(cased.status).toBe(409);
    expect(fieldsOf(cased.json)).toEqual(['code']);
  });

  it('makes a path from a vehicle’s recorded trip: previews it, then stores it simplified', async () => {
    const start = Date.parse('2026-01-10T00:00:00Z');
    // A straight drive east with a small wiggle, a fix a minute: simplified to a few points.
    const fixes = Array.from({ length: 120 }, (_, i) => ({
      vehicleId,
      fixTime: new Date(start + i * 60_000),
      serverTime: new Date(start + i * 60_000),
      lat: -6.3 + (i === 60 ? 0.01 : 0),
      lon: 107 + i * 0.005,
      speed: 60,
      valid: true,
    }));
    // Written straight to the table, not through the pipeline: its month is made first, as the pipeline would.
    await createMonths(t.db.db, [monthOf(new Date(start))]);
    await t.db.db.insert(positions).values(fixes).onConflictDoNothing();
    const period = `kendaraanId=${vehicleId}&from=2026-01-10T00:00:00Z&to=2026-01-10T03:00:00Z`;
    const preview = await as('guest', `/trayek/from-trip?${period}`);
    expect(preview.status).toBe(200);
    const trip = routeFromTrip.parse(preview.json);
    expect(trip.fixes).toBe(120);
    expect(trip.kept).toBeLessThan(10);
    expect(trip.path.coordinates[0]).toEqual([107, -6.3]);
    expect(trip.distanceKm).toBeGreaterThan(60);

    const row = routeRow.parse((await as('admin', '/trayek', { body: route() })).json);
    const stored = await as('admin', `/trayek/jalur/from-trip?trayekId=${row.trayekId}`, {
      body: { kendaraanId: vehicleId, from: '2026-01-10T00:00:00Z', to: '2026-01-10T03:00:00Z' },
    });
    expect(stored.status).toBe(200);
    expect(stored.json.path.coordinates).toEqual(trip.path.coordinates);
    expect((await as('admin', `/trayek/${row.trayekId}`)).json.distanceKm).toBe(stored.json.distanceKm);

    const empty = await as('admin', `/trayek/jalur/from-trip?trayekId=${row.trayekId}`, {
      body: { kendaraanId: vehicleId, from: '2020-01-10T00:00:00Z', to: '2020-01-11T00:00:00Z' },
    });
    expect(empty.status).toBe(400);
    expect(fieldsOf(empty.json)).toEqual(['from']);
    const backwards = await as(
      'guest',
      `/trayek/from-trip?kendaraanId=${vehicleId}&from=2026-01-10T03:00:00Z&to=2026-01-10T00:00:00Z`,
    );
    expect(backwards.status).toBe(400);
    expect(fieldsOf(backwards.json)).toEqual(['to']);
    const tooLong = await as(
      'guest',
      `/trayek/from-trip?kendaraanId=${vehicleId}&from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z`,
    );
    expect(fieldsOf(tooLong.json)).toEqual(['to']);
    expect((await as('multi', `/trayek/from-trip?${period}`)).status).toBe(404);
  });

  it('lets an Administrator set a vehicle’s current route; Users and Guests only read it', async () => {
    const row = routeRow.parse((await as('admin', '/trayek', { body: route() })).json);
    expect((await as('guest', `/kendaraan/${vehicleId}/trayek`)).json.trayekId).toBeNull();
    const set = await as('admin', `/kendaraan/${vehicleId}/trayek`, {
      method: 'PUT',
      body: { trayekId: row.trayekId },
    });
    expect(set.status).toBe(200);
    expect(vehicleRoute.parse(set.json)).toMatchObject({ trayekId: row.trayekId, trayekCode: row.code });
    expect((await as('operator', `/kendaraan/${vehicleId}/trayek`)).json.trayekId).toBe(row.trayekId);
    for (const who of ['operator', 'guest'] as const)
      expect(
        (await as(who, `/kendaraan/${vehicleId}/trayek`, { method: 'PUT', body: { trayekId: null } })).status,
      ).toBe(403);
    const theirs = await as('multi', `/kendaraan/${karawangVehicle}/trayek`, {
      method: 'PUT',
      body: { trayekId: row.trayekId },
    });
    expect(theirs.status).toBe(400);
    expect(fieldsOf(theirs.json)).toEqual(['trayekId']);
    expect((await as('multi', `/kendaraan/${vehicleId}/trayek`)).status).toBe(404);
    const cleared = await as('admin', `/kendaraan/${vehicleId}/trayek`, {
      method: 'PUT',
      body: { trayekId: null },
    });
    expect(cleared.json.trayekId).toBeNull();
  });

  it('lets Users and Guests read routes but not write them, and another unit neither', async () => {
    const row = routeRow.parse((await as('admin', '/trayek', { body: route() })).json);
    for (const who of ['operator', 'guest'] as const) {
      expect((await as(who, `/trayek/${row.trayekId}`)).status).toBe(200);
      expect((await as(who, '/trayek', { body: route() })).status).toBe(403);
      expect((await as(who, `/trayek/${row.trayekId}`, { method: 'PUT', body: route() })).status).toBe(403);
      expect((await as(who, `/trayek/${row.trayekId}`, { method: 'DELETE' })).status).toBe(403);
      expect(
        (await as(who, `/trayek/points?trayekId=${row.trayekId}`, { method: 'PUT', body: { waypoints: [] } }))
          .status,
      ).toBe(403);
    }
    for (const path of [
      `/trayek/${row.trayekId}`,
      `/trayek/points?trayekId=${row.trayekId}`,
      `/trayek/jalur?trayekId=${row.trayekId}`,
    ])
      expect((await as('multi', path)).status, path).toBe(404);
    expect((await as('multi', `/trayek/${row.trayekId}`, { method: 'DELETE' })).status).toBe(404);
    expect(
      routeList.parse((await as('multi', '/trayek?Take=1000')).json).results.map((r) => r.trayekId),
    ).not.toContain(row.trayekId);
  });
});

describe('visits (loggeopoint) and over-routes', () => {
  it('lists visits by vehicle, geofence and period; an open one is inside since its enter, lasting to the latest fix; another unit sees none', async () => {
    const db = t.db.db;
    const place = places[0]!.geofenceId;
    await db.insert(geofenceVisits).values([
      {
        unitId: UNIT.sunter,
        vehicleId,
        geofenceId: place,
        enterTime: new Date('2026-02-01T01:00:00Z'),
        exitTime: new Date('2026-02-01T02:30:00Z'),
        durationS: 5400,
        open: false,
      },
      {
        unitId: UNIT.sunter,
        vehicleId,
        geofenceId: place,
        enterTime: new Date('2026-02-01T05:00:00Z'),
        durationS: 600,
        open: true,
      },
    ]);
    // The vehicle's latest fix, 25 minutes after the open visit's enter: the visit has lasted that long.
    const [stateBefore] = await db.select().from(vehicleState).where(eq(vehicleState.vehicleId, vehicleId));
    const latest = {
      vehicleId,
      fixTime: new Date('2026-02-01T05:25:00Z'),
      serverTime: new Date('2026-02-01T05:25:01Z'),
      lat: -6.14,
      lon: 106.9,
      speed: 0,
      valid: true,
      motion: 'stopped' as const,
      gpsStatus: 'on' as const,
      day: '2026-02-01',
    };
    await db
      .insert(vehicleState)
      .values(latest)
      .onConflictDoUpdate({ target: vehicleState.vehicleId, set: latest });
    const q = `kendaraanId=${vehicleId}&polygonId=${place}&from=2026-02-01T00:00:00Z&to=2026-02-02T00:00:00Z`;
    for (const path of ['/loggeopoint', '/reports/loggeopoint']) {
      const list = geofenceVisitList.parse((await as('operator', `${path}?${q}`)).json);
      expect(list.count).toBe(2);
      expect(list.results.map((v) => [v.enter, v.exit, v.duration, v.open])).toEqual([
        ['2026-02-01T05:00:00.000Z', null, 1500, true],
        ['2026-02-01T01:00:00.000Z', '2026-02-01T02:30:00.000Z', 5400, false],
      ]);
      expect(list.totals).toEqual({ count: 2, duration: 6900 });
      expect(list.results[0]!.polygonName).toBe(places[0]!.name);
    }
    if (stateBefore)
      await db.update(vehicleState).set(stateBefore).where(eq(vehicleState.vehicleId, vehicleId));
    else await db.delete(vehicleState).where(eq(vehicleState.vehicleId, vehicleId));
    const open = geofenceVisitList.parse((await as('operator', `/loggeopoint?${q}&open=true`)).json);
    expect(open.results.map((v) => v.open)).toEqual([true]);
    const before = geofenceVisitList.parse(
      (
        await as(
          'guest',
          `/loggeopoint?kendaraanId=${vehicleId}&from=2026-01-05T00:00:00Z&to=2026-02-01T00:30:00Z`,
        )
      ).json,
    );
    expect(before.results.filter((v) => v.enter.startsWith('2026-02-01'))).toEqual([]);
    expect((await as('multi', `/loggeopoint?${q}`)).json.count).toBe(0);
  });

  it('lists over-routes by vehicle, route and period with deviation and distance off route', async () => {
    const db = t.db.db;
    const row = routeRow.parse((await as('admin', '/trayek', { body: route() })).json);
    await db.insert(events).values([
      {
        unitId: UNIT.sunter,
        vehicleId,
        kind: 'overroute',
        startedAt: new Date('2026-03-01T01:00:00Z'),
        endedAt: new Date('2026-03-01T01:20:00Z'),
        durationS: 1200,
        maxValue: 2400,
        lat: -6.3,
        lon: 107.2,
        open: false,
        attributes: {
          routeId: row.trayekId,
          routeCode: row.code,
          routeName: row.name,
          maxDeviationM: 2400,
          offRouteKm: 7.5,
          durationS: 1200,
          endLat: -6.31,
          endLon: 107.3,
        },
      },
      {
        unitId: UNIT.sunter,
        vehicleId,
        kind: 'overroute',
        startedAt: new Date('2026-03-01T03:00:00Z'),
        maxValue: 1300,
        lat: -6.3,
        lon: 107.25,
        open: true,
        attributes: {
          routeId: row.trayekId,
          routeCode: row.code,
          routeName: row.name,
          maxDeviationM: 1300,
          offRouteKm: 1.2,
        },
      },
    ]);
    const q = `kendaraanId=${vehicleId}&trayekId=${row.trayekId}&from=2026-03-01T00:00:00Z&to=2026-03-02T00:00:00Z`;
    for (const path of ['/overroute', '/reports/overroute']) {
      const list = overRouteList.parse((await as('operator', `${path}?${q}`)).json);
      expect(list.count).toBe(2);
      expect(list.results[1]).toMatchObject({
        trayekId: row.trayekId,
        trayekCode: row.code,
        duration: 1200,
        maxDeviationM: 2400,
        offRouteKm: 7.5,
        open: false,
        startPosition: [107.2, -6.3],
        endPosition: [107.3, -6.31],
      });
      expect(list.results[0]).toMatchObject({ open: true, end: null, endPosition: null, offRouteKm: 1.2 });
      // The total counts the open one as its row does (to the vehicle's latest fix), not as nothing.
      expect(list.results[0]!.duration).toBeGreaterThan(0);
      expect(list.totals?.duration).toBe(1200 + list.results[0]!.duration);
    }
    const other = await db
      .select({ id: events.eventId })
      .from(events)
      .where(and(eq(events.unitId, UNIT.sunter), eq(events.kind, 'overroute')));
    expect(other.length).toBeGreaterThanOrEqual(2);
    expect((await as('multi', `/overroute?${q}`)).json.count).toBe(0);
  });
});

describe('the endpoint catalogue', () => {
  it('S-062 serves polygons, markers, loggeopoint and reports/loggeopoint, overroute and reports/overroute, trayek, trayek/points and trayek/jalur', async () => {
    const spec = (await call(t.url, '/api/docs/json')).json as { paths: Record<string, unknown> };
    for (const path of [
      '/api/polygons',
      '/api/markers',
      '/api/loggeopoint',
      '/api/reports/loggeopoint',
      '/api/overroute',
      '/api/reports/overroute',
      '/api/trayek',
      '/api/trayek/points',
      '/api/trayek/jalur',
    ]) {
      expect(Object.keys(spec.paths), path).toContain(path);
      expect(
        (await as('operator', path.slice(4))).status === 200 || path.startsWith('/api/trayek/'),
        path,
      ).toBe(true);
    }
  });
});
