import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { and, eq } from 'drizzle-orm';
import { dashboardSummary, liveMessage, type DashboardSummary, type LiveMessage } from '@pantau/contracts';
import { geofences, geofenceVisits, vehicles, workOrders } from '../../db/schema/index.js';
import { call, signIn, startTestApp, UNIT, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
let guest: string;
/** Active vehicles of Sunter whose KIR and STNK are valid for a while (an SPK may be made for them). */
let ready: number[];
const asAdmin = { unitId: UNIT.sunter, role: 'Administrator' };
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await startTestApp({ deps: { telemetry: { tickMs: 0, flushMs: 100 } } });
  admin = await signIn(t.url, 'admin');
  guest = await signIn(t.url, 'guest');
  const soon = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  ready = (
    await t.db.db
      .select({ id: vehicles.vehicleId, kir: vehicles.kirDue, stnk: vehicles.stnkDue })
      .from(vehicles)
      .where(and(eq(vehicles.unitId, UNIT.sunter), eq(vehicles.aktif, true)))
      .orderBy(vehicles.vehicleId)
  )
    .filter((v) => (v.kir ?? '9999') > soon && (v.stnk ?? '9999') > soon)
    .map((v) => v.id);
});
afterAll(() => t?.close());

const summaryAs = async (token: string, role: { unitId: number; role: string }) => {
  const { status, json } = await call(t.url, '/api/dashboard/summary', { token, role });
  expect(status).toBe(200);
  return dashboardSummary.parse(json);
};

/** An SPK as the matcher would have left it, written straight into the table. */
let numbers = 0;
async function handMade(vehicleId: number, o: Partial<typeof workOrders.$inferInsert> = {}) {
  const runAt = o.runAt ?? new Date(Date.now() - HOUR);
  const [row] = await t.db.db
    .insert(workOrders)
    .values({
      unitId: UNIT.sunter,
      kind: 'ccr',
      spkNumber: `DASH-${++numbers}`,
      vehicleId,
      runAt,
      plannedEnd: new Date(runAt.getTime() + 24 * HOUR),
      customer: 'PT Astra',
      ...o,
    })
    .returning({ id: workOrders.workOrderId });
  return row!.id;
}

const ORDER_GROUPS = ['orderKosongan', 'orderWaiting', 'orderOnProgress', 'orderAbnormal'] as const;
const groupOf = (s: DashboardSummary, id: number) => ORDER_GROUPS.filter((g) => s[g].results.includes(id));

describe('the order groups of GET /api/dashboard/summary', () => {
  it('S-047 partition the vehicles by their current SPK: abnormal; loaded on progress or waiting; else empty', async () => {
    const [a, b, c, d, e, f, g, h, i] = ready;
    await handMade(a!, { status: 'waiting' });
    await handMade(b!, { status: 'on_progress', outPoolAt: new Date(Date.now() - HOUR / 2) });
    await handMade(c!, { status: 'abnormal' });
    await handMade(d!, { status: 'abnormal', kosongan: true, customer: null });
    await handMade(e!, { status: 'on_progress', kosongan: true, customer: null });
    await handMade(f!, { status: 'done', runAt: new Date(Date.now() - 30 * HOUR) });
    await handMade(g!, { status: 'cancelled' });
    // Two active SPKs: the earlier run date is the current one.
    await handMade(h!, { status: 'on_progress', runAt: new Date(Date.now() - 2 * HOUR) });
    await handMade(h!, { status: 'waiting', runAt: new Date(Date.now() + 30 * HOUR) });
    await handMade(i!, { status: 'waiting', kosongan: true });

    const s = await summaryAs(admin, asAdmin);
    expect(groupOf(s, a!)).toEqual(['orderWaiting']);
    expect(groupOf(s, b!)).toEqual(['orderOnProgress']);
    expect(groupOf(s, c!)).toEqual(['orderAbnormal']);
    expect(groupOf(s, d!)).toEqual(['orderAbnormal']);
    expect(groupOf(s, e!)).toEqual(['orderKosongan']);
    expect(groupOf(s, f!)).toEqual(['orderKosongan']);
    expect(groupOf(s, g!)).toEqual(['orderKosongan']);
    expect(groupOf(s, h!)).toEqual(['orderOnProgress']);
    expect(groupOf(s, i!)).toEqual(['orderKosongan']);
    // Every vehicle is in exactly one order group, and the counts are the results' lengths.
    for (const key of ORDER_GROUPS) expect(s[key].count).toBe(s[key].results.length);
    expect(ORDER_GROUPS.reduce((n, k) => n + s[k].count, 0)).toBe(s.allStates.count);
    expect(new Set(ORDER_GROUPS.flatMap((k) => s[k].results))).toEqual(new Set(s.allStates.results));
    expect([s.orderWaiting.count, s.orderOnProgress.count, s.orderAbnormal.count]).toEqual([1, 2, 2]);

    // A Guest of the unit sees the same groups; another unit's SPKs are not counted in it.
    expect(await summaryAs(guest, { unitId: UNIT.sunter, role: 'Guest' })).toEqual(s);
    const multi = await signIn(t.url, 'multi');
    const karawang = await summaryAs(multi, { unitId: UNIT.karawang, role: 'Administrator' });
    expect(karawang.orderKosongan.count).toBe(karawang.allStates.count);
  });

  it('S-047 an SPK created, started by its pool exit and cancelled moves its vehicle between groups, live', async () => {
    const vehicleId = ready[ready.length - 1]!;
    const socket = new WebSocket(
      `${t.url.replace('http', 'ws')}/api/live?unitId=${UNIT.sunter}&role=Administrator`,
      {
        headers: { authorization: `Bearer ${admin}` },
      },
    );
    const messages: LiveMessage[] = [];
    socket.on('message', (data) => messages.push(liveMessage.parse(JSON.parse(String(data)))));
    await new Promise((resolve) => socket.once('open', resolve));
    const summaryWith = async (group: (typeof ORDER_GROUPS)[number]) => {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = messages.find((m) => m.type === 'summary' && m.data[group].results.includes(vehicleId));
        if (found) return;
        if (Date.now() > deadline) throw new Error(`no summary with the vehicle in ${group}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    try {
      const runDate = new Date(Date.now() - HOUR).toISOString();
      const made = await call(t.url, '/api/spk', {
        token: admin,
        role: asAdmin,
        body: { kind: 'dt', spkNumber: `DASH-LIVE-${Date.now()}`, kendaraanId: vehicleId, runDate },
      });
      expect(made.status, JSON.stringify(made.json)).toBe(201);
      const spkId = made.json.spk.spkId as number;
      expect(groupOf(await summaryAs(admin, asAdmin), vehicleId)).toEqual(['orderWaiting']);
      await summaryWith('orderWaiting');

      // The vehicle leaves its pool: the matcher finds the trip started and the groups follow.
      const [pool] = await t.db.db
        .select({ id: geofences.geofenceId })
        .from(geofences)
        .where(and(eq(geofences.unitId, UNIT.sunter), eq(geofences.category, 'pool')))
        .limit(1);
      await t.db.db.insert(geofenceVisits).values({
        unitId: UNIT.sunter,
        vehicleId,
        geofenceId: pool!.id,
        enterTime: new Date(Date.now() - 3 * HOUR),
        exitTime: new Date(Date.now() - HOUR / 2),
        durationS: 9000,
        open: false,
      });
      messages.length = 0;
      expect(await t.app.workOrders.matcher.match(spkId)).toBe(true);
      await summaryWith('orderOnProgress');
      expect(groupOf(await summaryAs(admin, asAdmin), vehicleId)).toEqual(['orderOnProgress']);

      messages.length = 0;
      const cancelled = await call(t.url, `/api/spk/${spkId}/cancel`, {
        token: admin,
        role: asAdmin,
        body: {},
      });
      expect(cancelled.status).toBe(200);
      await summaryWith('orderKosongan');
    } finally {
      socket.close();
    }
  });
});
