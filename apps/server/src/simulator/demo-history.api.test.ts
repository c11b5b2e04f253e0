import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { createDemoSimulator } from './demo.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ deps: { telemetry: { tickMs: 0 } } });
});
afterAll(() => t?.close());

describe('the demo’s back-filled history', () => {
  it('its over routes are the detours between loading and unloading, on the route of the SPK running then', async () => {
    const demo = await createDemoSimulator({
      db: t.db.db,
      pipeline: t.app.pipeline,
      logger: t.app.log,
      backfillDays: 3,
      matchWorkOrders: (ids) => t.app.workOrders.matcher.matchMany(ids),
      out: { write: () => true },
    });
    await demo.run();
    await demo.settled();
    demo.simulator.stop();
    // Over routes the rule found (the seed's sample events carry no route), each with its SPK's leg
    // (a leg still under way has not entered unloading yet).
    const found = rowsOf(
      await t.db.db.execute(sql`
        SELECT e.vehicle_id, e.started_at, (e.attributes->>'routeId')::int AS route_id,
          (SELECT count(*) FROM work_orders w
            WHERE w.vehicle_id = e.vehicle_id AND w.route_id = (e.attributes->>'routeId')::int
              AND w.exit_loading_at <= e.started_at
              AND (w.enter_unloading_at IS NULL OR e.started_at < w.enter_unloading_at)) AS loaded_legs
        FROM events e WHERE e.kind = 'overroute' AND e.attributes ? 'routeId'`),
    );
    const routed = rowsOf(
      await t.db.db.execute(sql`SELECT count(*) AS n FROM work_orders WHERE route_id IS NOT NULL
        AND enter_pool_at IS NOT NULL`),
    );
    expect(Number(routed[0]!.n)).toBeGreaterThan(0);
    expect(found.filter((e) => Number(e.loaded_legs) !== 1)).toEqual([]);
  });
});
