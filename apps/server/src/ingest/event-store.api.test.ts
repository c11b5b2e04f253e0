import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import type { VehicleInfo } from '../live-state/live-state.js';
import type { RuleEvent } from '../rules/types.js';
import { createTestDatabase } from '../test/test-db.js';
import { UNIT } from '../test/test-app.js';
import { storeEvents, type FoundEvent } from './event-store.js';

let database: Database;
let vehicle: VehicleInfo;

beforeAll(async () => {
  database = await createTestDatabase();
  const [row] = rowsOf<{ id: number }>(
    await database.db.execute(
      sql`SELECT vehicle_id AS id FROM vehicles WHERE unit_id = ${UNIT.sunter} ORDER BY vehicle_id LIMIT 1`,
    ),
  );
  vehicle = {
    vehicleId: Number(row!.id),
    unitId: UNIT.sunter,
    plate: 'B 1 TST',
    driver: null,
  } as unknown as VehicleInfo;
  await database.db.execute(sql`DELETE FROM events WHERE vehicle_id = ${vehicle.vehicleId}`);
});
afterAll(() => database?.close());

const at = (minute: number) => new Date(Date.UTC(2026, 10, 3, 2, minute));
const found = (event: Partial<RuleEvent> & Pick<RuleEvent, 'kind' | 'phase' | 'key'>): FoundEvent => ({
  vehicle,
  event: {
    startedAt: at(0),
    endedAt: null,
    maxValue: null,
    limitValue: null,
    lat: -6.2,
    lon: 106.9,
    ...event,
  },
  live: true,
});

async function rowsOfVehicle() {
  return rowsOf<Record<string, unknown>>(
    await database.db.execute(sql`
      SELECT event_id, kind, event_key, open, ended_at, duration_s, max_value, attributes
      FROM events WHERE vehicle_id = ${vehicle.vehicleId} ORDER BY event_id`),
  );
}

describe('events stored from a batch', () => {
  it('answers each new row with its id, in the order found, and closes intervals stored earlier', async () => {
    const first = await storeEvents(database.db, [
      found({ kind: 'overspeed', phase: 'start', key: 'overspeed@a', maxValue: 92, limitValue: 80 }),
      found({ kind: 'ignition_on', phase: 'instant', key: 'ignition_on', startedAt: at(1) }),
      found({
        kind: 'overstop',
        phase: 'start',
        key: 'overstop@b',
        startedAt: at(2),
        attributes: { minutes: 30 },
      }),
      // An interval that starts and ends in the batch is one closed row.
      found({ kind: 'gps_lost', phase: 'start', key: 'gps_lost@c', startedAt: at(3) }),
      found({ kind: 'gps_lost', phase: 'end', key: 'gps_lost@c', startedAt: at(3), endedAt: at(5) }),
    ]);
    expect(first.map((e) => e.kind)).toEqual(['overspeed', 'ignition_on', 'overstop', 'gps_lost']);
    const stored = await rowsOfVehicle();
    expect(first.map((e) => e.eventId)).toEqual(stored.map((r) => Number(r.event_id)));
    expect(
      stored.map((r) => [r.event_key, r.open, r.duration_s === null ? null : Number(r.duration_s)]),
    ).toEqual([
      ['overspeed@a', true, null],
      ['ignition_on', false, null],
      ['overstop@b', true, null],
      ['gps_lost@c', false, 120],
    ]);
    expect(first[0]).toMatchObject({ plate: 'B 1 TST', live: true, open: true, maxValue: 92 });

    // The next batch ends the over-speed twice (the first end counts) and the over-stop, and an
    // interval nobody stored: nothing else changes.
    const second = await storeEvents(database.db, [
      found({ kind: 'overspeed', phase: 'end', key: 'overspeed@a', endedAt: at(4), maxValue: 101 }),
      found({ kind: 'overspeed', phase: 'end', key: 'overspeed@a', endedAt: at(9), maxValue: 150 }),
      found({
        kind: 'overstop',
        phase: 'end',
        key: 'overstop@b',
        endedAt: at(62),
        attributes: { reason: 'x' },
      }),
      found({ kind: 'overstop', phase: 'end', key: 'overstop@nobody', endedAt: at(7) }),
    ]);
    expect(second).toEqual([]);
    const after = await rowsOfVehicle();
    expect(after).toHaveLength(4);
    const [overspeed, , overstop] = after;
    expect(overspeed).toMatchObject({ open: false, max_value: 101 });
    expect(Number(overspeed!.duration_s)).toBe(240);
    expect(new Date(overspeed!.ended_at as string).toISOString()).toBe(at(4).toISOString());
    expect(overstop).toMatchObject({ open: false, attributes: { minutes: 30, reason: 'x' } });
    expect(Number(overstop!.duration_s)).toBe(3600);
  });
});
