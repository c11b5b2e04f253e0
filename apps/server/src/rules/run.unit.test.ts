import type { Position } from '@pantau/protocols';
import { describe, expect, it, vi } from 'vitest';
import { perPosition, type SliceBase } from './per-position.js';
import { derivePositions, deriveTick } from './run.js';
import { at, fix, fixes, play, testContext, tick } from './test-tracks.js';
import type { Derivation, Found, RuleEvent } from './types.js';

const ctx = testContext();

const instant = (kind: RuleEvent['kind'], p: Position, attributes?: Record<string, unknown>): RuleEvent => ({
  kind,
  phase: 'instant',
  key: kind,
  startedAt: p.fixTime,
  endedAt: null,
  maxValue: null,
  limitValue: null,
  lat: p.lat,
  lon: p.lon,
  ...(attributes ? { attributes } : {}),
});

// ---- The two shapes a derivation takes ---------------------------------------------------------------

/** Written one position at a time: counts fixes, an event at every third; a tick says how many. */
interface CountSlice extends SliceBase {
  count: number;
}
const counting = perPosition<CountSlice>({
  name: 'counting',
  initial: { v: 1, lastMs: null, count: 0 },
  onPosition(slice, p) {
    const count = slice.count + 1;
    const next = { v: 1 as const, lastMs: p.fixTime.getTime(), count };
    return { slice: next, events: count % 3 === 0 ? [instant('alarm', p, { count })] : [] };
  },
  onTick: (slice) => ({ slice, events: [] }),
});

/** Written over the whole batch: the highest speed seen, an event each time it is beaten by 20 km/h. */
interface TopSpeedSlice {
  v: 1;
  topKmh: number;
}
const topSpeed: Derivation<TopSpeedSlice> = {
  name: 'topSpeed',
  initial: { v: 1, topKmh: 0 },
  onPositions(slice, positions) {
    let topKmh = slice.topKmh;
    const events: Found[] = [];
    for (const p of positions) {
      if (p.speedKmh < topKmh + 20) continue;
      topKmh = p.speedKmh;
      events.push({ event: instant('overspeed', p), at: p.fixTime.getTime() });
    }
    return { slice: topKmh === slice.topKmh ? slice : { v: 1, topKmh }, events };
  },
};

describe('a derivation written one position at a time (perPosition)', () => {
  it('sees each position once, in order, and stamps each event with the fix that found it', () => {
    const { found, state } = derivePositions([counting], {}, fixes(0, 50, 10), ctx);
    expect(found).toEqual([
      { event: expect.objectContaining({ startedAt: at(20) }), at: at(20).getTime() },
      { event: expect.objectContaining({ startedAt: at(50) }), at: at(50).getTime() },
    ]);
    expect(state).toEqual({ counting: { v: 1, lastMs: at(50).getTime(), count: 6 } });
  });

  it('skips positions older than its last one, and finds the same one by one as together', () => {
    const { state } = play([counting], fixes(0, 20, 10));
    const late = play([counting], [fix(5), fix(15)], ctx, state);
    expect(late).toEqual({ state, events: [] });
    expect(play([counting], fixes(0, 90, 10)).events).toHaveLength(3);
  });

  it('stamps what a tick finds with the tick time', () => {
    const ticking = perPosition<CountSlice>({
      ...counting,
      onPosition: (slice) => ({ slice, events: [] }),
      onTick: (slice, nowMs) => ({
        slice,
        events: [instant('gps_lost', fix((nowMs - at(0).getTime()) / 1000))],
      }),
    });
    expect(deriveTick([ticking], {}, at(60), ctx).found).toMatchObject([{ at: at(60).getTime() }]);
  });
});

describe('a derivation written over the whole batch', () => {
  it('runs once per batch and finds the same one by one as together', () => {
    const onPositions = vi.spyOn(topSpeed, 'onPositions');
    const track = [fix(0, { speedKmh: 30 }), fix(10, { speedKmh: 45 }), fix(20, { speedKmh: 55 })];
    expect(derivePositions([topSpeed], {}, track, ctx).found.map((f) => f.at)).toEqual([
      at(0).getTime(),
      at(20).getTime(),
    ]);
    expect(onPositions).toHaveBeenCalledTimes(1);
    onPositions.mockRestore();
    expect(play([topSpeed], [...track, tick(30), fix(40, { speedKmh: 80 })]).events).toHaveLength(3);
  });

  it('is caught by the test tracks when a batch changes what it finds', () => {
    const batchBound: Derivation = {
      name: 'batchBound',
      initial: { v: 1 },
      onPositions: (slice, positions) => ({
        slice,
        events: [{ event: instant('alarm', positions[0]!), at: positions[0]!.fixTime.getTime() }],
      }),
    };
    expect(() => play([batchBound], fixes(0, 20, 10))).toThrow(/found something else/);
  });
});

describe('the derivation list', () => {
  it('runs in list order, each over its own slice, and keeps the state object when nothing changed', () => {
    const { state, found } = derivePositions(
      [topSpeed, counting],
      {},
      fixes(0, 20, 10, { speedKmh: 30 }),
      ctx,
    );
    expect(Object.keys(state)).toEqual(['topSpeed', 'counting']);
    expect(found.map((f) => f.event.kind)).toEqual(['overspeed', 'alarm']);
    const again = derivePositions([topSpeed], state, [fix(30, { speedKmh: 35 })], ctx);
    expect(again.state).toBe(state);
    expect(deriveTick([topSpeed], state, at(60), ctx)).toEqual({ state, found: [] });
  });

  it('starts a derivation afresh when its stored slice has another version', () => {
    const stored = { counting: { v: 0, lastMs: at(100).getTime(), count: 99 }, other: { kept: true } };
    const { state } = derivePositions([counting], stored, [fix(0)], ctx);
    expect(state).toEqual({ counting: { v: 1, lastMs: at(0).getTime(), count: 1 }, other: { kept: true } });
  });

  it('keeps the slice of a derivation that throws and runs the others; without a handler, it throws', () => {
    const broken: Derivation = {
      name: 'broken',
      initial: { v: 1 },
      onPositions: () => {
        throw new Error('broken');
      },
    };
    const failures: string[] = [];
    const { state } = derivePositions([broken, counting], { broken: { v: 1, x: 1 } }, [fix(0)], ctx, (_, d) =>
      failures.push(d.name),
    );
    expect(failures).toEqual(['broken']);
    expect(state).toMatchObject({ broken: { v: 1, x: 1 }, counting: { count: 1 } });
    expect(() => derivePositions([broken], {}, [fix(0)], ctx)).toThrow('broken');
  });
});
