import type { AlarmKind } from '@pantau/protocols';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Position } from '@pantau/protocols';
import { defaultRules, defaultThresholds, derivePositions, deriveTick } from './index.js';
import type { Derived } from './run.js';
import { at, fix, fixes, play, testContext } from './test-tracks.js';
import type { RuleContext, RuleEvent, RuleThresholds, VehicleRuleState } from './types.js';

describe('defaultRules', () => {
  it('have distinct names, each keeping its own slice of the state', () => {
    const names = defaultRules.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    const { state } = play(defaultRules, [fix(0, { ignition: true, alarm: 'sos' })]);
    expect(Object.keys(state).sort()).toEqual([...names].sort());
  });

  it('use the thresholds of domain research §6', () => {
    expect(defaultThresholds).toEqual({
      speedLimitKmh: 80,
      overspeedToleranceKmh: 5,
      overspeedMinDurationS: 30,
      overstopMinutes: 30,
      stopSpeedKmh: 5,
      stopMinMinutes: 5,
      gpsLostMinutes: 60,
    });
  });

  it('find every event of a trip: ignition on, speeding, an over-stop, ignition off, an SOS', () => {
    const track = [
      fix(0, { ignition: true }),
      ...fixes(10, 300, 10, { speedKmh: 70, ignition: true }),
      ...fixes(310, 400, 10, { speedKmh: 100, ignition: true }),
      ...fixes(410, 500, 10, { speedKmh: 60, ignition: true }),
      ...fixes(510, 510 + 40 * 60, 60, { speedKmh: 0, ignition: false, lat: -6.56 }),
      fix(3000, { speedKmh: 0, ignition: false, lat: -6.56, alarm: 'sos' }),
      fix(3100, { speedKmh: 30, ignition: true, lat: -6.57 }),
    ];
    const summary = play(defaultRules, track).events.map(
      (e) => `${e.kind}:${e.phase}@${(e.startedAt.getTime() - at(0).getTime()) / 1000}`,
    );
    expect(summary).toEqual([
      'overspeed:start@310',
      'overspeed:end@310',
      'ignition_off:instant@510',
      'overstop:start@510',
      'alarm:instant@3000',
      'overstop:end@510',
      'ignition_on:instant@3100',
      'stop:instant@510',
    ]);
  });

  it('deriveTick runs every rule clock', () => {
    const { state } = play(defaultRules, fixes(0, 120, 60));
    const { found } = deriveTick(defaultRules, state, at(120 + 61 * 60), testContext());
    expect(found.map((f) => f.event.kind).sort()).toEqual(['gps_lost', 'overstop']);
  });
});

// ---- Property: any sequence of positions and ticks, in or out of order -------------------------------

type Step =
  | {
      type: 'fix';
      dtS: number;
      speedKmh: number;
      valid: boolean;
      dLat: number;
      ignition: boolean | null;
      alarm: AlarmKind | null;
    }
  | { type: 'tick'; dtS: number }
  /** `count` fixes `dtS` apart at one speed: what it takes to sustain an over-speed or a stop. */
  | { type: 'steady'; count: number; dtS: number; speedKmh: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      type: fc.constant('fix' as const),
      dtS: fc.oneof(
        { weight: 6, arbitrary: fc.integer({ min: 1, max: 60 }) },
        { weight: 1, arbitrary: fc.integer({ min: -600, max: 0 }) },
        { weight: 1, arbitrary: fc.integer({ min: 0, max: 10_000 }) },
      ),
      speedKmh: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(0, 2, 40, 70, 90, 95, 110) },
        { weight: 2, arbitrary: fc.double({ min: 0, max: 250, noNaN: true }) },
        { weight: 1, arbitrary: fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -1) },
      ),
      valid: fc.constantFrom(true, true, true, true, false),
      dLat: fc.double({ min: -0.01, max: 0.01, noNaN: true }),
      ignition: fc.constantFrom(null, true, false),
      alarm: fc.constantFrom<AlarmKind | null>(null, null, null, 'sos', 'powerCut'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('tick' as const), dtS: fc.integer({ min: -60, max: 10_000 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('steady' as const),
      count: fc.integer({ min: 1, max: 40 }),
      dtS: fc.integer({ min: 1, max: 120 }),
      speedKmh: fc.constantFrom(0, 1, 60, 90, 100, 130),
    }),
  },
);

const thresholds: fc.Arbitrary<RuleThresholds> = fc.record({
  speedLimitKmh: fc.integer({ min: 20, max: 120 }),
  overspeedToleranceKmh: fc.integer({ min: 0, max: 10 }),
  overspeedMinDurationS: fc.integer({ min: 0, max: 120 }),
  overstopMinutes: fc.integer({ min: 1, max: 60 }),
  stopSpeedKmh: fc.integer({ min: 1, max: 10 }),
  stopMinMinutes: fc.integer({ min: 1, max: 10 }),
  gpsLostMinutes: fc.integer({ min: 1, max: 120 }),
});

/**
 * Plays the steps through the default rules. `together`: the fixes between two ticks go in one call, as
 * a batch of the pipeline brings them; `roundTrip`: the state goes through JSON between calls, as the
 * pipeline keeps it.
 */
function replay(steps: Step[], ctx: RuleContext, { roundTrip = false, together = false } = {}): RuleEvent[] {
  let state: VehicleRuleState = {};
  let clockS = 0;
  let lat = -6.5;
  const events: RuleEvent[] = [];
  let batch: Position[] = [];
  const apply = (result: Derived) => {
    state = roundTrip ? (JSON.parse(JSON.stringify(result.state)) as VehicleRuleState) : result.state;
    for (const f of result.found) events.push(f.event);
  };
  const flush = () => {
    if (batch.length > 0) apply(derivePositions(defaultRules, state, batch, ctx));
    batch = [];
  };
  const add = (p: Position) => {
    batch.push(p);
    if (!together) flush();
  };
  for (const s of steps) {
    if (s.type === 'tick') {
      flush();
      apply(deriveTick(defaultRules, state, at(clockS + s.dtS), ctx));
    } else if (s.type === 'fix') {
      clockS += s.dtS;
      lat += s.dLat;
      add(fix(clockS, { ...s, lat }));
    } else {
      for (let i = 0; i < s.count; i++) {
        clockS += s.dtS;
        lat += (s.speedKmh * s.dtS) / 3600 / 111;
        add(fix(clockS, { speedKmh: s.speedKmh, lat }));
      }
    }
  }
  flush();
  return events;
}

const byKind = (events: RuleEvent[]) => events.map((e) => JSON.stringify(e)).sort();

describe('rules on any sequence', () => {
  it('never throw, close only what they opened, survive a JSON round trip of the state, and batch alike', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 120 }), thresholds, fc.boolean(), (steps, t, allowed) => {
        const ctx: RuleContext = { ...testContext(t), isStopAllowedAt: () => allowed };
        const events = replay(steps, ctx);
        const open = new Map<string, RuleEvent>();
        for (const e of events) {
          expect(Number.isFinite(e.startedAt.getTime())).toBe(true);
          if (e.phase === 'start') {
            expect(open.has(e.key)).toBe(false);
            expect([...open.values()].some((o) => o.kind === e.kind)).toBe(false);
            open.set(e.key, e);
          } else if (e.phase === 'end') {
            const start = open.get(e.key);
            expect(start).toBeDefined();
            expect(e.kind).toBe(start?.kind);
            expect(e.startedAt).toEqual(start?.startedAt);
            expect(e.endedAt!.getTime()).toBeGreaterThanOrEqual(e.startedAt.getTime());
            open.delete(e.key);
          } else {
            expect(e.endedAt).toBeNull();
          }
        }
        expect(replay(steps, ctx, { roundTrip: true })).toEqual(events);
        // A batch of positions finds what they find one by one.
        expect(byKind(replay(steps, ctx, { together: true }))).toEqual(byKind(events));
      }),
      { numRuns: 300 },
    );
  });
});
