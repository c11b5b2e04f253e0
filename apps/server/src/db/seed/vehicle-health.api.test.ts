import {
  availabilityHistory,
  availabilitySummary,
  incidentList,
  maintenanceList,
  pretripCheckList,
} from '@pantau/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestApp, UNIT, type TestApp } from '../../test/test-app.js';
import { seededAt } from '../../test/test-db.js';

let t: TestApp;
let token: string;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const get = async (path: string) =>
  (await call(t.url, `/api${path}`, { token, role: { unitId: UNIT.sunter, role: 'Administrator' } })).json;

beforeAll(async () => {
  t = await startTestApp({ deps: { telemetry: { tickMs: 0 } } });
  token = await signIn(t.url, 'admin');
});
afterAll(() => t?.close());

describe('S-052 the demo seed makes trouble, maintenance, readiness and papers facts', () => {
  it('opens a breakdown and a planned service now, keeps last week a KIR test, a service and an accident of two days', async () => {
    const seeded = seededAt().getTime();
    const open = maintenanceList.parse(await get('/maintenance?open=true&Take=100'));
    expect(open.results.map((m) => m.kind).sort()).toEqual(['breakdown', 'preventive']);
    const all = maintenanceList.parse(await get('/maintenance?Take=100'));
    const kir = all.results.find((m) => m.kind === 'kir')!;
    expect(kir.open).toBe(false);
    expect(seeded - Date.parse(kir.openedAt)).toBeGreaterThan(5 * DAY);
    expect(seeded - Date.parse(kir.openedAt)).toBeLessThan(8 * DAY);

    const [accident, ...others] = incidentList.parse(await get('/incidents?Take=100')).results;
    expect(others).toEqual([]);
    expect(accident).toMatchObject({ kind: 'accident', open: false });
    expect(Date.parse(accident!.closedAt!) - Date.parse(accident!.openedAt)).toBe(2 * DAY);

    // This morning's checks: every one passed but one, held by its defects.
    const checks = pretripCheckList.parse(await get('/p2h?Take=100')).results;
    expect(checks.length).toBeGreaterThanOrEqual(3);
    expect(checks.filter((c) => c.result === 'defects')).toHaveLength(1);
    expect(checks.filter((c) => c.result === 'passed')).toHaveLength(checks.length - 1);
    for (const c of checks) expect(Date.parse(c.startedAt)).toBeLessThanOrEqual(seeded);

    // The categories the records decide, and the papers due, on a fresh install.
    const summary = availabilitySummary.parse(await get('/availability/summary'));
    expect(summary.categories.wo_trouble).toBe(1);
    expect(summary.categories.maintenance).toBe(1);
    expect(summary.stnkPaper).toBeGreaterThan(0);
    expect(summary.kirPaper).toBeGreaterThan(0);

    // The accident's two days are in the vehicle's history; the breakdown runs since it opened.
    const from = new Date(seeded - 8 * DAY).toISOString();
    const to = new Date(Date.now() + HOUR).toISOString();
    const crashed = availabilityHistory.parse(
      await get(`/kendaraan/availability/history?kendaraanId=${accident!.kendaraanId}&from=${from}&to=${to}`),
    );
    expect(crashed.results[0]).toMatchObject({
      category: 'incident',
      from: accident!.openedAt,
      to: accident!.closedAt,
    });
    const broken = open.results.find((m) => m.kind === 'breakdown')!;
    const brokenHistory = availabilityHistory.parse(
      await get(`/kendaraan/availability/history?kendaraanId=${broken.kendaraanId}&from=${from}&to=${to}`),
    );
    expect(brokenHistory.results).toEqual([
      { category: 'wo_trouble', reason: 'wo_trouble_open', from: broken.openedAt, to: null },
    ]);
  });
});
