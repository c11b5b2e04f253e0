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

describe('the demo’s first start', () => {
  it('its history has over routes found from the positions, on the route of the SPK running then', async () => {
    const demo = await createDemoSimulator({
      db: t.db.db,
      pipeline: t.app.pipeline,
      logger: t.app.log,
      backfillDays: 1,
      matchWorkOrders: (ids) => t.app.workOrders.matcher.matchMany(ids),
      out: { write: () => true },
    });
    await demo.run();
    await demo.historyDone();
    await demo.simulator.stop();

    // Each over route of the history: its vehicle reported through it, and an SPK on that route ran then.
    const found = rowsOf(
      await t.db.db.execute(sql`
        SELECT e.event_id,
          (SELECT count(*) FROM positions p WHERE p.vehicle_id = e.vehicle_id
             AND p.fix_time BETWEEN e.started_at AND coalesce(e.ended_at, now()))::int AS fixes,
          EXISTS (SELECT 1 FROM work_orders w WHERE w.vehicle_id = e.vehicle_id
             AND w.route_id = (e.attributes->>'routeId')::int AND w.out_pool_at <= e.started_at
             AND (w.enter_pool_at IS NULL OR w.enter_pool_at > e.started_at)) AS on_spk
        FROM events e WHERE e.kind = 'overroute' AND e.started_at > now() - interval '1 day'`),
    );
    expect(found.length).toBeGreaterThan(0);
    for (const e of found) expect(e, `event ${String(e.event_id)}`).toMatchObject({ on_spk: true });
    for (const e of found) expect(Number(e.fixes), `event ${String(e.event_id)}`).toBeGreaterThan(1);
  });
});
