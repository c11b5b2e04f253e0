import { describe, expect, it } from 'vitest';
import { overspeedRule } from './overspeed.js';
import { at, fix, fixes, play, testContext, tick } from './test-tracks.js';

const rules = [overspeedRule];
const ctx80 = testContext({ speedLimitKmh: 80, overspeedToleranceKmh: 5, overspeedMinDurationS: 30 });
const cruising = fixes(-60, -10, 10, { speedKmh: 70 });

describe('overspeedRule', () => {
  it('reports 90 s at 95 km/h over a limit of 80 as one over-speed from its first to its last fix', () => {
    const speeding = [92, 95, 97, 96, 99, 95, 95, 94, 95, 95].map((speedKmh, i) => fix(i * 10, { speedKmh }));
    const before = play(rules, [...cruising, ...speeding.slice(0, 3)], ctx80);
    expect(before.events).toEqual([]); // 0–20 s: not yet sustained

    const { events } = play(rules, [...cruising, ...speeding, fix(100, { speedKmh: 62 })], ctx80);
    expect(events.map((e) => e.phase)).toEqual(['start', 'end']);
    const [start, end] = events;
    expect(start).toMatchObject({
      kind: 'overspeed',
      startedAt: at(0),
      endedAt: null,
      limitValue: 80,
      maxValue: 97, // the highest so far when it became an over-speed, at 30 s
    });
    expect(end).toMatchObject({
      kind: 'overspeed',
      key: start?.key,
      startedAt: at(0),
      endedAt: at(90),
      maxValue: 99,
      limitValue: 80,
      attributes: { durationS: 90, severity: 'major', reason: 'slowed' },
    });
  });

  it('emits the start at the fix that makes it sustained, not before', () => {
    const track = [...cruising, ...fixes(0, 30, 10, { speedKmh: 95 })];
    expect(play(rules, track.slice(0, -1), ctx80).events).toEqual([]);
    expect(play(rules, track, ctx80).events).toMatchObject([{ phase: 'start', startedAt: at(0) }]);
  });

  it('does not count a 20 s spike', () => {
    const track = [
      ...cruising,
      ...fixes(0, 20, 10, { speedKmh: 95 }),
      ...fixes(30, 120, 10, { speedKmh: 75 }),
    ];
    expect(play(rules, track, ctx80).events).toEqual([]);
  });

  it('needs every fix above limit + tolerance until it is sustained', () => {
    const track = [
      ...cruising,
      fix(0, { speedKmh: 95 }),
      fix(10, { speedKmh: 84 }),
      ...fixes(20, 50, 10, { speedKmh: 95 }),
    ];
    expect(play(rules, track, ctx80).events).toMatchObject([{ phase: 'start', startedAt: at(20) }]);
  });

  it('ignores a fix at an implausible acceleration (GPS jitter)', () => {
    const instant = testContext({ overspeedMinDurationS: 0 });
    const jitter = [...cruising, fix(-9, { speedKmh: 150 }), ...fixes(10, 60, 10, { speedKmh: 70 })];
    expect(play(rules, jitter, instant).events).toEqual([]);
    // The same speed reached plausibly is an over-speed at once with no minimum duration.
    const real = [...cruising, fix(0, { speedKmh: 90 }), fix(10, { speedKmh: 70 })];
    expect(play(rules, real, instant).events.map((e) => e.phase)).toEqual(['start', 'end']);
  });

  it('keeps jitter out of the maximum speed', () => {
    const track = [
      ...cruising,
      fix(0, { speedKmh: 95 }),
      fix(1, { speedKmh: 190 }),
      ...fixes(10, 40, 10, { speedKmh: 95 }),
    ];
    expect(play(rules, track, ctx80).events).toMatchObject([{ phase: 'start', maxValue: 95 }]);
  });

  it('stays open between the limit and limit + tolerance, and ends at or below the limit', () => {
    const track = [
      ...cruising,
      ...fixes(0, 40, 10, { speedKmh: 95 }),
      ...fixes(50, 80, 10, { speedKmh: 83 }),
      fix(90, { speedKmh: 80 }),
    ];
    const { events } = play(rules, track, ctx80);
    expect(events.map((e) => e.phase)).toEqual(['start', 'end']);
    expect(events[1]).toMatchObject({ endedAt: at(80), attributes: { durationS: 80 } });
  });

  it('uses the vehicle speed limit from the context', () => {
    const ctx60 = testContext({ speedLimitKmh: 60 });
    const track = [
      ...fixes(-60, -10, 10, { speedKmh: 55 }),
      ...fixes(0, 40, 10, { speedKmh: 70 }),
      fix(50, { speedKmh: 50 }),
    ];
    expect(play(rules, track, ctx60).events).toMatchObject([
      { phase: 'start', limitValue: 60, maxValue: 70 },
      { phase: 'end', limitValue: 60, endedAt: at(40) },
    ]);
    expect(play(rules, track, ctx80).events).toEqual([]);
  });

  it('ends at the last fix when the GPS goes quiet, found by a tick', () => {
    const track = [...cruising, ...fixes(0, 60, 10, { speedKmh: 95 })];
    const quiet = play(rules, [...track, tick(60 + 4 * 60)], ctx80);
    expect(quiet.events.map((e) => e.phase)).toEqual(['start']);
    const { events, state } = play(rules, [...track, tick(60 + 6 * 60)], ctx80);
    expect(events[1]).toMatchObject({ phase: 'end', endedAt: at(60), attributes: { reason: 'gps-gap' } });
    // The next fix, still fast, starts a new run rather than extending the closed one.
    const after = play(rules, fixes(500, 540, 10, { speedKmh: 95 }), ctx80, state);
    expect(after.events).toMatchObject([{ phase: 'start', startedAt: at(500) }]);
  });

  it('ends at the last fix when the next fix comes after a gap, without a tick', () => {
    const track = [...cruising, ...fixes(0, 60, 10, { speedKmh: 95 }), fix(60 + 10 * 60, { speedKmh: 95 })];
    expect(play(rules, track, ctx80).events).toMatchObject([
      { phase: 'start' },
      { phase: 'end', endedAt: at(60), attributes: { reason: 'gps-gap' } },
    ]);
  });

  it('ignores positions without a fix', () => {
    const track = [...cruising, ...fixes(0, 60, 10, { speedKmh: 95, valid: false })];
    expect(play(rules, track, ctx80).events).toEqual([]);
  });

  it('ignores a position older than its last fix', () => {
    const { state } = play(rules, [...cruising, ...fixes(0, 20, 10, { speedKmh: 95 })], ctx80);
    const late = play(rules, [fix(5, { speedKmh: 40 })], ctx80, state);
    expect(late.state).toBe(state);
    expect(late.events).toEqual([]);
    // The run goes on as if the late fix never came.
    expect(play(rules, [fix(30, { speedKmh: 95 })], ctx80, state).events).toMatchObject([
      { phase: 'start', startedAt: at(0) },
    ]);
  });
});
