import type { Position } from '@pantau/protocols';
import { describe, expect, it } from 'vitest';
import { at, fix, testContext } from '../rules/test-tracks.js';
import type { Derivation } from '../rules/types.js';
import { advanceVehicle, type DeriveContext } from './advance.js';
import type { Accepted } from './call-queue.js';
import type { VehicleInfo } from '../live-state/live-state.js';

const vehicle: VehicleInfo = {
  vehicleId: 1,
  unitId: 1,
  trackerId: '865205030000001',
  plate: 'B 9001 PTU',
  hull: 'CC-01',
  vehicleClass: 'CC',
  speedLimit: null,
  odometer: null,
  driver: null,
  timeZone: 'Asia/Jakarta',
};

/** Records the fix times (seconds after T0) of the positions it is given, in its slice. */
const seen: Derivation<{ v: 1; s: number[] }> = {
  name: 'seen',
  initial: { v: 1, s: [] },
  onPositions: (slice, positions) => ({
    slice: { v: 1, s: [...slice.s, ...positions.map((p) => (p.fixTime.getTime() - at(0).getTime()) / 1000)] },
    events: [],
  }),
};

const ctx: DeriveContext = {
  derivations: [seen],
  contextOf: () => testContext(),
  onError: (err) => {
    throw err;
  },
};

const accepted = (p: Position, stored = true): Accepted =>
  ({ vehicleId: 1, position: p, serverTime: p.fixTime, vehicle, stored }) as Accepted;

describe('advanceVehicle', () => {
  it('moves the live state and runs the derivations over the stored positions newer than the state', () => {
    const first = advanceVehicle(vehicle, null, [accepted(fix(0)), accepted(fix(10))], at(20), ctx);
    expect(first.state).toMatchObject({ fixTime: at(10), ruleState: { seen: { s: [0, 10] } } });
    const next = advanceVehicle(
      vehicle,
      first.state,
      [
        accepted(fix(5)), // a buffered fix older than the state: stored, moves nothing
        accepted(fix(10)), // the state's own fix again, without news
        accepted(fix(10, { alarm: 'sos' })), // the same fix with an alarm: news
        accepted(fix(20), false), // not stored (a duplicate)
        accepted(fix(30)),
      ],
      at(40),
      ctx,
    );
    expect(next.state).toMatchObject({ fixTime: at(30), ruleState: { seen: { s: [0, 10, 10, 30] } } });
    expect(first.state?.ruleState).toEqual({ seen: { v: 1, s: [0, 10] } });
  });

  it('answers no state when nothing moved', () => {
    const { state } = advanceVehicle(vehicle, null, [accepted(fix(0))], at(0), ctx);
    expect(advanceVehicle(vehicle, state, [accepted(fix(-10))], at(0), ctx)).toEqual({
      state: null,
      found: [],
    });
  });

  it("restarts today's distance and engine time at midnight of the unit's zone (WIT here, not WIB)", () => {
    const wit = { ...vehicle, timeZone: 'Asia/Jayapura' };
    // 14:59:30Z is 23:59:30 WIT (still 21:59:30 WIB); 15:00:30Z is 00:00:30 WIT the next day.
    const drive = (iso: string, lon: number): Accepted =>
      accepted({ ...fix(0, { ignition: true, speedKmh: 60 }), fixTime: new Date(iso), lon });
    const before = advanceVehicle(
      wit,
      null,
      [drive('2026-11-24T14:58:30Z', 107.0), drive('2026-11-24T14:59:30Z', 107.01)],
      new Date('2026-11-24T15:00:00Z'),
      ctx,
    );
    expect(before.state).toMatchObject({ day: '2026-11-24', todayEngineS: 60 });
    expect(before.state!.todayDistanceKm).toBeGreaterThan(1);
    const after = advanceVehicle(
      wit,
      before.state,
      [drive('2026-11-24T15:00:30Z', 107.02)],
      new Date('2026-11-24T15:01:00Z'),
      ctx,
    );
    // A new WIT day: the counters start again, counting only the 30 s since midnight.
    expect(after.state).toMatchObject({ day: '2026-11-25', todayEngineS: 30 });
    expect(after.state!.todayDistanceKm).toBeLessThan(1.2);
    const wib = advanceVehicle(
      vehicle,
      before.state,
      [drive('2026-11-24T15:00:30Z', 107.02)],
      new Date('2026-11-24T15:01:00Z'),
      ctx,
    );
    expect(wib.state).toMatchObject({ day: '2026-11-24' });
  });
});
