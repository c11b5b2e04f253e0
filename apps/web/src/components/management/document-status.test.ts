import { describe, expect, it } from 'vitest';
import { documentState, formatDay, todayInUnitZone } from './document-status';

describe('document status', () => {
  it.each([
    ['2026-11-21', 'expired'],
    ['2026-11-22', 'due_soon'],
    ['2026-12-22', 'due_soon'],
    ['2026-12-23', 'valid'],
    [null, null],
    ['garbage', null],
  ])('%s on 2026-11-22 is %s', (day, state) => expect(documentState(day, '2026-11-22')).toBe(state));

  it('judges by the day in the unit’s zone and shows DD/MM/YYYY', () => {
    // 18:00 UTC is already the next day in Jakarta; 16:30 UTC is the next day in Jayapura (WIT) only.
    expect(todayInUnitZone(new Date('2026-11-21T18:00:00Z'), 'Asia/Jakarta')).toBe('2026-11-22');
    expect(todayInUnitZone(new Date('2026-11-21T16:30:00Z'), 'Asia/Jakarta')).toBe('2026-11-21');
    expect(todayInUnitZone(new Date('2026-11-21T16:30:00Z'), 'Asia/Jayapura')).toBe('2026-11-22');
    expect(formatDay('2027-03-05')).toBe('05/03/2027');
    expect(formatDay(null)).toBe('—');
  });
});
