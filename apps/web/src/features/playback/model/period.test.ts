import { describe, expect, it } from 'vitest';
import { periodFromParams, periodProblem, quickPeriod, zonedWallTime } from './period';

const now = Date.parse('2026-11-20T03:30:00Z'); // 10:30 WIB

describe('quickPeriod', () => {
  it('answers today, yesterday and the last 24 hours in the user zone', () => {
    expect(quickPeriod('today', now, 'Asia/Jakarta')).toEqual({
      kind: 'today',
      from: '2026-11-19T17:00:00.000Z',
      to: '2026-11-20T03:30:00.000Z',
    });
    expect(quickPeriod('yesterday', now, 'Asia/Jakarta')).toEqual({
      kind: 'yesterday',
      from: '2026-11-18T17:00:00.000Z',
      to: '2026-11-19T17:00:00.000Z',
    });
    expect(quickPeriod('last24h', now, 'Asia/Jayapura').from).toBe('2026-11-19T03:30:00.000Z');
  });
});

describe('periodProblem', () => {
  it('refuses an end before the start and more than 31 days', () => {
    expect(periodProblem('2026-11-02T00:00:00Z', '2026-11-01T00:00:00Z')).toBe('order');
    expect(periodProblem('2026-10-01T00:00:00Z', '2026-11-02T00:00:00Z')).toBe('tooLong');
    expect(periodProblem('2026-10-02T00:00:00Z', '2026-11-02T00:00:00Z')).toBeNull();
  });
});

describe('periodFromParams', () => {
  it('reads a custom period from the URL and falls back to the last 24 hours', () => {
    const ok = new URLSearchParams('period=custom&from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z');
    expect(periodFromParams(ok, now, 'Asia/Jakarta').kind).toBe('custom');
    const bad = new URLSearchParams('period=custom&from=2026-09-01T00:00:00Z&to=2026-11-02T00:00:00Z');
    expect(periodFromParams(bad, now, 'Asia/Jakarta').kind).toBe('last24h');
  });
});

describe('zonedWallTime', () => {
  it('reads a picked time in the user zone', () => {
    expect(zonedWallTime('2026-11-20T10:30', 'Asia/Jakarta')).toBe('2026-11-20T03:30:00.000Z');
    expect(zonedWallTime('2026-11-20T00:15', 'Asia/Jayapura')).toBe('2026-11-19T15:15:00.000Z');
  });
});
