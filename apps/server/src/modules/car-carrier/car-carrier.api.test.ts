import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ccDaily, ccStatusList, ccSummary, ccUtility, ccVehicleDayList } from '@pantau/contracts';
import { call, signIn, startTestApp, UNIT, type TestApp } from '../../test/test-app.js';

// Cikarang's car carriers are the demo's; this test adds a fleet of its own to Karawang's unit and
// reads only it (fleetId), over three days in WIB with hand-counted classes.
let t: TestApp;
const NOW = Date.parse('2026-11-19T12:00:00+07:00');
const tokens: Record<string, string> = {};
const roles = {
  admin: { unitId: UNIT.karawang, role: 'Administrator' },
  operator: { unitId: UNIT.sunter, role: 'User' },
} as const;
const as = (who: keyof typeof roles, path: string) =>
  call(t.url, `/api${path}`, { token: tokens[who === 'admin' ? 'multi' : 'operator'], role: roles[who] });
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.db.db.execute(query)) as unknown as { rows: T[] }).rows;
const at = (day: number, hour: number) =>
  new Date(Date.parse(`2026-11-${day}T00:00:00+07:00`) + hour * 3_600_000);

let fleetId: number;
let ids: number[];

beforeAll(async () => {
  t = await startTestApp({ deps: { telemetry: { tickMs: 0 }, clock: () => new Date(NOW) } });
  tokens.multi = await signIn(t.url, 'multi');
  tokens.operator = await signIn(t.url, 'operator');
  const [fleet] = await rows<{ fleet_id: number }>(sql`
    INSERT INTO fleets (unit_id, fleet_name) VALUES (${UNIT.karawang}, 'CC test fleet') RETURNING fleet_id`);
  fleetId = fleet!.fleet_id;
  ids = [];
  for (const [i, o] of [{ kir: null }, { kir: null }, { kir: '2026-11-16' }].entries()) {
    const [v] = await rows<{ vehicle_id: number }>(sql`
      INSERT INTO vehicles (unit_id, tracker_id, plate_number, hull_number, vehicle_class, kir_due, created_at)
      VALUES (${UNIT.karawang}, ${`CC-TEST-${i}`}, ${`T 80${i}0 CC`}, ${`CCT-${i}`}, 'CC', ${o.kir}, '2026-01-01')
      RETURNING vehicle_id`);
    ids.push(v!.vehicle_id);
    await t.db.db.execute(
      sql`INSERT INTO vehicle_fleets (vehicle_id, fleet_id) VALUES (${v!.vehicle_id}, ${fleetId})`,
    );
  }
  const [one, two] = ids as [number, number, number];
  // Vehicle 1: an SPK from the 16th 06:00 to the 17th 02:00; 9 engine hours on the 16th.
  await t.db.db.execute(sql`
    INSERT INTO work_orders (unit_id, kind, spk_number, vehicle_id, run_at, planned_end, status, out_pool_at,
      enter_pool_at)
    VALUES (${UNIT.karawang}, 'ccr', 'CC-SPK-1', ${one}, ${at(16, 5)}, ${at(17, 5)}, 'done', ${at(16, 6)}, ${at(17, 2)})`);
  await t.db.db.execute(sql`
    INSERT INTO activity_days (vehicle_id, day, unit_id, distance_m, driving_s, idle_s, engine_s, max_speed)
    VALUES (${one}, '2026-11-16', ${UNIT.karawang}, 400000, 30000, 2400, ${9 * 3600}, 80)`);
  // Vehicle 2: a breakdown from the 16th 20:00 to the 17th 14:00 (trouble on the 17th only).
  await t.db.db.execute(sql`
    INSERT INTO maintenance_orders (unit_id, vehicle_id, kind, opened_at, closed_at)
    VALUES (${UNIT.karawang}, ${two}, 'breakdown', ${at(16, 20)}, ${at(17, 14)})`);
  // And one still open since the 19th 08:00: trouble now.
  await t.db.db.execute(sql`
    INSERT INTO maintenance_orders (unit_id, vehicle_id, kind, opened_at)
    VALUES (${UNIT.karawang}, ${two}, 'preventive', ${at(19, 8)})`);
});
afterAll(() => t?.close());

describe('S-054 S-058 car carrier activity and utility', () => {
  it('S-054 per day: activity, idle ready and idle trouble add up, with their shares', async () => {
    const res = await as('admin', `/activities/daily?from=2026-11-16&to=2026-11-18&fleetId=${fleetId}`);
    const daily = ccDaily.parse(res.json);
    // 16th: vehicle 1 active, 2 and 3 ready. 17th: 1 active, 2 trouble (14 h), 3 trouble (KIR). 18th:
    // 1 and 2 ready, 3 trouble.
    expect(daily.results.map((d) => [d.day, d.totalActivity, d.totalIdleReady, d.totalIdleTrouble])).toEqual([
      ['2026-11-16', 1, 2, 0],
      ['2026-11-17', 1, 0, 2],
      ['2026-11-18', 0, 2, 1],
    ]);
    expect(daily.total).toMatchObject({
      totalCc: 3,
      unitDays: 9,
      totalActivity: 2,
      totalIdleReady: 4,
      totalIdleTrouble: 3,
      activityEngineOn: 1,
      utilityPct: 22.2,
      readyPct: 44.4,
      troublePct: 33.4,
      deficiency: 5.7,
      dailyAverageReady: 2,
      dailyAverageTrouble: 1,
    });
    const days = ccVehicleDayList.parse(
      (
        await as(
          'admin',
          `/reports/activities/daily?from=2026-11-16&to=2026-11-18&fleetId=${fleetId}&dayClass=active`,
        )
      ).json,
    );
    expect(days.results.map((d) => [d.nomorPolisi, d.day, d.spkNumbers, d.engineOnHours])).toEqual([
      ['T 8000 CC', '2026-11-16', ['CC-SPK-1'], 9],
      ['T 8000 CC', '2026-11-17', ['CC-SPK-1'], 0],
    ]);
  });

  it('S-054 the summary by unit and fleet agrees with the days, and each car carrier is ready or trouble now', async () => {
    const summary = ccSummary.parse(
      (await as('admin', `/activities/summary?from=2026-11-16&to=2026-11-18&fleetId=${fleetId}`)).json,
    );
    expect(summary.fleets).toEqual([
      expect.objectContaining({ fleetId, fleetName: 'CC test fleet', totalActivity: 2 }),
    ]);
    expect(summary.unit).toMatchObject({ unitId: UNIT.karawang, unitDays: 9, totalIdleTrouble: 3 });
    const status = ccStatusList.parse((await as('admin', '/kendaraan/status')).json);
    const mine = status.results.filter((r) => ids.includes(r.kendaraanId));
    expect(mine.map((r) => [r.nomorPolisi, r.status, r.reason])).toEqual([
      ['T 8000 CC', 'ready', expect.any(String)],
      ['T 8010 CC', 'trouble', 'maintenance_open'],
      ['T 8020 CC', 'trouble', 'kir_expired'],
    ]);
  });

  it('S-058 utility by week, month and year; the spec’s messages for a missing period, month or year', async () => {
    const week = ccUtility.parse(
      (await as('admin', `/utilitas/weekly?from=2026-11-16&fleetId=${fleetId}`)).json,
    );
    // The week runs to the 22nd; the days after today (the 19th) count in nothing.
    expect(week.results.map((r) => r.period)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
    ]);
    const month = ccUtility.parse(
      (await as('admin', `/utilitas/monthly?month=2026-11&fleetId=${fleetId}`)).json,
    );
    expect(month.results).toHaveLength(19);
    const year = ccUtility.parse((await as('admin', `/utilitas/yearly?year=2026&fleetId=${fleetId}`)).json);
    expect(year.results.map((r) => r.period)).toHaveLength(12);
    expect(year.results[10]!.totalActivity).toBe(2);
    expect(year.results[11]!.unitDays).toBe(0);
    for (const [path, message] of [
      ['/utilitas/monthly', 'Please Enter Month !!!'],
      ['/utilitas/yearly', 'Please Enter Year !!!'],
      ['/utilitas/weekly', 'Period Time Cannot Null'],
      ['/activities/daily', 'Period Time Cannot Null'],
    ]) {
      const res = await as('admin', path!);
      expect(res.status, path).toBe(400);
      expect(res.json.errors[0].message, path).toBe(message);
    }
    expect((await as('admin', '/utilitas/monthly?month=2026-13')).status).toBe(400);
    expect((await as('operator', '/activities/summary?from=2026-11-16&to=2026-11-18')).status).toBe(403);
  });
});
