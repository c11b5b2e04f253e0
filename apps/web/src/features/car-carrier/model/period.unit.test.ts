import { describe, expect, it } from 'vitest';
import { overDescription } from './lead-time';
import { lastWeek, monthOf, rangeOf, rangeParams, yearOf } from './period';

const words = { h: 'h', min: 'min', onTime: 'on time', over: 'over by {{time}}' };

describe('Car Carrier period in the URL', () => {
  it('S-054 no keys is the last seven days; cleared keys are no period', () => {
    expect(rangeOf(new URLSearchParams(''), '2026-11-27')).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    expect(lastWeek('2026-03-02')).toEqual({ from: '2026-02-24', to: '2026-03-02' });
    expect(rangeOf(new URLSearchParams(rangeParams(null)), '2026-11-27')).toBeNull();
    expect(rangeOf(new URLSearchParams('from=2026-11-02&to=2026-11-01'), '2026-11-27')).toBeNull();
    expect(rangeOf(new URLSearchParams('from=2026-11-01&to=2026-11-02'), '2026-11-27')).toEqual({
      from: '2026-11-01',
      to: '2026-11-02',
    });
  });
  it('S-058 a month and a year are read only when whole', () => {
    expect(monthOf('2026-11')).toBe('2026-11');
    expect(monthOf('2026-13')).toBeNull();
    expect(monthOf('')).toBeNull();
    expect(yearOf('2026')).toBe('2026');
    expect(yearOf('')).toBeNull();
  });
  it('S-055 a lead time is on time, over by hours and minutes, or unknown', () => {
    expect(overDescription(100, 120, 0, words)).toBe('on time');
    expect(overDescription(200, 120, 80, words)).toBe('over by 1 h 20 min');
    expect(overDescription(null, 120, null, words)).toBe('—');
  });
});
