import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workOrderDetail, workOrderList } from '@pantau/contracts';
import { call, signIn, startTestApp, UNIT, type TestApp } from '../test/test-app.js';
import { createDemoWorkOrders } from './demo-work-orders.js';
import { loadSimFleet } from './demo.js';
import { createSimulator } from './simulator.js';

let t: TestApp;
let admin: string;
const asAdmin = { unitId: UNIT.sunter, role: 'Administrator' };
const DAY = 86_400_000;

beforeAll(async () => {
  t = await startTestApp({ deps: { telemetry: { tickMs: 0 } } });
  admin = await signIn(t.url, 'admin');
});
afterAll(() => t?.close());

describe('the demo fleet’s work orders', () => {
  it('the back-fill leaves done SPKs whose milestones the matcher found in the visits; coming jobs wait', async () => {
    // Six car carriers of Sunter, two days of history through the real pipeline.
    const fleet = (await loadSimFleet(t.db.db))
      .filter((v) => v.poolId === 'pool_sunter' && !v.reserve)
      .slice(0, 6);
    const simulator = createSimulator({ pipeline: t.app.pipeline, vehicles: fleet, logger: t.app.log });
    const to = new Date();
    const from = new Date(to.getTime() - 2 * DAY);
    await simulator.backfill(from, to);
    const orders = createDemoWorkOrders({
      db: t.db.db,
      match: (ids) => t.app.workOrders.matcher.matchMany(ids),
    });
    const trips = simulator.tripsBetween(from, new Date(to.getTime() + 12 * 3_600_000));
    const ids = await orders.store(trips);
    // A job its tracker did not see (the simulator's tracker faults, some days) gets no SPK.
    expect(ids.length).toBe(trips.filter(({ trip }) => !trip.trackerFault).length);
    expect(ids.length).toBeGreaterThanOrEqual(6);
    // Stored once: the same jobs again make no new SPK.
    expect(await orders.store(trips)).toEqual([]);
    await orders.match(ids);

    const { json } = await call(t.url, '/api/spk?Take=100&sortBy=runDate&sortDir=ascend', {
      token: admin,
      role: asAdmin,
    });
    const list = workOrderList.parse(json).results;
    expect(list).toHaveLength(ids.length);
    const done = list.filter((o) => o.status === 'done');
    expect(done.length).toBeGreaterThanOrEqual(3);
    for (const o of list) {
      expect(o.kind).toBe('ccr');
      expect(o.customer).toMatch(/^PT /);
      expect(o.originPolygonId).not.toBeNull();
      expect(o.destinationPolygonId).not.toBeNull();
      expect(o.pengemudiId).not.toBeNull();
    }
    for (const o of done) {
      // Every milestone in order, each after the run date's planning and the one before it.
      const times = [
        o.outPoolAt,
        o.arriveLoadingAt,
        o.exitLoadingAt,
        o.enterUnloadingAt,
        o.exitUnloadingAt,
        o.enterPoolAt,
      ].map((x) => Date.parse(x!));
      expect(times.every(Number.isFinite)).toBe(true);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(times[0]).toBeGreaterThanOrEqual(Date.parse(o.runDate));
      expect(o.actualCircleMinutes).toBe(Math.round((times[5]! - times[0]!) / 60_000));
      if (o.standardCircleMinutes !== null)
        expect(o.overCircleMinutes).toBe(Math.max(0, o.actualCircleMinutes! - o.standardCircleMinutes));
    }
    // The milestones came from geofence visits: detected, at the route's sites and the pool.
    const detail = workOrderDetail.parse(
      (await call(t.url, `/api/spk/${done[0]!.spkId}`, { token: admin, role: asAdmin })).json,
    );
    expect(detail.milestones.map((m) => m.source)).toEqual(Array(6).fill('detected'));
    expect(detail.milestones[0]!.polygonName).toBe('Pool Sunter/Cakung');
    expect(detail.milestones[5]!.polygonName).toBe('Pool Sunter/Cakung');
    expect(detail.milestones[1]!.polygonId).toBe(detail.originPolygonId);
    expect(detail.milestones[3]!.polygonId).toBe(detail.destinationPolygonId);

    // Jobs that have not left yet wait, as the vehicles' current SPKs.
    const coming = list.filter((o) => Date.parse(o.runDate) > to.getTime());
    for (const o of coming) expect(o.status).toBe('waiting');
  });
});
