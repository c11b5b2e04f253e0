import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { recordDemoChecks } from './demo-checks.js';
import { createDemoSimulator, loadSimFleet } from './demo.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ deps: { telemetry: { tickMs: 0 } } });
});
afterAll(() => t?.close());

describe('the demo fleet’s days', () => {
  it('each morning every vehicle not in the workshop has its pre-trip check, once', async () => {
    const HOUR = 3_600_000;
    const dayStart = (daysAgo: number) =>
      Math.floor((Date.now() + 7 * HOUR) / (24 * HOUR) - daysAgo) * 24 * HOUR - 7 * HOUR;
    const ids = (await loadSimFleet(t.db.db)).map((v) => v.vehicleId);
    const [inWorkshop] = ids as [number];
    const unit = rowsOf(
      await t.db.db.execute(sql`SELECT unit_id FROM vehicles WHERE vehicle_id = ${inWorkshop}`),
    )[0]!;
    // In the workshop from the evening before three days ago until the next noon.
    await t.db.db.execute(sql`
      INSERT INTO maintenance_orders (unit_id, vehicle_id, kind, opened_at, closed_at)
      VALUES (${unit.unit_id}, ${inWorkshop}, 'breakdown', ${new Date(dayStart(3) - 4 * HOUR).toISOString()}::timestamptz,
        ${new Date(dayStart(3) + 12 * HOUR).toISOString()}::timestamptz)`);

    const made = await recordDemoChecks(t.db.db, ids, dayStart(3), dayStart(1));
    expect(made).toBe(2 * ids.length - 1);
    expect(await recordDemoChecks(t.db.db, ids, dayStart(3), dayStart(1))).toBe(0);
    const checks = rowsOf(
      await t.db.db.execute(sql`
        SELECT vehicle_id, started_at, passed_at, defects FROM pretrip_checks
        WHERE started_at >= ${new Date(dayStart(3)).toISOString()}::timestamptz
          AND started_at < ${new Date(dayStart(1)).toISOString()}::timestamptz`),
    );
    expect(checks).toHaveLength(made);
    expect(checks.filter((c) => c.vehicle_id === inWorkshop)).toHaveLength(1);
    for (const c of checks) {
      const started = new Date(c.started_at as string).getTime();
      // From 05:00 local time, and passed a quarter of an hour later.
      expect((started - dayStart(3)) % (24 * HOUR)).toBeGreaterThanOrEqual(5 * HOUR);
      expect(new Date(c.passed_at as string).getTime() - started).toBe(15 * 60_000);
      expect(c.defects).toEqual([]);
    }
  });

  it('the back-filled fleet has been in service since its history starts, so the Car Carrier pages count those days', async () => {
    const ids = (await loadSimFleet(t.db.db)).map((v) => v.vehicleId);
    const demo = await createDemoSimulator({
      db: t.db.db,
      pipeline: t.app.pipeline,
      logger: t.app.log,
      backfillDays: 1,
      matchWorkOrders: async () => undefined,
      out: { write: () => true },
    });
    const started = Date.now();
    await demo.run();
    demo.simulator.stop();
    const [joined] = rowsOf(
      await t.db.db.execute(sql`
        SELECT min(created_at) AS first, max(created_at) AS last, count(*) AS n FROM vehicles
        WHERE vehicle_id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`),
    );
    expect(Number(joined!.n)).toBe(ids.length);
    const [first] = rowsOf(await t.db.db.execute(sql`SELECT min(fix_time) AS first FROM positions`));
    // Every vehicle joined by the first fix of the history, a day back.
    expect(new Date(joined!.last as string).getTime()).toBeLessThanOrEqual(
      new Date(first!.first as string).getTime(),
    );
    expect(new Date(joined!.last as string).getTime()).toBeLessThanOrEqual(started - 23 * 3_600_000);
  });
});
