import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import type { VehicleInfo } from '../live-state/live-state.js';
import type { RuleEvent } from '../rules/types.js';
import { createTestDatabase } from '../test/test-db.js';
import { UNIT } from '../test/test-app.js';
import type { FoundEvent } from './event-store.js';
import { storeVisits } from './visit-store.js';

let database: Database;
let vehicleA: VehicleInfo;
let vehicleB: VehicleInfo;
let dealer: number;
let port: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const ids = (query: ReturnType<typeof sql>) =>
    database.db.execute(query).then((r) => rowsOf(r).map((row) => Number(row.id)));
  const [a, b] = await ids(
    sql`SELECT vehicle_id AS id FROM vehicles WHERE unit_id = ${UNIT.sunter} ORDER BY vehicle_id LIMIT 2`,
  );
  const geofenceIds = await ids(
    sql`SELECT geofence_id AS id FROM geofences WHERE unit_id = ${UNIT.sunter} ORDER BY geofence_id LIMIT 2`,
  );
  [dealer, port] = [geofenceIds[0]!, geofenceIds[1]!];
  vehicleA = { vehicleId: a!, unitId: UNIT.sunter } as VehicleInfo;
  vehicleB = { vehicleId: b!, unitId: UNIT.sunter } as VehicleInfo;
  await database.db.execute(sql`DELETE FROM geofence_visits WHERE vehicle_id IN (${a}, ${b})`);
});
afterAll(() => database?.close());

const at = (minute: number) => new Date(Date.UTC(2026, 10, 2, 1, minute));
function crossing(
  vehicle: VehicleInfo,
  kind: 'geofence_enter' | 'geofence_exit',
  geofenceId: number,
  minute: number,
  enteredMinute?: number,
): FoundEvent {
  const attributes: Record<string, unknown> = { geofenceId };
  if (enteredMinute !== undefined) attributes.enteredAt = at(enteredMinute).toISOString();
  const event = { kind, key: `${kind}:${geofenceId}`, startedAt: at(minute), attributes } as RuleEvent;
  return { vehicle, event, live: true };
}

describe('visits stored from a batch of crossings', () => {
  it('keeps each vehicle and geofence in order, however many crossings a batch holds', async () => {
    await storeVisits(database.db, [
      crossing(vehicleA, 'geofence_enter', dealer, 0),
      crossing(vehicleB, 'geofence_exit', port, 5, 1),
      crossing(vehicleA, 'geofence_exit', dealer, 20, 0),
      crossing(vehicleB, 'geofence_enter', dealer, 6),
      crossing(vehicleA, 'geofence_enter', dealer, 30),
      crossing(vehicleA, 'geofence_enter', port, 31),
      // An enter while the visit is open (a crossing seen twice) opens no second visit.
      crossing(vehicleA, 'geofence_enter', port, 32),
      // A geofence deleted meanwhile has no visits.
      crossing(vehicleB, 'geofence_enter', 2_000_000_000, 7),
    ]);
    const visits = rowsOf(
      await database.db.execute(sql`
        SELECT vehicle_id, geofence_id, enter_time, exit_time, duration_s, open FROM geofence_visits
        WHERE vehicle_id IN (${vehicleA.vehicleId}, ${vehicleB.vehicleId})
        ORDER BY vehicle_id, geofence_id, enter_time`),
    ).map((r) => ({
      vehicle: Number(r.vehicle_id) === vehicleA.vehicleId ? 'A' : 'B',
      geofence: Number(r.geofence_id) === dealer ? 'dealer' : 'port',
      enter: new Date(r.enter_time as string).toISOString(),
      exit: r.exit_time === null ? null : new Date(r.exit_time as string).toISOString(),
      durationS: r.duration_s === null ? null : Number(r.duration_s),
      open: Boolean(r.open),
    }));
    const iso = (minute: number) => at(minute).toISOString();
    expect(visits).toEqual([
      { vehicle: 'A', geofence: 'dealer', enter: iso(0), exit: iso(20), durationS: 1200, open: false },
      { vehicle: 'A', geofence: 'dealer', enter: iso(30), exit: null, durationS: 0, open: true },
      { vehicle: 'A', geofence: 'port', enter: iso(31), exit: null, durationS: 0, open: true },
      { vehicle: 'B', geofence: 'dealer', enter: iso(6), exit: null, durationS: 0, open: true },
      // An exit whose enter was never stored: a closed visit from the exit's facts.
      { vehicle: 'B', geofence: 'port', enter: iso(1), exit: iso(5), durationS: 240, open: false },
    ]);
  });
});
