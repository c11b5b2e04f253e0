import { describe, expect, it } from 'vitest';
import { alarmRule } from './alarm.js';
import { at, fix, play, testContext, tollShoulder } from './test-tracks.js';

const rules = [alarmRule];
const ctx = testContext();

describe('alarmRule', () => {
  it('raises one alarm for an SOS repeated within a minute of each report, and another after a pause', () => {
    const track = [
      fix(0, { alarm: 'sos' }),
      fix(20, { alarm: 'sos' }),
      fix(30),
      fix(50, { alarm: 'sos' }),
      fix(100, { alarm: 'sos' }),
      fix(200, { alarm: 'sos' }),
    ];
    const { events } = play(rules, track, ctx);
    expect(events).toMatchObject([
      { kind: 'alarm', phase: 'instant', startedAt: at(0), attributes: { alarm: 'sos' }, ...tollShoulder },
      { kind: 'alarm', phase: 'instant', startedAt: at(200), attributes: { alarm: 'sos' } },
    ]);
  });

  it('keeps different alarm kinds apart', () => {
    const track = [
      fix(0, { alarm: 'sos' }),
      fix(10, { alarm: 'powerCut', valid: false }),
      fix(20, { alarm: 'sos' }),
    ];
    expect(play(rules, track, ctx).events).toMatchObject([
      { startedAt: at(0), attributes: { alarm: 'sos' } },
      { startedAt: at(10), attributes: { alarm: 'powerCut' }, lat: null, lon: null },
    ]);
  });

  it('handles an alarm frame carrying the same fix time as the position before it', () => {
    expect(play(rules, [fix(0), fix(0, { alarm: 'powerCut' })], ctx).events).toHaveLength(1);
  });

  it('ignores a position older than its last one', () => {
    const { state } = play(rules, [fix(100)], ctx);
    expect(play(rules, [fix(50, { alarm: 'sos' })], ctx, state)).toEqual({ state, events: [] });
  });
});
