import type { Position } from '@pantau/protocols';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf, timeOf } from '../db/rows.js';
import type { LiveState, VehicleInfo } from '../live-state/live-state.js';
import { advanceVehicle, type DeriveContext } from './advance.js';
import { positionOfRow } from './activity-store.js';

/** At most this many positions per vehicle are taken in (a second or two of writes behind is a few). */
const MAX_PER_VEHICLE = 1_000;

/**
 * Live states are written behind (state-writer.ts), so a server that stopped without writing them
 * (a crash, a killed process) finds rows up to a flush older than the positions it had stored and
 * acknowledged. At start each such vehicle's stored positions after its row are taken in again, as a
 * batch would have: its live state and rule state move on to where they were. What the derivations
 * find is dropped: the batches that stored those positions stored their events, visits and trips
 * with them. Answers the states moved.
 */
export async function catchUpStates(
  db: Db,
  states: ReadonlyMap<number, LiveState>,
  vehicleOf: (vehicleId: number) => VehicleInfo | undefined,
  now: Date,
  ctx: DeriveContext,
): Promise<Map<number, LiveState>> {
  const result = await db.execute(sql`
    SELECT p.vehicle_id, p.fix_time, p.server_time, p.lat, p.lon, p.speed, p.course, p.ignition, p.valid
    FROM vehicle_state s
    CROSS JOIN LATERAL (
      SELECT * FROM positions p
      WHERE p.vehicle_id = s.vehicle_id AND p.fix_time > s.fix_time
      ORDER BY p.fix_time LIMIT ${MAX_PER_VEHICLE}) p
    ORDER BY p.vehicle_id, p.fix_time`);
  const byVehicle = new Map<number, { position: Position; serverTime: Date; stored: true }[]>();
  for (const r of rowsOf(result)) {
    const vehicleId = Number(r.vehicle_id);
    const vehicle = vehicleOf(vehicleId);
    if (!vehicle) continue;
    const position = positionOfRow(r, vehicle.trackerId);
    const list = byVehicle.get(vehicleId) ?? [];
    list.push({ position, serverTime: new Date(timeOf(r.server_time)), stored: true });
    byVehicle.set(vehicleId, list);
  }
  const moved = new Map<number, LiveState>();
  for (const [vehicleId, list] of byVehicle) {
    const before = states.get(vehicleId);
    if (!before) continue;
    const { state } = advanceVehicle(vehicleOf(vehicleId)!, before, list, now, ctx);
    if (state) moved.set(vehicleId, state);
  }
  return moved;
}
