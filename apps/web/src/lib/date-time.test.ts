import { describe, expect, it } from 'vitest';
import { formatDateTime, zonedDayBound } from './date-time';

describe('date-time', () => {
  it('formats in WIB whatever the machine zone', () => {
    expect(formatDateTime('2026-11-21T18:30:15Z')).toBe('22/11/2026 01:30');
    expect(formatDateTime('2026-11-21T18:30:15Z', { seconds: true })).toBe('22/11/2026 01:30:15');
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
  });

  it('bounds a WIB day', () => {
    expect(new Date(zonedDayBound('2026-11-22', 'start')).toISOString()).toBe('2026-11-21T17:00:00.000Z');
    expect(new Date(zonedDayBound('2026-11-22', 'end')).toISOString()).toBe('2026-11-22T17:00:00.000Z');
  });
});
