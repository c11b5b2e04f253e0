import { describe, expect, it } from 'vitest';
import { dayBound } from '@pantau/contracts';
import { addMonths, monthSpan, recapMonthsOf, recapPeriod } from './recap-period';

describe('recap months', () => {
  it('adds months across years', () => {
    expect(addMonths('2025-11', 2)).toBe('2026-01');
    expect(addMonths('2026-01', -2)).toBe('2025-11');
    expect(addMonths('2026-01', 0)).toBe('2026-01');
  });

  it('counts both ends', () => {
    expect(monthSpan('2025-03', '2025-03')).toBe(1);
    expect(monthSpan('2025-11', '2026-10')).toBe(12);
  });

  it('keeps a period of 1 to 12 months from the URL, else the last three', () => {
    expect(recapMonthsOf('2025-02', '2025-03', '2026-11')).toEqual({ from: '2025-02', to: '2025-03' });
    expect(recapMonthsOf('2025-01', '2026-01', '2026-11')).toEqual({ from: '2026-09', to: '2026-11' });
    expect(recapMonthsOf('2025-04', '2025-03', '2026-11')).toEqual({ from: '2026-09', to: '2026-11' });
    expect(recapMonthsOf(undefined, 'x', '2026-01')).toEqual({ from: '2025-11', to: '2026-01' });
  });

  it('is the server’s period in the zone: first instant of from to the first of the month after to', () => {
    expect(
      recapPeriod({ from: '2025-02', to: '2025-03' }, (d) => dayBound(d, 'start', 'Asia/Jakarta')),
    ).toEqual({
      from: '2025-01-31T17:00:00.000Z',
      to: '2025-03-31T17:00:00.000Z',
    });
  });
});
