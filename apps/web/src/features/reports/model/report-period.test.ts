import { describe, expect, it } from 'vitest';
import { daysOf, periodOf, periodParams, periodQuery } from './report-period';

const TZ = 'Asia/Jakarta';
// 2026-11-25 01:30 WIB (24 Nov 18:30 UTC).
const now = Date.parse('2026-11-24T18:30:00Z');

describe('report period', () => {
  it('works out quick picks in the user’s zone', () => {
    expect(daysOf('today', now, TZ)).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(daysOf('yesterday', now, TZ)).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(daysOf('last7', now, TZ)).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(daysOf('thisMonth', now, TZ)).toEqual({ from: '2026-11-01', to: '2026-11-25' });
    expect(daysOf('last30', now, TZ)).toEqual({ from: '2026-10-27', to: '2026-11-25' });
  });

  it('reads a custom period from the URL, and falls back to the last 7 days for a bad one', () => {
    const custom = new URLSearchParams('period=custom&from=2026-11-01&to=2026-11-10');
    expect(periodOf(custom, now, TZ)).toEqual({ pick: 'custom', from: '2026-11-01', to: '2026-11-10' });
    for (const bad of [
      'period=custom&from=2026-11-10&to=2026-11-01',
      'period=custom&from=2026-09-01&to=2026-11-10',
      'period=custom&from=nope&to=2026-11-10',
      'period=fortnight',
    ])
      expect(periodOf(new URLSearchParams(bad), now, TZ).pick, bad).toBe('last7');
  });

  it('turns days into the API’s instants, the last day included', () => {
    expect(periodQuery({ pick: 'custom', from: '2026-11-01', to: '2026-11-02' }, TZ)).toEqual({
      from: '2026-10-31T17:00:00.000Z',
      to: '2026-11-02T17:00:00.000Z',
    });
    expect(periodParams({ pick: 'last7' })).toEqual({ period: undefined, from: undefined, to: undefined });
    expect(periodParams({ pick: 'custom', from: 'a', to: 'b' })).toEqual({
      period: 'custom',
      from: 'a',
      to: 'b',
    });
  });
});
