import { describe, expect, it } from 'vitest';
import { ignitionRule } from './ignition.js';
import { at, fix, play, testContext } from './test-tracks.js';

const rules = [ignitionRule];
const ctx = testContext();
const sequence = (readings: (boolean | null)[]) => readings.map((ignition, i) => fix(i * 60, { ignition }));

describe('ignitionRule', () => {
  it.each([
    { readings: [true, true, true], expected: [] },
    { readings: [false, true], expected: [['ignition_on', 1]] },
    {
      readings: [true, false, false, true],
      expected: [
        ['ignition_off', 1],
        ['ignition_on', 3],
      ],
    },
    { readings: [null, true, null, null, false], expected: [['ignition_off', 4]] },
    { readings: [true, null, true, null, false, null, false], expected: [['ignition_off', 4]] },
    { readings: [null, null], expected: [] },
  ])('$readings → $expected', ({ readings, expected }) => {
    const { events } = play(rules, sequence(readings), ctx);
    expect(events.map((e) => [e.kind, (e.startedAt.getTime() - at(0).getTime()) / 60_000])).toEqual(expected);
    for (const e of events) expect(e.phase).toBe('instant');
  });

  it('places the event at the fix, and counts positions without a GPS fix (without a place)', () => {
    const { events } = play(
      rules,
      [fix(0, { ignition: false }), fix(60, { ignition: true, valid: false })],
      ctx,
    );
    expect(events).toMatchObject([{ kind: 'ignition_on', startedAt: at(60), lat: null, lon: null }]);
    const placed = play(
      rules,
      [fix(0, { ignition: true }), fix(60, { ignition: false, lat: -6.2, lon: 106.8 })],
      ctx,
    );
    expect(placed.events).toMatchObject([{ kind: 'ignition_off', lat: -6.2, lon: 106.8 }]);
  });

  it('ignores a position older than its last one', () => {
    const { state } = play(rules, [fix(0, { ignition: true }), fix(120, { ignition: true })], ctx);
    const late = play(rules, [fix(60, { ignition: false })], ctx, state);
    expect(late).toEqual({ state, events: [] });
    expect(play(rules, [fix(180, { ignition: true })], ctx, state).events).toEqual([]);
  });
});
