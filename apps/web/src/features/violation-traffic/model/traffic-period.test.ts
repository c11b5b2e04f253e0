import { describe, expect, it } from 'vitest';
import { customProblem, daysOf, mondayOf, periodOf, periodParams, periodQuery } from './traffic-period';

const WIB = 'Asia/Jakarta';
// Friday 27 November 2026, 10:00 WIB.
const NOW = Date.parse('2026-11-27T03:00:00Z');
const of = (query: string) => periodOf(new URLSearchParams(query), NOW, WIB);

describe('the period of Violation Traffic', () => {
  it('S-064 covers a week from Monday, a month, a year or custom days', () => {
    expect(mondayOf('2026-11-27')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-22')).toBe('2026-11-16');
    expect(daysOf('weekly', '2026-11-27')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(daysOf('monthly', '2026-02-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(daysOf('monthly', '2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(daysOf('yearly', '2028-06-01')).toEqual({ from: '2028-01-01', to: '2028-12-31' });
    expect(daysOf('custom', '2026-11-01', '2026-11-05')).toEqual({ from: '2026-11-01', to: '2026-11-05' });
    expect(daysOf('custom', '2026-11-01', null)).toBeNull();
  });

  it('reads this week when the URL asks for nothing', () => {
    expect(of('')).toEqual({ pick: 'weekly', from: '2026-11-23', to: '2026-11-29' });
  });

  it('reads a pick and its day from the URL', () => {
    expect(of('period=monthly&from=2026-10-17')).toEqual({
      pick: 'monthly',
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(of('period=custom&from=2026-11-01&to=2026-11-03')).toEqual({
      pick: 'custom',
      from: '2026-11-01',
      to: '2026-11-03',
    });
  });

  it('S-053 keeps a pick without days (or with bad ones) as no period', () => {
    expect(of('period=weekly')).toEqual({ pick: 'weekly', from: null, to: null });
    expect(of('period=custom&from=2026-11-01')).toEqual({ pick: 'custom', from: null, to: null });
    expect(of('period=custom&from=2026-11-05&to=2026-11-01')).toEqual({
      pick: 'custom',
      from: null,
      to: null,
    });
    expect(of('period=monthly&from=someday')).toEqual({ pick: 'monthly', from: null, to: null });
    expect(periodQuery({ pick: 'weekly', from: null, to: null }, WIB)).toBeNull();
  });

  it('refuses custom days backwards or longer than a year', () => {
    expect(customProblem('2026-11-05', '2026-11-01')).toBe('order');
    expect(customProblem('2026-01-01', '2026-12-31')).toBeNull();
    expect(customProblem('2025-01-01', '2026-01-02')).toBe('tooLong');
  });

  it('asks the API from the first day’s midnight to the end of the last, in the zone', () => {
    expect(periodQuery({ pick: 'weekly', from: '2026-11-23', to: '2026-11-29' }, WIB)).toEqual({
      from: '2026-11-22T17:00:00.000Z',
      to: '2026-11-29T17:00:00.000Z',
    });
    expect(periodParams({ pick: 'weekly', from: '2026-11-23', to: '2026-11-29' })).toEqual({
      period: 'weekly',
      from: '2026-11-23',
      to: undefined,
    });
  });
});
