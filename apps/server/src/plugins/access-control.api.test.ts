import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { reportsOf, type ReportName } from '@pantau/contracts';
import { userGroups, users, vehicles as vehiclesTable } from '../db/schema/index.js';
import { call, signIn, startTestApp, UNIT, type CallOptions, type TestApp } from '../test/test-app.js';

/**
 * Every route of the OpenAPI description (each declares its access as `x-pantau-access`), tried
 * without a token, as each role of the unit, as a role the product does not know, and as the
 * Administrator of another unit aiming at this unit's rows.
 */

type Access = 'public' | 'token' | 'role' | 'admin';
interface Route {
  method: string;
  path: string;
  access: Access;
  /** A report of the Report group: readable by the roles whose menu has it. */
  report?: ReportName;
  query: { name: string; required: boolean }[];
}

let t: TestApp;
let routes: Route[];
const tokens: Record<string, string> = {};
/** A real row of Sunter for every path id, and what a write to it would send. */
let ids: Record<string, string>;
let bodies: Record<string, unknown>;
/** Text only Sunter's data contains (plates and tracker ids): never in another unit's answers. */
let sunterMarks: string[];
/** Sunter's rows as its Administrator sees them, to prove nobody else changed them. */
let sunterBefore: string;

const sunterAdmin = () => ({ token: tokens.admin!, role: { unitId: UNIT.sunter, role: 'Administrator' } });
const isWrite = (r: Route) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method) && !r.report;
const okStatus = (r: Route) => (r.method === 'POST' ? 201 : 200);

async function snapshotOfSunter() {
  const paths = [
    `/api/kendaraan/${ids.kendaraanId}`,
    `/api/pengemudi/${ids.pengemudiId}`,
    `/api/units/fleet?Take=1000`,
    `/api/units/fleet/${ids.fleetId}/vehicles`,
    `/api/users/${ids.userId}`,
    `/api/share-links?Take=1000`,
    `/api/units/info`,
    `/api/polygons/${ids.polygonId}`,
    `/api/markers/${ids.markerId}`,
    `/api/trayek/${ids.trayekId}`,
    `/api/trayek/jalur?trayekId=${ids.trayekId}`,
    `/api/trayek/points?trayekId=${ids.trayekId}`,
    `/api/kendaraan/${ids.kendaraanId}/trayek`,
    `/api/spk/${ids.spkId}`,
    `/api/spk/kinds`,
    `/api/maintenance/${ids.maintenanceId}`,
    `/api/incidents/${ids.incidentId}`,
    `/api/p2h/${ids.checkId}`,
  ];
  const answers = await Promise.all(paths.map((p) => call(t.url, p, sunterAdmin())));
  return JSON.stringify(answers.map((a) => a.json));
}

function urlOf(route: Route) {
  let url = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => ids[name] ?? '1');
  const query = route.query
    .filter((q) => q.required || ['unitId', 'kendaraanId'].includes(q.name))
    .map((q) => `${q.name}=${encodeURIComponent(queryValues[q.name] ?? '1')}`);
  query.push(...(pathQuery[route.path] ?? []));
  if (query.length) url += `?${query.join('&')}`;
  return url;
}
/** Query parameters a route needs beyond its required ones (checked by the route with the spec's messages). */
const pathQuery: Record<string, string[]> = {
  '/api/activities/daily': ['from=2026-11-01', 'to=2026-11-07'],
  '/api/reports/activities/daily': ['from=2026-11-01', 'to=2026-11-07'],
  '/api/activities/summary': ['from=2026-11-01', 'to=2026-11-07'],
  '/api/utilitas/weekly': ['from=2026-11-01'],
  '/api/utilitas/monthly': ['month=2026-11'],
  '/api/utilitas/yearly': ['year=2026'],
};
const queryValues: Record<string, string> = {};

function send(route: Route, o: CallOptions) {
  const body = route.method === 'GET' ? undefined : (bodies[`${route.method} ${route.path}`] ?? {});
  return call(t.url, urlOf(route), { ...o, method: route.method, ...(body === undefined ? {} : { body }) });
}

beforeAll(async () => {
  t = await startTestApp({ deps: { telemetry: { tickMs: 0 } } });
  for (const u of ['admin', 'operator', 'guest', 'multi']) tokens[u] = await signIn(t.url, u);
  // A role name the product does not know, held in Sunter.
  await call(t.url, '/api/auth/signup', {
    body: {
      username: 'pengawas',
      email: 'pengawas@pantau.example',
      displayName: 'Pengawas',
      password: 'demo1234',
    },
  });
  const [pengawas] = await t.db.db.select().from(users).where(eq(users.username, 'pengawas'));
  await t.db.db
    .insert(userGroups)
    .values({ userId: pengawas!.userId, unitId: UNIT.sunter, role: 'Supervisor' });
  tokens.pengawas = await signIn(t.url, 'pengawas');

  const spec = (await call(t.url, '/api/docs/json')).json as {
    paths: Record<
      string,
      Record<
        string,
        {
          'x-pantau-access'?: Access;
          'x-pantau-report'?: ReportName;
          parameters?: { in: string; name: string; required: boolean }[];
        }
      >
    >;
  };
  routes = Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      access: op['x-pantau-access']!,
      ...(op['x-pantau-report'] ? { report: op['x-pantau-report'] } : {}),
      // Asking for an export link is a read in substance: it names its report in the body.
      ...(method === 'post' && path === '/api/export/token' ? { report: 'overspeed' as const } : {}),
      query: (op.parameters ?? []).filter((p) => p.in === 'query'),
    })),
  );

  // Documents that never block an SPK (the demo fleet has some expired on purpose).
  await t.db.db
    .update(vehiclesTable)
    .set({ kirDue: null, stnkDue: null })
    .where(eq(vehiclesTable.unitId, UNIT.sunter));
  const vehicles = (await call(t.url, '/api/kendaraan?Take=1000', sunterAdmin())).json.results as {
    kendaraanId: number;
    nomorPolisi: string;
    pantauKendaraanId: string;
  }[];
  const vehicle = (await call(t.url, `/api/kendaraan/${vehicles[0]!.kendaraanId}`, sunterAdmin())).json;
  const driver = (await call(t.url, '/api/pengemudi?Take=1', sunterAdmin())).json.results[0];
  const fleet = (await call(t.url, '/api/units/fleet?Take=1', sunterAdmin())).json.results[0];
  const staff = (await call(t.url, '/api/users?Take=100', sunterAdmin())).json.results as {
    userId: number;
    username: string;
  }[];
  const share = (
    await call(t.url, '/api/share-links', {
      ...sunterAdmin(),
      body: { kendaraanId: vehicle.kendaraanId, expiresInHours: 1 },
    })
  ).json;
  const polygon = (await call(t.url, '/api/polygons?Take=1', sunterAdmin())).json.results[0];
  const trayek = (await call(t.url, '/api/trayek?Take=1', sunterAdmin())).json.results[0];
  const jalur = (await call(t.url, `/api/trayek/jalur?trayekId=${trayek.trayekId}`, sunterAdmin())).json;
  const marker = (
    await call(t.url, '/api/markers', {
      ...sunterAdmin(),
      body: { name: 'SPBU Sunter', icon: 'fuel', position: [106.88, -6.14] },
    })
  ).json;
  const spkBody = {
    kind: 'ccr',
    spkNumber: 'SPK-ACCESS-1',
    kendaraanId: vehicle.kendaraanId,
    trayekId: trayek.trayekId,
    runDate: '2031-03-01T08:00:00+07:00',
  };
  const spk = (await call(t.url, '/api/spk', { ...sunterAdmin(), body: spkBody })).json.spk;
  const opened = new Date(Date.now() - 3_600_000).toISOString();
  const maintenanceBody = { kendaraanId: vehicle.kendaraanId, kind: 'preventive', openedAt: opened };
  const incidentBody = { kendaraanId: vehicle.kendaraanId, kind: 'other', openedAt: opened };
  const checkBody = { kendaraanId: vehicle.kendaraanId, startedAt: opened };
  const created = async (path: string, body: unknown) =>
    (await call(t.url, path, { ...sunterAdmin(), body })).json;
  const maintenance = await created('/api/maintenance', maintenanceBody);
  const incident = await created('/api/incidents', incidentBody);
  const check = await created('/api/p2h', checkBody);
  ids = {
    maintenanceId: String(maintenance.maintenanceId),
    incidentId: String(incident.incidentId),
    checkId: String(check.checkId),
    spkId: String(spk.spkId),
    milestone: 'out_pool',
    polygonId: String(polygon.polygonId),
    trayekId: String(trayek.trayekId),
    markerId: String(marker.markerId),
    kendaraanId: String(vehicle.kendaraanId),
    pengemudiId: String(driver.pengemudiId),
    fleetId: String(fleet.fleetId),
    userId: String(staff.find((u) => u.username === 'operator')!.userId),
    shareLinkId: String(share.shareLinkId),
    token: new URL(share.url).pathname.split('/').pop()!,
  };
  Object.assign(queryValues, {
    trayekId: ids.trayekId,
    kendaraanId: ids.kendaraanId,
    unitId: String(UNIT.sunter),
    from: new Date(Date.now() - 86_400_000).toISOString(),
    to: new Date().toISOString(),
  });
  // Bodies that pass validation, so a write is refused for who asks, not for what it sends.
  bodies = {
    'PUT /api/kendaraan/{kendaraanId}': { ...vehicle, notes: 'changed by someone else' },
    'PUT /api/pengemudi/{pengemudiId}': { ...driver, name: 'Changed Name' },
    'PUT /api/units/fleet/{fleetId}': { fleetName: 'Changed fleet' },
    'PUT /api/units/fleet/{fleetId}/vehicles': { kendaraanIds: [] },
    'PUT /api/users/{userId}': { displayName: 'Changed', disabled: true },
    'POST /api/users/{userId}/reset-password': { password: 'changed-12345' },
    'POST /api/share-links': { kendaraanId: vehicle.kendaraanId },
    'PUT /api/units/info': { unitName: 'Changed unit', timeZone: 'Asia/Jakarta' },
    'PUT /api/polygons/{polygonId}': { ...polygon, polygonName: 'Changed geofence' },
    'POST /api/polygons': { ...polygon, polygonCode: 'NEW-GEOFENCE' },
    'PUT /api/markers/{markerId}': { ...marker, name: 'Changed marker' },
    'PUT /api/trayek/{trayekId}': { ...trayek, name: 'Changed route', path: jalur.path },
    'PUT /api/trayek/points': { waypoints: [] },
    'PUT /api/trayek/jalur': { path: jalur.path },
    'POST /api/trayek/jalur/from-trip': {
      kendaraanId: vehicle.kendaraanId,
      from: queryValues.from,
      to: queryValues.to,
    },
    'PUT /api/kendaraan/{kendaraanId}/trayek': { trayekId: trayek.trayekId },
    'POST /api/maintenance': maintenanceBody,
    'PUT /api/maintenance/{maintenanceId}': { ...maintenanceBody, notes: 'changed by someone else' },
    'POST /api/incidents': incidentBody,
    'PUT /api/incidents/{incidentId}': { ...incidentBody, notes: 'changed by someone else' },
    'POST /api/p2h': checkBody,
    'PUT /api/p2h/{checkId}': { ...checkBody, defects: ['changed by someone else'] },
    'POST /api/spk': { ...spkBody, spkNumber: 'SPK-ACCESS-2', runDate: '2031-04-01T08:00:00+07:00' },
    'PUT /api/spk/{spkId}': { ...spkBody, notes: 'changed by someone else' },
    'POST /api/spk/{spkId}/cancel': {},
    'PUT /api/spk/{spkId}/milestones/{milestone}': { at: '2031-03-01T02:00:00Z' },
    'PUT /api/spk/kinds': { results: [{ kind: 'ccr', label: 'Changed kind' }] },
    'POST /api/export/token': { report: 'overspeed', query: { from: queryValues.from, to: queryValues.to } },
  };
  sunterMarks = vehicles.flatMap((v) => [v.nomorPolisi, v.pantauKendaraanId]);
  sunterBefore = await snapshotOfSunter();
});
afterAll(() => t?.close());

describe('access control over every route', () => {
  it('finds every /api route with its declared access', () => {
    expect(routes.length).toBeGreaterThan(40);
    for (const r of routes)
      expect(['public', 'token', 'role', 'admin'], `${r.method} ${r.path}`).toContain(r.access);
  });

  it('answers 401 without a token on every route that is not public', async () => {
    for (const r of routes) {
      const { status, json } = await send(r, {});
      if (r.access === 'public') expect(status, `${r.method} ${r.path}`).not.toBe(401);
      else {
        expect(status, `${r.method} ${r.path}`).toBe(401);
        expect(json.code).toBe('UNAUTHENTICATED');
      }
    }
  });

  it('answers 403 to a Guest and a User on every Administrator route and every write', async () => {
    for (const [user, role] of [
      ['guest', 'Guest'],
      ['operator', 'User'],
    ] as const) {
      for (const r of routes.filter((x) => x.access === 'admin' || (x.access === 'role' && isWrite(x)))) {
        const { status, json } = await send(r, { token: tokens[user], role: { unitId: UNIT.sunter, role } });
        expect(status, `${user} ${r.method} ${r.path}`).toBe(403);
        expect(json.code).toBe('FORBIDDEN');
      }
      for (const r of routes.filter((x) => x.access === 'role' && !isWrite(x))) {
        const { status } = await send(r, { token: tokens[user], role: { unitId: UNIT.sunter, role } });
        const allowed = !r.report || reportsOf(role).includes(r.report);
        expect(status, `${user} ${r.method} ${r.path}`).toBe(allowed ? okStatus(r) : 403);
      }
    }
  });

  it('lets a role the product does not know read every Administrator route but write none', async () => {
    const as = { token: tokens.pengawas, role: { unitId: UNIT.sunter, role: 'Supervisor' } };
    for (const r of routes.filter((x) => x.access === 'admin' || x.access === 'role')) {
      const { status } = await send(r, as);
      if (isWrite(r)) expect(status, `${r.method} ${r.path}`).toBe(403);
      else expect(status, `${r.method} ${r.path}`).toBe(okStatus(r));
    }
  });

  it("gives the Administrator of another unit none of this unit's data and no way to change it", async () => {
    const unitRoutes = routes.filter((x) => x.access === 'admin' || x.access === 'role');
    expect(unitRoutes.length).toBeGreaterThan(30);
    // The marks are real: this unit's own Administrator sees them.
    const mine = await call(t.url, '/api/kendaraan?Take=1000', sunterAdmin());
    expect(sunterMarks.length).toBeGreaterThan(10);
    for (const mark of sunterMarks) expect(mine.text).toContain(mark);
    // Naming this unit as the chosen role: they hold none here.
    for (const r of unitRoutes) {
      const { status, json } = await send(r, {
        token: tokens.multi,
        role: { unitId: UNIT.sunter, role: 'Administrator' },
      });
      expect(status, `${r.method} ${r.path}`).toBe(403);
      expect(json.code).toBe('ROLE_REQUIRED');
    }
    // Their own unit's role, aiming at this unit's rows by id, query or body.
    const own = { token: tokens.multi, role: { unitId: UNIT.karawang, role: 'Administrator' } };
    for (const r of unitRoutes) {
      const { status, text } = await send(r, own);
      const what = `${r.method} ${urlOf(r)}`;
      const namesSunterRow = /\{\w+\}/.test(r.path) || r.query.some((q) => q.name in queryValues);
      if (namesSunterRow && status < 300 && r.method === 'GET') {
        // A list filtered by another unit's row may answer, but empty.
        expect(JSON.parse(text).count ?? 0, what).toBe(0);
      } else if (/\{\w+\}/.test(r.path)) expect([403, 404], what).toContain(status);
      for (const mark of sunterMarks) expect(text.includes(mark), `${what} shows ${mark}`).toBe(false);
    }
    expect(await snapshotOfSunter()).toBe(sunterBefore);
    // Every route twice, the reports and exports included: longer than one test usually takes.
  }, 120_000);
});
