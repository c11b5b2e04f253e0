import { describe, expect, it } from 'vitest';
import { dayBound, effectiveTimeZone, localDay, localMidnight } from './time-zones.js';

describe('time zones', () => {
  it('counts the local day in WIB, WITA and WIT across midnight', () => {
    // 16:59:59Z is 23:59:59 WIB, 00:59:59 WITA, 01:59:59 WIT.
    expect(localDay(new Date('2026-11-24T16:59:59Z'), 'Asia/Jakarta')).toBe('2026-11-24');
    expect(localDay(new Date('2026-11-24T17:00:00Z'), 'Asia/Jakarta')).toBe('2026-11-25');
    expect(localDay(new Date('2026-11-24T15:59:59Z'), 'Asia/Makassar')).toBe('2026-11-24');
    expect(localDay(new Date('2026-11-24T16:00:00Z'), 'Asia/Makassar')).toBe('2026-11-25');
    expect(localDay(new Date('2026-11-24T14:59:59Z'), 'Asia/Jayapura')).toBe('2026-11-24');
    expect(localDay(new Date('2026-11-24T15:00:00Z'), 'Asia/Jayapura')).toBe('2026-11-25');
  });

  it('answers again for an earlier instant after a later one (the cached day is not sticky)', () => {
    expect(localDay(Date.parse('2026-11-25T10:00:00Z'), 'Asia/Jakarta')).toBe('2026-11-25');
    expect(localDay(Date.parse('2026-11-20T10:00:00Z'), 'Asia/Jakarta')).toBe('2026-11-20');
    expect(localDay(Date.parse('2026-11-25T16:59:59.999Z'), 'Asia/Jakarta')).toBe('2026-11-25');
  });

  it('answers each of several days asked in turn, more days than it keeps', () => {
    const days = ['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23'];
    for (let round = 0; round < 3; round++)
      for (const day of days) {
        expect(localDay(Date.parse(`${day}T16:59:59.999Z`), 'Asia/Jakarta')).toBe(day);
        expect(localMidnight(Date.parse(`${day}T05:00:00Z`), 'Asia/Jakarta')).toBe(
          Date.parse(`${day}T00:00:00+07:00`),
        );
      }
  });

  it('gives the day bounds of each zone', () => {
    expect(new Date(dayBound('2026-11-22', 'start', 'Asia/Jakarta')).toISOString()).toBe(
      '2026-11-21T17:00:00.000Z',
    );
    expect(new Date(dayBound('2026-11-22', 'end', 'Asia/Jakarta')).toISOString()).toBe(
      '2026-11-22T17:00:00.000Z',
    );
    expect(new Date(dayBound('2026-11-22', 'start', 'Asia/Makassar')).toISOString()).toBe(
      '2026-11-21T16:00:00.000Z',
    );
    expect(new Date(dayBound('2026-11-22', 'start', 'Asia/Jayapura')).toISOString()).toBe(
      '2026-11-21T15:00:00.000Z',
    );
    expect(new Date(dayBound('2026-12-31', 'end', 'Asia/Jayapura')).toISOString()).toBe(
      '2026-12-31T15:00:00.000Z',
    );
    expect(new Date(localMidnight(Date.parse('2026-11-22T15:30:00Z'), 'Asia/Jayapura')).toISOString()).toBe(
      '2026-11-22T15:00:00.000Z',
    );
  });

  it("takes the user's zone, else the unit's, else WIB", () => {
    expect(effectiveTimeZone('Asia/Jayapura', 'Asia/Makassar')).toBe('Asia/Jayapura');
    expect(effectiveTimeZone(null, 'Asia/Makassar')).toBe('Asia/Makassar');
    expect(effectiveTimeZone(null, undefined)).toBe('Asia/Jakarta');
  });
});
