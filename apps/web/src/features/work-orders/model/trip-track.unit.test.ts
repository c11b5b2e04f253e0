import { describe, expect, it } from 'vitest';
import { thinTrack, tripPeriod } from './trip-track';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const base = {
  runDate: '2026-11-20T01:00:00.000Z',
  plannedEnd: '2026-11-21T01:00:00.000Z',
  outPoolAt: null,
  enterPoolAt: null,
  status: 'waiting' as const,
};

describe('tripPeriod', () => {
  it('runs from leaving the pool to entering one again', () => {
    expect(
      tripPeriod(
        { ...base, status: 'done', outPoolAt: '2026-11-20T01:30:00Z', enterPoolAt: '2026-11-20T09:00:00Z' },
        NOW,
      ),
    ).toEqual({ from: '2026-11-20T01:30:00.000Z', to: '2026-11-20T09:00:00.000Z' });
  });

  it('runs until now while the trip is under way, from the run date before the pool exit is known', () => {
    expect(tripPeriod(base, NOW)).toEqual({
      from: '2026-11-20T01:00:00.000Z',
      to: '2026-11-20T12:00:00.000Z',
    });
  });

  it('ends at the planned end for a cancelled trip that never came back', () => {
    expect(tripPeriod({ ...base, status: 'cancelled', plannedEnd: '2026-11-20T05:00:00.000Z' }, NOW)).toEqual(
      { from: '2026-11-20T01:00:00.000Z', to: '2026-11-20T05:00:00.000Z' },
    );
  });

  it('has no track before the run date', () => {
    expect(tripPeriod({ ...base, runDate: '2026-11-21T01:00:00.000Z' }, NOW)).toBeNull();
  });
});

describe('thinTrack', () => {
  it('keeps a short track whole', () => {
    expect(thinTrack([1, 2, 3], 5)).toEqual([1, 2, 3]);
  });
  it('keeps every n-th point and the last', () => {
    expect(thinTrack([0, 1, 2, 3, 4, 5, 6], 3)).toEqual([0, 3, 6]);
    expect(thinTrack([0, 1, 2, 3, 4, 5, 6, 7], 3)).toEqual([0, 3, 6, 7]);
  });
});
