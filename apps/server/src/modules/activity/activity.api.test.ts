import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dayBound,
  detailActivityList,
  detailActivityReport,
  localDay,
  recalculateJob,
  recalculateJobList,
  stopList,
  tripList,
  type RecalculateJob,
} from '@pantau/contracts';
import type { Position } from '@pantau/protocols';
import { sql } from 'drizzle-orm';
import { fix, vehiclesOf } from '../../test/positions.js';
import { call, signIn, startTestApp, UNIT, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
let operator: string;
let guest: string;
let fleet: Awaited<ReturnType<typeof vehiclesOf>>;
let karawang: Awaited<ReturnType<typeof vehiclesOf>>;
const asAdmin = { unitId: UNIT.sunter, role: 'Administrator' };
const asUser = { unitId: UNIT.sunter, role: 'User' };
const asGuest = { unitId: UNIT.sunter, role: 'Guest' };
const source = { protocol: 'simulator' as const };

const ZONE = 'Asia/Jakarta';
/** A day three days ago, in WIB; the track starts at 08:00 local. */
const DAY = localDay(Date.now() - 3 * 86_400_000, ZONE);
const MIDNIGHT = dayBound(DAY, 'start', ZONE);
const at = (h: number, m: number, s = 0) => new Date(MIDNIGHT + ((h * 60 + m) * 60 + s) * 1000);
const pool = { lat: -6.161, lon: 106.931 };
const north = (m: number) => ({ lat: pool.lat + m / 111_320, lon: pool.lon });

/**
 * Parked at the pool 08:00–08:10 (ignition off); drives 6 km north at 36 km/h from 08:10:30; stands
 * 2 minutes at a red light (engine on); drives 3 km more at a reported 100 km/h (an over speed);
 * parks at 08:29:10 with the ignition off for 10 minutes.
 */
function track(trackerId: string): { parked: Position[]; leg1: Position[]; rest: Position[] } {
  const p = (time: Date, o: Partial<Position>) => fix(trackerId, time, { ...pool, ...o });
  const parked = Array.from({ length: 11 }, (_, i) => p(at(8, i), { speedKmh: 0, ignition: false }));
  const leg1 = Array.from({ length: 61 }, (_, k) =>
    p(at(8, 10, 30 + k * 10), { speedKmh: 36, ignition: true, ...north(k * 100) }),
  );
  const halt = Array.from({ length: 5 }, (_, j) =>
    p(at(8, 21, j * 30), { speedKmh: 0, ignition: true, ...north(6000) }),
  );
  const leg2 = Array.from({ length: 31 }, (_, k) =>
    p(at(8, 23, 10 + k * 10), { speedKmh: 100, ignition: true, ...north(6100 + k * 100) }),
  );
  const park = Array.from({ length: 11 }, (_, j) =>
    p(at(8, 29, 10 + j * 60), { speedKmh: 0, ignition: false, ...north(9100) }),
  );
  return { parked, leg1, rest: [...halt, ...leg2, ...park] };
}

const period = `from=${encodeURIComponent(at(0, 0).toISOString())}&to=${encodeURIComponent(at(24, 0).toISOString())}`;
const get = (path: string, token = admin, role: { unitId: number; role: string } = asAdmin) =>
  call(t.url, path, { token, role });

beforeAll(async () => {
  t = await startTestApp({ deps: { telemetry: { tickMs: 0 } } });
  [admin, operator, guest] = await Promise.all([
    signIn(t.url, 'admin'),
    signIn(t.url, 'operator'),
    signIn(t.url, 'guest'),
  ]);
  fleet = await vehiclesOf(t.db, UNIT.sunter);
  karawang = await vehiclesOf(t.db, UNIT.karawang);
  // Vehicle 0 reports in order; vehicle 1 sends its first leg late, after everything else.
  const a = track(fleet[0]!.trackerId);
  await t.app.pipeline.ingest([...a.parked, ...a.leg1, ...a.rest], source);
  const b = track(fleet[1]!.trackerId);
  await t.app.pipeline.ingest(b.parked, source);
  await t.app.pipeline.ingest(b.rest, source);
  await t.app.pipeline.ingest(b.leg1, source);
});
afterAll(() => t?.close());

describe('trips and stops, derived as positions arrive', () => {
  it('GET /api/trips answers the trip with its times, distance, halts and violations', async () => {
    const { status, json } = await get(`/api/trips?kendaraanId=${fleet[0]!.vehicleId}&${period}`);
    expect(status).toBe(200);
    const list = tripList.parse(json);
    expect(list.count).toBe(1);
    const [trip] = list.results;
    expect(trip).toMatchObject({
      kendaraanId: fleet[0]!.vehicleId,
      start: at(8, 10).toISOString(),
      end: at(8, 29, 10).toISOString(),
      open: false,
      duration: 19 * 60 + 10,
      drivingTime: 30 + 600 + 30 + 10 + 300 + 60,
      idleTime: 120,
      maxSpeed: 100,
      stops: 1,
      violations: { overspeed: 1, overstop: 0, overroute: 0, total: 1 },
      startLocation: 'at Pool Sunter/Cakung',
    });
    expect(trip!.distanceKm).toBeGreaterThan(9.1 * 0.99);
    expect(trip!.distanceKm).toBeLessThan(9.1 * 1.01);
    expect(trip!.avgSpeed).toBeCloseTo((trip!.distanceKm / 1030) * 3600, 0);
  });

  it('GET /api/stops answers the pool stop and the one the trip ended at (open)', async () => {
    const { json } = await get(`/api/stops?kendaraanId=${fleet[0]!.vehicleId}&${period}`);
    const list = stopList.parse(json);
    expect(list.results.map((s) => [s.start, s.end, s.open])).toEqual([
      [at(8, 0).toISOString(), at(8, 10).toISOString(), false],
      [at(8, 29, 10).toISOString(), at(8, 39, 10).toISOString(), true],
    ]);
  });

  it('late fixes rebuild the period: the same trip, stops and day as fixes in order', async () => {
    const rows = async (vehicleId: number) => {
      const r = (await t.db.db.execute(sql`
        SELECT 'trip' AS k, started_at, ended_at, open, round(distance_m) AS m, driving_s AS a, idle_s AS b, halts AS c
          FROM trips WHERE vehicle_id = ${vehicleId}
        UNION ALL SELECT 'stop', started_at, ended_at, open, 0, idle_s, 0, 0 FROM stops WHERE vehicle_id = ${vehicleId}
        UNION ALL SELECT 'day', first_move_at, last_move_at, closed, round(distance_m), driving_s, idle_s, engine_s
          FROM activity_days WHERE vehicle_id = ${vehicleId}
        ORDER BY 1, 2`)) as unknown as { rows: unknown[] };
      return r.rows;
    };
    const inOrder = await rows(fleet[0]!.vehicleId);
    expect(inOrder).toHaveLength(4);
    expect(await rows(fleet[1]!.vehicleId)).toEqual(inOrder);
  });
});

describe('GET /api/detail_activity', () => {
  it('S-062 answers a vehicle day as worked out by hand', async () => {
    const { status, json } = await get(`/api/detail_activity?kendaraanId=${fleet[0]!.vehicleId}&${period}`);
    expect(status).toBe(200);
    const list = detailActivityList.parse(json);
    expect(list.count).toBe(1);
    const [day] = list.results;
    expect(day).toMatchObject({
      kendaraanId: fleet[0]!.vehicleId,
      nomorPolisi: fleet[0]!.plate,
      day: DAY,
      drivingTime: 1030,
      idleTime: 120,
      // Ignition on from 08:10:30 to 08:29:10, and moving from 08:10: a moving vehicle's engine runs.
      engineHours: Math.round((1150 / 3600) * 100) / 100,
      stops: 2,
      firstMovement: at(8, 10).toISOString(),
      lastMovement: at(8, 29, 10).toISOString(),
      maxSpeed: 100,
      violations: { overspeed: 1, overstop: 0, overroute: 0, total: 1 },
    });
    expect(day!.distanceKm).toBeGreaterThan(9.1 * 0.99);
    expect(day!.distanceKm).toBeLessThan(9.1 * 1.01);
  });

  it('filters by vehicles (repeatable), pages 10 by default and sorts', async () => {
    const ids = `kendaraanId=${fleet[0]!.vehicleId}&kendaraanId=${fleet[1]!.vehicleId}`;
    const both = detailActivityList.parse((await get(`/api/detail_activity?${ids}&${period}`)).json);
    expect(both.count).toBe(2);
    const all = detailActivityList.parse((await get(`/api/detail_activity?${period}`)).json);
    expect(all.count).toBeGreaterThanOrEqual(2);
    expect(all.results.length).toBeLessThanOrEqual(10);
    const sorted = detailActivityList.parse(
      (await get(`/api/detail_activity?${ids}&${period}&sortBy=nomorPolisi&sortDir=descend`)).json,
    );
    expect(sorted.results.map((r) => r.nomorPolisi)).toEqual(
      [fleet[0]!.plate, fleet[1]!.plate].sort().reverse(),
    );
  });

  it('the report answers every row and their totals', async () => {
    const ids = `kendaraanId=${fleet[0]!.vehicleId}&kendaraanId=${fleet[1]!.vehicleId}`;
    const { status, json } = await get(`/api/reports/detail_activity?${ids}&${period}`);
    expect(status).toBe(200);
    const report = detailActivityReport.parse(json);
    expect(report.results).toHaveLength(2);
    expect(report.totals).toMatchObject({ drivingTime: 2060, idleTime: 240, stops: 4, maxSpeed: 100 });
    expect(report.totals.violations.total).toBe(2);
  });

  it('refuses bad periods with a 400 naming the field', async () => {
    const from = at(8, 0).toISOString();
    const cases: [string, string][] = [
      [`from=${from}&to=${at(7, 0).toISOString()}`, 'to'],
      [`from=${from}&to=${new Date(at(8, 0).getTime() + 32 * 86_400_000).toISOString()}`, 'to'],
      [`from=yesterday&to=${from}`, 'from'],
      [`to=${from}`, 'from'],
    ];
    for (const [query, field] of cases)
      for (const path of [
        '/api/detail_activity',
        '/api/reports/detail_activity',
        '/api/trips',
        '/api/stops',
      ]) {
        const { status, json } = await get(
          `${path}?kendaraanId=${fleet[0]!.vehicleId}&${query.replace(/\+/g, '%2B')}`,
        );
        expect(status, `${path}?${query}`).toBe(400);
        expect(json.errors.map((e: { path: string }) => e.path)).toContain(field);
      }
  });

  it('S-007 is a report of the Administrator menu only: Users and Guests get 403; 404 for another unit’s vehicle', async () => {
    for (const path of ['/api/detail_activity', '/api/reports/detail_activity']) {
      expect((await get(`${path}?${period}`, guest, asGuest)).status).toBe(403);
      expect((await get(`${path}?${period}`, operator, asUser)).status).toBe(403);
    }
    expect(
      (await get(`/api/trips?kendaraanId=${fleet[0]!.vehicleId}&${period}`, guest, asGuest)).status,
    ).toBe(200);
    for (const path of ['/api/trips', '/api/stops'])
      expect((await get(`${path}?kendaraanId=${karawang[0]!.vehicleId}&${period}`)).status).toBe(404);
  });
});

describe('POST /api/logs/recalculate', () => {
  const snapshot = async (vehicleId: number) =>
    (
      (await t.db.db.execute(sql`
        SELECT 'trip' AS k, started_at, ended_at, open::text AS o, round(distance_m)::int AS n, driving_s AS a
          FROM trips WHERE vehicle_id = ${vehicleId}
        UNION ALL SELECT 'stop', started_at, ended_at, open::text, idle_s, 0 FROM stops WHERE vehicle_id = ${vehicleId}
        UNION ALL SELECT 'day:' || day, first_move_at, last_move_at, closed::text, round(distance_m)::int, engine_s
          FROM activity_days WHERE vehicle_id = ${vehicleId}
        UNION ALL SELECT 'event:' || kind, started_at, ended_at, open::text, coalesce(max_value, 0)::int, 0
          FROM events WHERE vehicle_id = ${vehicleId}
        ORDER BY 1, 2`)) as unknown as { rows: unknown[] }
    ).rows;

  const recalculate = async (vehicleId: number): Promise<RecalculateJob> => {
    const started = await call(t.url, '/api/logs/recalculate', {
      token: admin,
      role: asAdmin,
      body: { kendaraanId: vehicleId, from: at(7, 0).toISOString(), to: at(12, 0).toISOString() },
    });
    expect(started.status).toBe(202);
    let job = recalculateJob.parse(started.json);
    for (let i = 0; i < 200 && (job.state === 'queued' || job.state === 'running'); i++) {
      await new Promise((r) => setTimeout(r, 50));
      job = recalculateJobList.parse((await get(`/api/logs/recalculate?jobId=${job.jobId}`)).json)
        .results[0]!;
    }
    return job;
  };

  it('S-062 rebuilds a vehicle’s trips, stops, days and violations: twice gives the same rows', async () => {
    const vehicleId = fleet[0]!.vehicleId;
    const before = await snapshot(vehicleId);
    // Lose the derived rows: the recalculation finds them again from the positions.
    await t.db.db.execute(sql`DELETE FROM trips WHERE vehicle_id = ${vehicleId}`);
    await t.db.db.execute(sql`DELETE FROM events WHERE vehicle_id = ${vehicleId} AND kind = 'overspeed'`);
    const first = await recalculate(vehicleId);
    expect(first).toMatchObject({ state: 'done', progress: 1, kendaraanId: vehicleId });
    expect(first.result).toMatchObject({ positions: 119, trips: 1, stops: 2 });
    expect(await snapshot(vehicleId)).toEqual(before);
    const second = await recalculate(vehicleId);
    expect(second.state).toBe('done');
    expect(await snapshot(vehicleId)).toEqual(before);
  });

  it('is for Administrators only, one at a time per vehicle, in the unit', async () => {
    const body = {
      kendaraanId: fleet[2]!.vehicleId,
      from: at(7, 0).toISOString(),
      to: at(9, 0).toISOString(),
    };
    expect((await call(t.url, '/api/logs/recalculate', { token: operator, role: asUser, body })).status).toBe(
      403,
    );
    expect(
      (
        await call(t.url, '/api/logs/recalculate', {
          token: admin,
          role: asAdmin,
          body: { ...body, kendaraanId: karawang[0]!.vehicleId },
        })
      ).status,
    ).toBe(404);
    const bad = await call(t.url, '/api/logs/recalculate', {
      token: admin,
      role: asAdmin,
      body: { ...body, to: at(6, 0).toISOString() },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].path).toBe('to');

    const started = await call(t.url, '/api/logs/recalculate', { token: admin, role: asAdmin, body });
    expect(started.status).toBe(202);
    const job = recalculateJob.parse(started.json);
    expect((await get(`/api/logs/recalculate?jobId=${job.jobId}`, operator, asUser)).status).toBe(403);
    const mine = recalculateJobList.parse(
      (await get(`/api/logs/recalculate?kendaraanId=${body.kendaraanId}`)).json,
    );
    expect(mine.results.map((j) => j.jobId)).toEqual([job.jobId]);
    const other = { unitId: UNIT.karawang, role: 'Administrator' };
    const multi = await signIn(t.url, 'multi');
    expect((await get(`/api/logs/recalculate?jobId=${job.jobId}`, multi, other)).json.count).toBe(0);
  });

  it('refuses a second recalculation of a vehicle while one runs; the vehicle’s new fixes wait for it', async () => {
    const v = fleet[0]!;
    const from = at(7, 0);
    const first = t.app.pipeline.recalculate(v.vehicleId, from);
    const second = t.app.pipeline.recalculate(v.vehicleId, from);
    const later = new Date(at(8, 39, 10).getTime() + 60_000);
    const ingest = t.app.pipeline.ingest(
      [fix(v.trackerId, later, { ...north(9100), speedKmh: 0, ignition: false })],
      source,
    );
    await expect(second).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await first).toMatchObject({ counts: { trips: 1 } });
    expect((await ingest).stored).toBe(1);
    const state = t.app.pipeline.liveState(v.vehicleId)!;
    expect(state.fixTime).toEqual(later);
    expect((state.ruleState.trips as { lastMs: number }).lastMs).toBe(later.getTime());
  });
});
