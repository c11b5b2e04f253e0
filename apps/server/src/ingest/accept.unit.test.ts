import type { Position } from '@pantau/protocols';
import { describe, expect, it } from 'vitest';
import type { LiveState, VehicleInfo } from '../live-state/live-state.js';
import { at, fix } from '../rules/test-tracks.js';
import { acceptPositions, newCall, statusAsPosition, type AcceptContext } from './accept.js';

const TRACKER = '865205030000001';
const vehicle = { vehicleId: 7, unitId: 1, trackerId: TRACKER } as VehicleInfo;

/** A context over one registered tracker and a queue of what it was told, with what it warned. */
function context(queued: Position[] = []) {
  const unknown: string[] = [];
  const refused: string[] = [];
  const ctx: AcceptContext = {
    vehicles: { byTrackerId: (id) => (id === TRACKER ? vehicle : undefined) },
    queue: {
      queuedAt: (_v, ms) => queued.find((p) => p.fixTime.getTime() === ms),
      noteQueued: (_v, p) => void queued.push(p),
    },
    now: at(3600),
    noteUnknownTracker: (id) => void unknown.push(id),
    warnRefused: (_id, field) => void refused.push(field),
    warnUnreadable: () => undefined,
  };
  return { ctx, unknown, refused, queued };
}

describe('acceptPositions', () => {
  it('accepts a registered tracker’s fixes for its vehicle and notes them as queued', () => {
    const { ctx, queued } = context();
    const call = newCall({ protocol: 'gt06' });
    acceptPositions([fix(0), fix(10)], call, ctx);
    expect(call.accepted.map((a) => [a.vehicleId, a.position.fixTime])).toEqual([
      [7, at(0)],
      [7, at(10)],
    ]);
    expect(call.accepted.every((a) => a.serverTime === ctx.now && a.call === call && !a.stored)).toBe(true);
    expect(queued).toHaveLength(2);
    expect(call.result.dropped).toEqual([]);
  });

  it('drops an unknown tracker (and tells of it), a repeat of a queued fix and a fix from the future', () => {
    const { ctx, unknown } = context([fix(0)]);
    const call = newCall({ protocol: 'osmand' });
    acceptPositions([fix(0, { trackerId: 'nobody' }), fix(0), fix(3600 + 3 * 86_400)], call, ctx);
    expect(call.accepted).toEqual([]);
    expect(call.result.dropped.map((d) => d.reason)).toEqual(['unknown-tracker', 'duplicate', 'future']);
    expect(unknown).toEqual(['nobody']);
  });

  it('keeps a second report of a queued fix that says something new (an alarm)', () => {
    const { ctx } = context([fix(0)]);
    const call = newCall({ protocol: 'gt06' });
    acceptPositions([fix(0, { alarm: 'sos' })], call, ctx);
    expect(call.accepted).toHaveLength(1);
  });

  it('refuses a value the database cannot hold, naming the field, without failing the others', () => {
    const { ctx, refused } = context();
    const call = newCall({ protocol: 'osmand' });
    acceptPositions([fix(0, { altitude: 1e300 }), fix(10)], call, ctx);
    expect(call.accepted.map((a) => a.position.fixTime)).toEqual([at(10)]);
    expect(call.result.dropped).toEqual([expect.objectContaining({ reason: 'invalid', field: 'altitude' })]);
    expect(refused).toEqual(['altitude']);
  });
});

describe('statusAsPosition', () => {
  const state = {
    fixTime: at(0),
    valid: true,
    lat: -6.3,
    lon: 107.1,
    speed: 0,
    course: 90,
    ignition: false,
  } as LiveState;

  it('is a position at the latest fix when the ignition changed or an alarm came', () => {
    expect(statusAsPosition(TRACKER, state, { ignition: true, alarm: null })).toMatchObject({
      trackerId: TRACKER,
      fixTime: at(0),
      lat: -6.3,
      lon: 107.1,
      ignition: true,
      attributes: { status: true },
    });
    expect(statusAsPosition(TRACKER, state, { ignition: null, alarm: 'sos' })?.alarm).toBe('sos');
  });

  it('is nothing when the status says what the live state knows', () => {
    expect(statusAsPosition(TRACKER, state, { ignition: false, alarm: null })).toBeNull();
    expect(statusAsPosition(TRACKER, state, { ignition: null, alarm: null })).toBeNull();
  });
});
