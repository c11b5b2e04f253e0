import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { events, positions, unknownTrackers, vehicleState } from '../db/schema/index.js';
import type { LiveEvent } from '../plugins/live.js';
import { fix, secondsAgo, vehiclesOf } from '../test/positions.js';
import { startTestApp, UNIT, type TestApp } from '../test/test-app.js';
import { thresholdsFor } from '../live-state/thresholds.js';
import { defaultRules } from '../rules/index.js';
import { createPipeline } from './pipeline.js';
import { upsertStates } from './position-store.js';
import { isPglite } from './commit.js';

/**
 * Makes the next batch's write fail with `err`: its transaction on PGlite; on PostgreSQL, where a
 * batch of fresh positions is one statement without a transaction, that statement. Answers the undo.
 */
function failWritesOnce(t: TestApp, err: Error): () => void {
  if (isPglite(t.db.db)) {
    const spy = vi.spyOn(t.db.db, 'transaction').mockRejectedValueOnce(err);
    return () => spy.mockRestore();
  }
  const pool = (t.db.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } })
    .$client;
  const query = pool.query.bind(pool);
  let failed = false;
  const spy = vi.spyOn(pool, 'query').mockImplementation((...args: unknown[]) => {
    if (!failed && typeof args[0] === 'string' && args[0].includes('positions_append')) {
      failed = true;
      return Promise.reject(err);
    }
    return query(...args);
  });
  return () => spy.mockRestore();
}

let t: TestApp;
let fleet: Awaited<ReturnType<typeof vehiclesOf>>;
const published: LiveEvent[] = [];
const source = { protocol: 'simulator' as const };

beforeAll(async () => {
  t = await startTestApp({ deps: { telemetry: { tickMs: 0 } } });
  fleet = await vehiclesOf(t.db, UNIT.sunter);
  const publish = t.app.liveHub.publish.bind(t.app.liveHub);
  vi.spyOn(t.app.liveHub, 'publish').mockImplementation((e) => {
    published.push(e);
    publish(e);
  });
});
afterAll(() => t?.close());

const storedOf = async (vehicleId: number) => {
  const [row] = await t.db.db
    .select({ n: count() })
    .from(positions)
    .where(eq(positions.vehicleId, vehicleId));
  return row!.n;
};

describe('pipeline.ingest', () => {
  it('coalesces many concurrent calls into one or two batched transactions; every call resolves', async () => {
    const spy = vi.spyOn(t.db.db, 'transaction');
    // Vehicles 10–19 only: the later tests start the others from scratch.
    const base = Date.now() - 20 * 60_000;
    const calls = Array.from({ length: 200 }, (_, k) => {
      const v = fleet[10 + (k % 10)]!;
      return t.app.pipeline.ingest(
        Array.from({ length: 4 }, (_, j) => fix(v.trackerId, new Date(base + (k * 4 + j) * 1000))),
        source,
      );
    });
    const results = await Promise.all(calls);
    expect(results.every((r) => r.stored === 4 && r.dropped.length === 0)).toBe(true);
    expect(spy.mock.calls.length).toBeGreaterThanOrEqual(1);
    expect(spy.mock.calls.length).toBeLessThanOrEqual(2);
    spy.mockRestore();
    const [row] = await t.db.db.select({ n: count() }).from(positions);
    expect(row!.n).toBe(800);
  });

  it('resolves only after the rows are visible; a database failure rejects the call (no ack)', async () => {
    const v = fleet[1]!;
    const before = await storedOf(v.vehicleId);
    const result = await t.app.pipeline.ingest([fix(v.trackerId, secondsAgo(30))], source);
    expect(result.stored).toBe(1);
    expect(await storedOf(v.vehicleId)).toBe(before + 1);

    // The batch's write fails: in its transaction (PGlite), or as its one statement (PostgreSQL).
    const restore = failWritesOnce(t, new Error('disk full'));
    try {
      await expect(t.app.pipeline.ingest([fix(v.trackerId, secondsAgo(20))], source)).rejects.toThrow(
        'disk full',
      );
    } finally {
      restore();
    }
    expect(await storedOf(v.vehicleId)).toBe(before + 1);
    // The same fix sent again (the tracker got no ack) is stored now.
    expect((await t.app.pipeline.ingest([fix(v.trackerId, secondsAgo(20))], source)).stored).toBe(1);
  });

  it('stores awkward attribute text exactly, on the first fix and on the appended ones', async () => {
    const v = fleet[20]!;
    const attributes = {
      note: 'a "quoted", {braced} \\ back\\slash, NULL, tab\tand ünïcødé',
      nested: { list: [1, null, 'x,y'] },
      empty: '',
    };
    // The first fix of a vehicle without a live state takes the checked insert, the next one the append.
    for (const at of [secondsAgo(50), secondsAgo(40)])
      expect(
        (
          await t.app.pipeline.ingest(
            [fix(v.trackerId, at, { attributes, ignition: null, course: null })],
            source,
          )
        ).stored,
      ).toBe(1);
    const rows = await t.db.db
      .select({ attributes: positions.attributes, ignition: positions.ignition, course: positions.course })
      .from(positions)
      .where(eq(positions.vehicleId, v.vehicleId));
    expect(rows).toEqual([
      { attributes, ignition: null, course: null },
      { attributes, ignition: null, course: null },
    ]);
    // No attributes at all: SQL NULL, not a JSON null, on both paths.
    const bare = fleet[21]!;
    for (const at of [secondsAgo(50), secondsAgo(40)])
      expect(
        (await t.app.pipeline.ingest([fix(bare.trackerId, at, { attributes: {} })], source)).stored,
      ).toBe(1);
    expect(await storedOf(bare.vehicleId)).toBe(2);
    const none = await t.db.db
      .select({ n: count() })
      .from(positions)
      .where(and(eq(positions.vehicleId, bare.vehicleId), isNotNull(positions.attributes)));
    expect(none[0]!.n).toBe(0);
  });

  it('drops duplicates, future fixes and invalid values, and names the reason', async () => {
    const v = fleet[2]!;
    const at = secondsAgo(60);
    const first = await t.app.pipeline.ingest([fix(v.trackerId, at), fix(v.trackerId, at)], source);
    expect(first.stored).toBe(1);
    expect(first.dropped).toEqual([{ trackerId: v.trackerId, reason: 'duplicate' }]);
    const again = await t.app.pipeline.ingest([fix(v.trackerId, at)], source);
    expect(again).toEqual({ stored: 0, dropped: [{ trackerId: v.trackerId, reason: 'duplicate' }] });

    const bad = await t.app.pipeline.ingest(
      [
        fix(v.trackerId, new Date(Date.now() + 10 * 60_000)),
        fix(v.trackerId, secondsAgo(50), { lat: 0, lon: 0 }),
        fix(v.trackerId, secondsAgo(49), { lat: 91 }),
        fix(v.trackerId, secondsAgo(48), { lon: Number.NaN }),
        fix(v.trackerId, secondsAgo(47), { speedKmh: -3 }),
        fix(v.trackerId, new Date('invalid')),
        fix(v.trackerId, secondsAgo(46)),
      ],
      source,
    );
    expect(bad.stored).toBe(1);
    expect(bad.dropped.map((d) => d.reason)).toEqual([
      'future',
      'invalid',
      'invalid',
      'invalid',
      'invalid',
      'invalid',
    ]);
  });

  it('refuses per position a value the database cannot hold, naming it; the others of the batch are stored', async () => {
    const [a, b, c] = [fleet.at(-1)!, fleet.at(-2)!, fleet.at(-3)!];
    const t0 = Date.now() - 90_000;
    const at = (k: number) => new Date(t0 + k * 1000);
    const refused: [string, ReturnType<typeof fix>][] = [
      ['altitude', fix(a.trackerId, at(1), { altitude: 1e39 })],
      ['accuracy', fix(a.trackerId, at(2), { accuracy: -5e38 })],
      ['attributes.note', fix(a.trackerId, at(3), { attributes: { note: 'a\u0000b' } })],
      [
        'attributes.nested.list[1]',
        fix(a.trackerId, at(4), { attributes: { nested: { list: ['ok', '\udc00'] } } }),
      ],
      ['attributes.big', fix(a.trackerId, at(5), { attributes: { big: 10n } })],
      ['attributes.a\u0000', fix(a.trackerId, at(6), { attributes: { 'a\u0000': 1 } })],
    ];
    // All in one turn of the event loop: they share a batch with the good ones of b and c.
    const [bad, good, tiny] = await Promise.all([
      t.app.pipeline.ingest(
        refused.map(([, p]) => p),
        source,
      ),
      t.app.pipeline.ingest([fix(b.trackerId, at(1)), fix(c.trackerId, at(1))], source),
      // A magnitude too small for a single-precision column is stored as 0, not refused.
      t.app.pipeline.ingest([fix(a.trackerId, at(7), { altitude: 1e-45, speedKmh: 1e-40 })], source),
    ]);
    expect(bad.stored).toBe(0);
    expect(bad.dropped.map((d) => [d.reason, d.field])).toEqual(refused.map(([field]) => ['invalid', field]));
    expect(good).toEqual({ stored: 2, dropped: [] });
    expect(tiny.stored).toBe(1);
    const [row] = await t.db.db
      .select()
      .from(positions)
      .where(and(eq(positions.vehicleId, a.vehicleId), eq(positions.fixTime, at(7))));
    expect(row).toMatchObject({ altitude: 0, speed: 0 });
    expect(await storedOf(a.vehicleId)).toBe(1);
  });

  it('notes an unknown tracker instead of storing its positions', async () => {
    const result = await t.app.pipeline.ingest([fix('999999999999999', secondsAgo(5))], {
      protocol: 'gt06',
      remoteAddress: '10.1.2.3',
    });
    expect(result).toEqual({
      stored: 0,
      dropped: [{ trackerId: '999999999999999', reason: 'unknown-tracker' }],
    });
    expect(t.app.pipeline.isKnownTracker('999999999999999')).toBe(false);
    expect(t.app.pipeline.isKnownTracker(fleet[0]!.trackerId)).toBe(true);
    t.app.pipeline.noteUnknownTracker('999999999999999', { protocol: 'gt06', remoteAddress: '10.1.2.3' });
    await t.app.pipeline.ingest([fix(fleet[0]!.trackerId, secondsAgo(1))], source);
    const rows = await t.db.db.execute(
      sql`select messages::int AS messages, protocol, remote_address from unknown_trackers`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { messages: 2, protocol: 'gt06', remote_address: '10.1.2.3' },
    ]);
  });

  it('stores out-of-order fixes but never moves the live state backwards', async () => {
    const v = fleet[3]!;
    await t.app.pipeline.ingest([fix(v.trackerId, secondsAgo(10), { lat: -6.2, lon: 107.0 })], source);
    published.length = 0;
    const late = await t.app.pipeline.ingest(
      // Buffered fixes from an hour ago, speeding: stored, no state change, no live alarm.
      Array.from({ length: 8 }, (_, k) =>
        fix(v.trackerId, secondsAgo(3600 - k * 10), { speedKmh: 120, lat: -6.5 }),
      ),
      source,
    );
    expect(late.stored).toBe(8);
    await t.app.pipeline.flushStates();
    const [state] = await t.db.db.select().from(vehicleState).where(eq(vehicleState.vehicleId, v.vehicleId));
    expect(state!.lat).toBe(-6.2);
    expect(t.app.pipeline.trackingItem(v.vehicleId)!.lat).toBe(-6.2);
    expect(published.filter((e) => e.type !== 'summary')).toEqual([]);
  });

  it('raises events from buffered fixes newer than the state, without a live notification', async () => {
    const v = fleet[4]!;
    await t.app.pipeline.ingest([fix(v.trackerId, secondsAgo(4 * 3600), { speedKmh: 50 })], source);
    published.length = 0;
    const speeds = [50, 70, 90, 95, 96, 97, 98, 50, 40];
    await t.app.pipeline.ingest(
      speeds.map((s, k) => fix(v.trackerId, secondsAgo(2 * 3600 - k * 10), { speedKmh: s })),
      source,
    );
    const stored = await t.db.db
      .select()
      .from(events)
      .where(
        and(eq(events.vehicleId, v.vehicleId), eq(events.kind, 'overspeed'), isNotNull(events.eventKey)),
      );
    expect(stored).toHaveLength(1);
    // The vehicle's own speed limit applies (60 or 80 km/h in the demo fleet).
    expect(stored[0]).toMatchObject({ open: false, maxValue: 98, limitValue: v.speedLimit });
    expect(stored[0]!.durationS).toBeGreaterThanOrEqual(30);
    expect(published.filter((e) => e.type === 'notification')).toEqual([]);
  });

  it('publishes a fresh over-speed as a live notification with the plate, keeps it open until it ends, with the driver', async () => {
    const v = fleet[5]!;
    published.length = 0;
    const now = Date.now();
    const speeds = [50, 75, 90, 95, 97, 99];
    await t.app.pipeline.ingest(
      speeds.map((s, k) => fix(v.trackerId, secondsAgo(60 - k * 10, now), { speedKmh: s })),
      source,
    );
    const notes = published.filter((e) => e.type === 'notification');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ unitId: UNIT.sunter, data: { event: 'overspeed', vehicle: v.plate } });
    const [open] = await t.db.db
      .select()
      .from(events)
      .where(
        and(eq(events.vehicleId, v.vehicleId), eq(events.kind, 'overspeed'), isNotNull(events.eventKey)),
      );
    // The event carries the vehicle's assigned driver.
    expect(v.driverId).not.toBeNull();
    expect(open).toMatchObject({ open: true, endedAt: null, driverId: v.driverId });
    await t.app.pipeline.ingest([fix(v.trackerId, secondsAgo(1), { speedKmh: 40 })], source);
    const [closed] = await t.db.db.select().from(events).where(eq(events.eventId, open!.eventId));
    expect(closed).toMatchObject({ open: false });
    expect(closed!.endedAt).not.toBeNull();
  });

  it('writes live states to vehicle_state by the flush when the instance is alone on its database; reads see them at once', async () => {
    const v = fleet[7]!;
    await t.app.pipeline.flushStates();
    await t.app.pipeline.ingest([fix(v.trackerId, secondsAgo(5), { lat: -6.31, lon: 107.1 })], source);
    const before = await t.db.db.select().from(vehicleState).where(eq(vehicleState.vehicleId, v.vehicleId));
    // With other instances on a PostgreSQL each batch writes them (shared-database.api.test.ts).
    expect(before[0]?.lat).not.toBe(-6.31);
    expect(t.app.pipeline.liveState(v.vehicleId)!.lat).toBe(-6.31);
    await t.app.pipeline.flushStates();
    const [after] = await t.db.db.select().from(vehicleState).where(eq(vehicleState.vehicleId, v.vehicleId));
    expect(after!.lat).toBe(-6.31);
  });

  it('a tick marks GPS off after the gps-lost minutes and publishes the change', async () => {
    const v = fleet[6]!;
    await t.app.pipeline.ingest([fix(v.trackerId, secondsAgo(2 * 3600))], source);
    published.length = 0;
    await t.app.pipeline.tick();
    await t.app.pipeline.flushStates();
    const [state] = await t.db.db.select().from(vehicleState).where(eq(vehicleState.vehicleId, v.vehicleId));
    expect(state).toMatchObject({ gpsStatus: 'off', motion: 'offline' });
    const positionsOut = published.flatMap((e) =>
      e.type === 'moved' ? e.vehicles.map((m) => m.item()) : [],
    );
    expect(positionsOut.find((i) => i.kendaraanId === v.vehicleId)).toMatchObject({ gpsStatus: 'off' });
  });

  it('accumulates today’s distance and engine time', async () => {
    const v = fleet[7]!;
    const now = Date.now();
    await t.app.pipeline.ingest(
      [0, 1, 2].map((k) =>
        fix(v.trackerId, secondsAgo(120 - k * 60, now), { lat: -6.3, lon: 107.1 + k * 0.01 }),
      ),
      source,
    );
    const item = t.app.pipeline.trackingItem(v.vehicleId)!;
    // Two legs of 0.01° of longitude at 6.3° S, about 1.1 km each (unless local midnight fell in between).
    if (item.todayDistanceKm > 0) {
      expect(item.todayDistanceKm).toBeGreaterThan(2.1);
      expect(item.todayDistanceKm).toBeLessThan(2.3);
      expect(item.todayEngineHours).toBeCloseTo(120 / 3600, 2);
    }
  });

  it('an alarm frame at the fix time of the GPS frame before it reaches the rules and notifies', async () => {
    // GT06 alarm frames (0x16/0x26) often carry the preceding GPS frame's fix: that key is stored
    // already, yet the SOS must raise its event; a plain repeat of the fix stays a duplicate.
    const v = fleet[8]!;
    const at = secondsAgo(40);
    expect((await t.app.pipeline.ingest([fix(v.trackerId, at)], source)).stored).toBe(1);
    published.length = 0;
    const sos = await t.app.pipeline.ingest(
      [fix(v.trackerId, at, { alarm: 'sos', attributes: { alarmCode: 1 } })],
      source,
    );
    expect(sos).toEqual({ stored: 1, dropped: [] });
    const alarms = await t.db.db
      .select()
      .from(events)
      .where(and(eq(events.vehicleId, v.vehicleId), eq(events.kind, 'alarm')));
    expect(alarms).toHaveLength(1);
    expect(alarms[0]!.attributes).toMatchObject({ alarm: 'sos' });
    expect(published.filter((e) => e.type === 'notification')).toMatchObject([
      { type: 'notification', unitId: UNIT.sunter, data: { vehicle: v.plate } },
    ]);
    // The stored row keeps the fix and gains the alarm.
    const [row] = await t.db.db
      .select()
      .from(positions)
      .where(and(eq(positions.vehicleId, v.vehicleId), eq(positions.fixTime, at)));
    expect(row!.attributes).toMatchObject({ alarm: 'sos', alarmCode: 1 });
    expect(await storedOf(v.vehicleId)).toBe(1);

    // The tracker resends the unacknowledged alarm: no second event (the rule drops repeats).
    await t.app.pipeline.ingest([fix(v.trackerId, at, { alarm: 'sos' })], source);
    const again = await t.db.db
      .select()
      .from(events)
      .where(and(eq(events.vehicleId, v.vehicleId), eq(events.kind, 'alarm')));
    expect(again).toHaveLength(1);
    // A plain repeat of the fix is still a duplicate.
    expect(await t.app.pipeline.ingest([fix(v.trackerId, at)], source)).toEqual({
      stored: 0,
      dropped: [{ trackerId: v.trackerId, reason: 'duplicate' }],
    });
  });

  it('a GPS frame and an alarm frame with the same fix in one call: one row, and the alarm event', async () => {
    const v = fleet[9]!;
    const at = secondsAgo(30);
    const result = await t.app.pipeline.ingest(
      [fix(v.trackerId, at), fix(v.trackerId, at, { alarm: 'powerCut' }), fix(v.trackerId, at)],
      source,
    );
    expect(result).toEqual({ stored: 2, dropped: [{ trackerId: v.trackerId, reason: 'duplicate' }] });
    expect(await storedOf(v.vehicleId)).toBe(1);
    const alarms = await t.db.db
      .select()
      .from(events)
      .where(and(eq(events.vehicleId, v.vehicleId), eq(events.kind, 'alarm')));
    expect(alarms.map((e) => e.attributes)).toEqual([{ alarm: 'powerCut' }]);
  });

  it('an ignition change reported at an already stored fix time runs the ignition rule', async () => {
    const v = fleet[11]!;
    const before = secondsAgo(25);
    const at = secondsAgo(20);
    await t.app.pipeline.ingest([fix(v.trackerId, before), fix(v.trackerId, at)], source);
    const result = await t.app.pipeline.ingest([fix(v.trackerId, at, { ignition: false })], source);
    expect(result.stored).toBe(1);
    const offs = await t.db.db
      .select()
      .from(events)
      .where(and(eq(events.vehicleId, v.vehicleId), eq(events.kind, 'ignition_off')));
    expect(offs).toHaveLength(1);
    expect(t.app.pipeline.trackingItem(v.vehicleId)!.ignition).toBe(false);
  });
});

describe('live states written behind', () => {
  it('a server that stopped without writing them moves them on at start from the positions it had stored', async () => {
    const v = fleet.at(-1)!;
    const open = () =>
      createPipeline({
        db: t.db.db,
        clock: () => new Date(),
        logger: t.app.log,
        rules: defaultRules,
        thresholdsFor,
        publish: () => {},
        tickMs: 0,
        shared: false,
        stateFlushMs: 3_600_000,
      });
    const first = open();
    const t0 = Date.now() - 60_000;
    await first.ingest([fix(v.trackerId, new Date(t0), { lat: -6.3, lon: 107.1, speedKmh: 30 })], source);
    await first.flushStates();
    for (const k of [1, 2, 3])
      await first.ingest(
        [fix(v.trackerId, new Date(t0 + k * 10_000), { lat: -6.3 - k * 0.001, lon: 107.1, speedKmh: 40 })],
        source,
      );
    const held = first.liveState(v.vehicleId)!;
    const [row] = await t.db.db.select().from(vehicleState).where(eq(vehicleState.vehicleId, v.vehicleId));
    // Stopped here (no close, nothing more written): the row is the state of the first fix.
    expect(row!.fixTime).toEqual(new Date(t0));

    const next = open();
    await next.start();
    const state = next.liveState(v.vehicleId)!;
    expect(state.fixTime).toEqual(held.fixTime);
    expect(state.lat).toBe(held.lat);
    expect(state.todayDistanceKm).toBeCloseTo(held.todayDistanceKm, 9);
    expect(state.todayDistanceKm).toBeGreaterThan(0.3);
    expect(state.ruleState).toEqual(held.ruleState);
    await next.close();
  });
});

describe('writing a live state', () => {
  it('never replaces the state of a later fix (a write behind arriving after another instance moved the vehicle on)', async () => {
    const v = fleet.at(-2)!;
    await t.app.pipeline.ingest([fix(v.trackerId, secondsAgo(40), { lat: -6.5, lon: 107.2 })], source);
    await t.app.pipeline.flushStates();
    const held = t.app.pipeline.liveState(v.vehicleId)!;
    const later = { ...held, fixTime: new Date(held.fixTime.getTime() + 10_000), lat: -6.51 };
    const earlier = { ...held, fixTime: new Date(held.fixTime.getTime() - 10_000), lat: -6.49 };
    const now = new Date();
    expect((await upsertStates(t.db.db, [{ vehicleId: v.vehicleId, s: later }], now)).has(v.vehicleId)).toBe(
      true,
    );
    expect((await upsertStates(t.db.db, [{ vehicleId: v.vehicleId, s: earlier }], now)).size).toBe(0);
    const [row] = await t.db.db.select().from(vehicleState).where(eq(vehicleState.vehicleId, v.vehicleId));
    expect(row).toMatchObject({ fixTime: later.fixTime, lat: -6.51 });
  });
});

describe('unregistered trackers', () => {
  it('are remembered once per id with a count, in a table that keeps only the most recently seen', async () => {
    let ms = Date.now() - 3_600_000;
    const pipeline = createPipeline({
      db: t.db.db,
      clock: () => new Date((ms += 1000)),
      logger: t.app.log,
      rules: [],
      thresholdsFor: () => ({}) as never,
      publish: () => {},
      tickMs: 0,
      unknownTrackers: { cap: 50, newPerWindow: 1_000 },
    });
    await pipeline.start();
    const gt06 = { protocol: 'gt06' as const, remoteAddress: '10.9.9.9' };
    pipeline.noteUnknownTracker('keeper-1', gt06);
    for (let k = 0; k < 120; k++) pipeline.noteUnknownTracker(`flood-${k}`, gt06);
    pipeline.noteUnknownTracker('keeper-1', gt06); // seen again, last
    await pipeline.close();
    const rows = await t.db.db.select().from(unknownTrackers);
    expect(rows).toHaveLength(50);
    const ids = new Set(rows.map((r) => r.trackerId));
    expect(ids.has('keeper-1')).toBe(true);
    // The oldest are gone; the 49 most recent of the flood stay.
    expect(ids.has('flood-0')).toBe(false);
    expect(ids.has('flood-119')).toBe(true);
    expect(rows.find((r) => r.trackerId === 'keeper-1')).toMatchObject({ messages: 2, protocol: 'gt06' });
  });
});
