import { describe, expect, it } from 'vitest';
import { gpsLostRule } from './gps-lost.js';
import { at, fix, fixes, play, testContext, tick, tollShoulder } from './test-tracks.js';

const rules = [gpsLostRule];
const ctx = testContext({ gpsLostMinutes: 60 });
const driving = fixes(0, 300, 30, { speedKmh: 60, ignition: true });

describe('gpsLostRule', () => {
  it('reports GPS lost from the last fix once a tick finds it stale, and restored at the next fix', () => {
    expect(play(rules, [...driving, tick(300 + 59 * 60)], ctx).events).toEqual([]);
    const lost = play(rules, [...driving, tick(300 + 61 * 60), tick(300 + 90 * 60)], ctx);
    expect(lost.events).toMatchObject([
      {
        kind: 'gps_lost',
        phase: 'start',
        startedAt: at(300),
        endedAt: null,
        limitValue: 60,
        ...tollShoulder,
        attributes: { lastIgnition: true },
      },
    ]);

    // A position without a fix (jammed antenna) does not restore it; the next real fix does.
    const noFix = play(rules, [fix(7000, { valid: false, ignition: true })], ctx, lost.state);
    expect(noFix.events).toEqual([]);
    const back = play(rules, [fix(8000, { lat: -6.6, lon: 108.1 })], ctx, noFix.state);
    expect(back.events).toMatchObject([
      { kind: 'gps_lost', phase: 'end', key: lost.events[0]?.key, startedAt: at(300), endedAt: at(8000) },
      {
        kind: 'gps_restored',
        phase: 'instant',
        startedAt: at(8000),
        lat: -6.6,
        lon: 108.1,
        attributes: { lostForS: 7700 },
      },
    ]);
    expect(play(rules, [tick(8000 + 30 * 60)], ctx, back.state).events).toEqual([]);
  });

  it('finds a loss from the next fix alone when no tick ran (recalculation)', () => {
    const { events } = play(rules, [...driving, fix(300 + 2 * 3600)], ctx);
    expect(events.map((e) => [e.kind, e.phase])).toEqual([
      ['gps_lost', 'start'],
      ['gps_lost', 'end'],
      ['gps_restored', 'instant'],
    ]);
    expect(events[0]).toMatchObject({ startedAt: at(300) });
    expect(events[1]).toMatchObject({ endedAt: at(300 + 2 * 3600) });
  });

  it('says nothing for a vehicle that never had a fix, or a gap within the threshold', () => {
    expect(play(rules, [tick(10_000)], ctx).events).toEqual([]);
    expect(play(rules, [fix(0, { valid: false }), tick(10_000)], ctx).events).toEqual([]);
    expect(play(rules, [...driving, fix(300 + 3599)], ctx).events).toEqual([]);
  });

  it('ignores a fix older than its last one', () => {
    const { state } = play(rules, [...driving, tick(300 + 61 * 60)], ctx);
    expect(play(rules, [fix(200)], ctx, state)).toEqual({ state, events: [] });
  });
});
