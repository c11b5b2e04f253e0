import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  currentWorkOrder,
  workOrderDetail,
  workOrderKindLabels,
  workOrderList,
  workOrderSaved,
  type WorkOrderInputDraft,
} from '@pantau/contracts';
import { fix } from '../../test/positions.js';
import { call, signIn, startTestApp, UNIT, type TestApp } from '../../test/test-app.js';

let t: TestApp;
/** The app's clock: the real one, until a test replays a trip and moves it along with the fixes. */
let nowMs: number | null = null;
const tokens: Record<string, string> = {};
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

const rows = async <T>(query: ReturnType<typeof sql>) => {
  const result = (await t.db.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
};

// A quiet stretch of East Java, far from every demo site: a pool, a plant and a dealer on one road.
const LAT = -7.0;
const POOL_LON = 111.0;
const PLANT_LON = 111.1;
const DEALER_LON = 111.3;
const TRACKER = 'SPK-TEST-0001';

let vehicleId: number;
let otherVehicleId: number;
let driverIds: number[];
let routeId: number;
let poolId: number;
let plantId: number;
let dealerId: number;

async function circle(code: string, category: string, lon: number) {
  const [row] = await rows<{ geofence_id: number }>(sql`
    INSERT INTO geofences (unit_id, code, name, shape, category, center_lon, center_lat, radius_m, geometry,
      min_lon, min_lat, max_lon, max_lat)
    VALUES (${UNIT.sunter}, ${code}, ${code}, 'circle', ${category}, ${lon}, ${LAT}, 300,
      ${JSON.stringify({ type: 'Point', coordinates: [lon, LAT] })}::jsonb,
      ${lon - 0.01}, ${LAT - 0.01}, ${lon + 0.01}, ${LAT + 0.01})
    RETURNING geofence_id`);
  return row!.geofence_id;
}

async function vehicle(tracker: string, plate: string, hull: string) {
  const [row] = await rows<{ vehicle_id: number }>(sql`
    INSERT INTO vehicles (unit_id, tracker_id, plate_number, hull_number, vehicle_class)
    VALUES (${UNIT.sunter}, ${tracker}, ${plate}, ${hull}, 'CC') RETURNING vehicle_id`);
  return row!.vehicle_id;
}

beforeAll(async () => {
  t = await startTestApp({
    deps: { telemetry: { tickMs: 0 }, clock: () => new Date(nowMs ?? Date.now()) },
  });
  for (const u of Object.keys(roles)) tokens[u] = await signIn(t.url, u);
  poolId = await circle('SPKT-POOL', 'pool', POOL_LON);
  plantId = await circle('SPKT-PLANT', 'plant', PLANT_LON);
  dealerId = await circle('SPKT-DEALER', 'dealer', DEALER_LON);
  const [route] = await rows<{ route_id: number }>(sql`
    INSERT INTO routes (unit_id, code, name, origin_geofence_id, destination_geofence_id, path, corridor_width_m,
      distance_km, lead_time_minutes, circle_time_minutes, min_lon, min_lat, max_lon, max_lat)
    VALUES (${UNIT.sunter}, 'SPKT-R1', 'Plant to dealer', ${plantId}, ${dealerId}, ${JSON.stringify({
      type: 'LineString',
      coordinates: [
        [POOL_LON, LAT],
        [DEALER_LON, LAT],
      ],
    })}::jsonb, 1000, 33, 30, 60, ${POOL_LON}, ${LAT}, ${DEALER_LON}, ${LAT})
    RETURNING route_id`);
  routeId = route!.route_id;
  vehicleId = await vehicle(TRACKER, 'B 9001 SPK', 'SPK-01');
  otherVehicleId = await vehicle('SPK-TEST-0002', 'B 9002 SPK', 'SPK-02');
  driverIds = (
    await rows<{ driver_id: number }>(sql`
      INSERT INTO drivers (unit_id, name, employee_number, licence_class)
      VALUES (${UNIT.sunter}, 'Test Driver One', 'SPKT-1', 'SIM B2 Umum'),
             (${UNIT.sunter}, 'Test Driver Two', 'SPKT-2', 'SIM B2 Umum'),
             (${UNIT.sunter}, 'Test Driver Three', 'SPKT-3', 'SIM B2 Umum')
      RETURNING driver_id`)
  ).map((r) => r.driver_id);
  await t.app.pipeline.refreshVehicles();
  await t.app.pipeline.refreshGeography(UNIT.sunter);
});
afterAll(() => t?.close());
afterEach(() => {
  nowMs = null;
});

let seq = 0;
/** An SPK far in the future (no demo SPK there) on the test route, unless told otherwise. */
const spk = (over: Partial<WorkOrderInputDraft> = {}): WorkOrderInputDraft => {
  seq += 1;
  return {
    kind: 'ccr',
    spkNumber: `SPK-T-${seq}`,
    dtNumber: `DT-${seq}`,
    kendaraanId: otherVehicleId,
    pengemudiId: null,
    coPengemudiId: null,
    trayekId: routeId,
    runDate: `2030-01-${String(seq).padStart(2, '0')}T08:00:00+07:00`,
    customer: 'PT Toyota-Astra Motor',
    loadCount: 6,
    ...over,
  };
};

describe('work orders (SPK)', () => {
  it('S-057 an Administrator creates an SPK: the route gives origin, destination, standard times and the period', async () => {
    const res = await as('admin', '/spk', {
      method: 'POST',
      body: spk({ runDate: '2030-01-01T08:00:00+07:00' }),
    });
    expect(res.status).toBe(201);
    const { spk: saved, warnings } = workOrderSaved.parse(res.json);
    expect(warnings).toEqual([]);
    expect(saved).toMatchObject({
      kind: 'ccr',
      status: 'waiting',
      nomorPolisi: 'B 9002 SPK',
      trayekCode: 'SPKT-R1',
      originPolygonId: plantId,
      originName: 'SPKT-PLANT',
      destinationPolygonId: dealerId,
      standardLeadMinutes: 30,
      standardCircleMinutes: 60,
      runDate: '2030-01-01T01:00:00.000Z',
      plannedEnd: '2030-01-01T02:00:00.000Z',
      monitoredRoute: true,
      nextMilestone: 'out_pool',
      etaToBase: '2030-01-01T02:00:00.000Z',
      anomalies: [],
    });
    expect(saved.milestones.map((m) => [m.milestone, m.at])).toEqual([
      ['out_pool', null],
      ['arrive_loading', null],
      ['exit_loading', null],
      ['enter_unloading', null],
      ['exit_unloading', null],
      ['enter_pool', null],
    ]);
    const list = workOrderList.parse((await as('operator', `/spk?kind=ccr&search=${saved.spkNumber}`)).json);
    expect(list.results.map((r) => r.spkId)).toEqual([saved.spkId]);
    expect(
      workOrderList.parse((await as('operator', `/spk?kind=dt&search=${saved.spkNumber}`)).json).count,
    ).toBe(0);
    expect(workOrderDetail.parse((await as('guest', `/spk/${saved.spkId}`)).json).spkNumber).toBe(
      saved.spkNumber,
    );
    // A date alone is midnight in the unit's zone (WIB).
    const dated = await as('admin', '/spk', { method: 'POST', body: spk({ runDate: '2030-02-01' }) });
    expect(workOrderSaved.parse(dated.json).spk.runDate).toBe('2030-01-31T17:00:00.000Z');
  });

  it('refuses what cannot run, naming the field: a used number, an overlap, the same driver twice, an expired KIR', async () => {
    const first = workOrderSaved.parse(
      (await as('admin', '/spk', { method: 'POST', body: spk({ pengemudiId: driverIds[0] }) })).json,
    ).spk;
    const again = await as('admin', '/spk', {
      method: 'POST',
      body: spk({ spkNumber: first.spkNumber.toLowerCase() }),
    });
    expect(again.status).toBe(409);
    expect(fieldsOf(again.json)).toEqual(['spkNumber']);
    // 30 minutes into the first one's hour, with the same vehicle: 409 on the vehicle.
    const half = new Date(Date.parse(first.runDate) + 30 * 60_000).toISOString();
    const overlap = await as('admin', '/spk', { method: 'POST', body: spk({ runDate: half }) });
    expect(overlap.status).toBe(409);
    expect(fieldsOf(overlap.json)).toEqual(['kendaraanId']);
    expect(overlap.json.errors[0].message).toContain(first.spkNumber);
    // Another vehicle but the same driver, as driver 2.
    const driver = await as('admin', '/spk', {
      method: 'POST',
      body: spk({ runDate: half, kendaraanId: vehicleId, coPengemudiId: driverIds[0] }),
    });
    expect(driver.status).toBe(409);
    expect(fieldsOf(driver.json)).toEqual(['coPengemudiId']);
    // Right after the first one's period: no overlap.
    const after = new Date(Date.parse(first.plannedEnd)).toISOString();
    expect((await as('admin', '/spk', { method: 'POST', body: spk({ runDate: after }) })).status).toBe(201);

    const twice = await as('admin', '/spk', {
      method: 'POST',
      body: spk({ pengemudiId: driverIds[1], coPengemudiId: driverIds[1] }),
    });
    expect(twice.status).toBe(400);
    expect(fieldsOf(twice.json)).toContain('coPengemudiId');

    await t.db.db.execute(
      sql`UPDATE vehicles SET kir_due = '2029-12-01', stnk_due = '2030-06-20' WHERE vehicle_id = ${otherVehicleId}`,
    );
    const expired = await as('admin', '/spk', { method: 'POST', body: spk() });
    expect(expired.status).toBe(400);
    expect(expired.json.errors).toEqual([
      { path: 'kendaraanId', message: 'The KIR of B 9002 SPK expired on 2029-12-01, before the run date' },
    ]);
    await t.db.db.execute(
      sql`UPDATE vehicles SET kir_due = '2030-12-01' WHERE vehicle_id = ${otherVehicleId}`,
    );
    const warned = await as('admin', '/spk', {
      method: 'POST',
      body: spk({ runDate: '2030-06-10T08:00:00+07:00' }),
    });
    expect(warned.status).toBe(201);
    expect(workOrderSaved.parse(warned.json).warnings.map((w) => w.message)).toEqual([
      'The STNK of B 9002 SPK is due on 2030-06-20',
    ]);
    await t.db.db.execute(
      sql`UPDATE vehicles SET kir_due = NULL, stnk_due = NULL WHERE vehicle_id = ${otherVehicleId}`,
    );

    for (const [body, field] of [
      [spk({ runDate: 'tomorrow' }), 'runDate'],
      [spk({ kendaraanId: 999_999 }), 'kendaraanId'],
      [spk({ trayekId: 999_999 }), 'trayekId'],
      [spk({ loadCount: -1 }), 'loadCount'],
      [spk({ spkNumber: '' }), 'spkNumber'],
    ] as const) {
      const res = await as('admin', '/spk', { method: 'POST', body });
      expect(res.status, field).toBe(400);
      expect(fieldsOf(res.json), field).toContain(field);
    }
  });

  it('two saves at once for the same vehicle and period: one is stored, the other answers 409', async () => {
    const runDate = '2030-03-03T08:00:00+07:00';
    const answers = await Promise.all([
      as('admin', '/spk', { method: 'POST', body: spk({ runDate }) }),
      as('admin', '/spk', { method: 'POST', body: spk({ runDate }) }),
      as('admin', '/spk', { method: 'POST', body: spk({ runDate }) }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
  });

  it('Users and Guests read; only an Administrator writes; another unit sees none of it', async () => {
    const mine = workOrderSaved.parse((await as('admin', '/spk', { method: 'POST', body: spk() })).json).spk;
    expect((await as('operator', '/spk', { method: 'POST', body: spk() })).status).toBe(403);
    expect((await as('guest', `/spk/${mine.spkId}/cancel`, { method: 'POST', body: {} })).status).toBe(403);
    expect((await as('operator', '/spk/kinds', { method: 'PUT', body: { results: [] } })).status).toBe(403);
    expect((await as('multi', `/spk/${mine.spkId}`)).status).toBe(404);
    expect(workOrderList.parse((await as('multi', `/spk?search=${mine.spkNumber}`)).json).count).toBe(0);
    expect((await as('multi', '/spk', { method: 'POST', body: spk() })).status).toBe(400);
  });

  it('cancels an SPK; a cancelled one cannot be changed; the kinds are renamed for the unit', async () => {
    const s = workOrderSaved.parse((await as('admin', '/spk', { method: 'POST', body: spk() })).json).spk;
    const cancelled = await as('admin', `/spk/${s.spkId}/cancel`, {
      method: 'POST',
      body: { reason: 'Customer postponed' },
    });
    expect(workOrderDetail.parse(cancelled.json)).toMatchObject({
      status: 'cancelled',
      statusChangedBy: 'admin',
    });
    const edit = await as('admin', `/spk/${s.spkId}`, {
      method: 'PUT',
      body: spk({ spkNumber: s.spkNumber }),
    });
    expect(edit.status).toBe(409);
    // Its period is free again.
    expect((await as('admin', '/spk', { method: 'POST', body: spk({ runDate: s.runDate }) })).status).toBe(
      201,
    );

    const kinds = await as('admin', '/spk/kinds', {
      method: 'PUT',
      body: {
        results: [{ kind: 'ccr', label: 'Car Carrier Reguler', description: 'Per-trip car carrier work' }],
      },
    });
    expect(workOrderKindLabels.parse(kinds.json).results).toEqual([
      { kind: 'ccr', label: 'Car Carrier Reguler', description: 'Per-trip car carrier work' },
      { kind: 'dt', label: 'SPK DT', description: null },
    ]);
    expect(workOrderKindLabels.parse((await as('multi', '/spk/kinds')).json).results[0]!.label).toBe(
      'SPK CCR',
    );
  });

  it('S-057 follows a truck over GT06-like fixes: waiting → on progress → abnormal off its route → done with its times', async () => {
    const base = Date.now() - 4 * 3_600_000;
    const at = (s: number) => new Date(base + s * 1000);
    const created = workOrderSaved.parse(
      (
        await as('admin', '/spk', {
          method: 'POST',
          body: spk({ kendaraanId: vehicleId, runDate: at(300).toISOString(), pengemudiId: driverIds[2] }),
        })
      ).json,
    ).spk;
    const id = created.spkId;
    const detail = async () => workOrderDetail.parse((await as('operator', `/spk/${id}`)).json);
    const drive = async (...track: [number, number, number?][]) => {
      for (const [s, lon, lat = LAT] of track) {
        nowMs = at(s).getTime() + 5_000;
        await t.app.pipeline.ingest([fix(TRACKER, at(s), { lat, lon, speedKmh: 30 })], {
          protocol: 'simulator',
        });
      }
      await t.app.workOrders.matcher.idle();
    };

    await drive([0, POOL_LON], [300, POOL_LON]);
    expect((await detail()).status).toBe('waiting');
    // Out of the pool at 600 s, into the plant at 1200 s, out at 2100 s.
    await drive(
      [600, 111.03],
      [1200, PLANT_LON],
      [1500, PLANT_LON],
      [1800, PLANT_LON],
      [2100, 111.13],
      [2160, 111.14],
    );
    let d = await detail();
    expect(d).toMatchObject({ status: 'on_progress', nextMilestone: 'enter_unloading' });
    expect(d.milestones.slice(0, 3).map((m) => [m.milestone, m.at, m.source, m.polygonId])).toEqual([
      ['out_pool', at(600).toISOString(), 'detected', poolId],
      ['arrive_loading', at(1200).toISOString(), 'detected', plantId],
      ['exit_loading', at(2100).toISOString(), 'detected', plantId],
    ]);
    expect(workOrderCurrent(await as('guest', `/spk/current?kendaraanId=${vehicleId}`))?.spkId).toBe(id);

    // 5.5 km south of the road for 8 minutes: over route on the SPK's route.
    await drive(
      [2400, 111.15, -7.05],
      [2520, 111.17, -7.05],
      [2640, 111.19, -7.05],
      [2880, 111.21, -7.05],
      [3000, 111.23],
    );
    d = await detail();
    expect(d.status).toBe('abnormal');
    expect(d.anomalies.map((a) => a.kind)).toContain('overroute');

    // Dealer from 3600 s to 4500 s, back in the pool at 6000 s.
    await drive(
      [3600, DEALER_LON],
      [3900, DEALER_LON],
      [4200, DEALER_LON],
      [4500, 111.27],
      [6000, POOL_LON],
      [6060, POOL_LON],
    );
    d = await detail();
    // Lead: 2100 → 3600 s = 25 min (standard 30); circle: 600 → 6000 s = 90 min (standard 60): 30 over.
    expect(d).toMatchObject({
      status: 'done',
      actualLeadMinutes: 25,
      overLeadMinutes: 0,
      actualCircleMinutes: 90,
      overCircleMinutes: 30,
      enterUnloadingAt: at(3600).toISOString(),
      exitUnloadingAt: at(4500).toISOString(),
      enterPoolAt: at(6000).toISOString(),
      nextMilestone: null,
      etaToBase: null,
      // Done since the vehicle was back in the pool, not since the server worked it out.
      statusChangedAt: at(6000).toISOString(),
    });
    expect(d.anomalies.map((a) => [a.kind, a.value])).toEqual([
      ['over_circle_time', 30],
      ['overroute', 1],
    ]);
    expect(workOrderCurrent(await as('guest', `/spk/current?kendaraanId=${vehicleId}`))).toBeNull();

    // An Administrator corrects the pool exit: the times follow, the audit trail names them.
    const corrected = await as('admin', `/spk/${id}/milestones/out_pool`, {
      method: 'PUT',
      body: { at: at(900).toISOString() },
    });
    d = workOrderDetail.parse(corrected.json);
    expect(d.milestones[0]).toMatchObject({
      at: at(900).toISOString(),
      source: 'manual',
      correctedBy: 'admin',
      detectedAt: at(600).toISOString(),
    });
    expect(d).toMatchObject({ actualCircleMinutes: 85, overCircleMinutes: 25 });
    const audit = await as('admin', `/audit?entity=work_order&entityId=${id}`);
    expect(audit.json.results.map((r: { action: string }) => r.action)).toContain('correct_milestone');
    const reverted = await as('admin', `/spk/${id}/milestones/out_pool`, {
      method: 'PUT',
      body: { at: null, revert: true },
    });
    expect(workOrderDetail.parse(reverted.json)).toMatchObject({
      actualCircleMinutes: 90,
      outPoolAt: at(600).toISOString(),
    });
    // A correction keeps the SPK's order and cannot lie in the future; nothing changes then.
    for (const [milestone, time, message] of [
      ['out_pool', at(4000), 'A milestone cannot be after the milestone after it'],
      ['enter_pool', at(4000), 'A milestone cannot be before the milestone before it'],
      ['enter_pool', new Date(Date.now() + 86_400_000), 'A milestone cannot be in the future'],
    ] as const) {
      const refused = await as('admin', `/spk/${id}/milestones/${milestone}`, {
        method: 'PUT',
        body: { at: time.toISOString() },
      });
      expect(refused.status, milestone).toBe(400);
      expect(refused.json.errors).toEqual([{ path: 'at', message }]);
    }
    expect(await detail()).toMatchObject({
      outPoolAt: at(600).toISOString(),
      enterPoolAt: at(6000).toISOString(),
    });

    // The period worked out again once the SPK is done (the vehicle has no route now): the over route
    // is found again against the route the SPK ran on.
    const overroutes = () =>
      rows<{ started_at: Date | string; route_id: number }>(sql`
        SELECT started_at, (attributes->>'routeId')::int AS route_id FROM events
        WHERE vehicle_id = ${vehicleId} AND kind = 'overroute' ORDER BY started_at`);
    const before = await overroutes();
    expect(before).toHaveLength(1);
    await t.db.db.execute(sql`DELETE FROM events WHERE vehicle_id = ${vehicleId} AND kind = 'overroute'`);
    await t.app.pipeline.recalculate(vehicleId, at(0));
    const after = await overroutes();
    expect(after.map((e) => [new Date(e.started_at).toISOString(), e.route_id])).toEqual([
      [at(2400).toISOString(), before[0]!.route_id],
    ]);
    // From within the over route: worked out again from its start, the SPK past its loading then.
    await t.app.pipeline.recalculate(vehicleId, at(2500));
    expect((await overroutes()).map((e) => new Date(e.started_at).toISOString())).toEqual([
      at(2400).toISOString(),
    ]);
  });
});

const workOrderCurrent = (res: { json: unknown }) => currentWorkOrder.parse(res.json).spk;
