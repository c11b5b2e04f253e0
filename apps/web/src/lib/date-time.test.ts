import { describe, expect, it } from 'vitest';
import { afterEach } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatRelative,
  setUnitTimeZone,
  setUserTimeZone,
  userTimeZoneName,
  zonedDayBound,
} from './date-time';
import i18n from './i18n';

// Both languages' texts (the app loads the user's only).
await i18n.loadLanguages(['en', 'id']);

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

  describe("the user's zone, else the unit's, else WIB", () => {
    afterEach(() => {
      setUserTimeZone(null);
      setUnitTimeZone(null);
    });

    it('follows the unit when the user chose none, and the user when they did', () => {
      expect(userTimeZoneName()).toBe('Asia/Jakarta');
      setUnitTimeZone('Asia/Makassar');
      expect(formatDateTime('2026-11-21T16:30:00Z', { zone: true })).toBe('22/11/2026 00:30 WITA');
      setUserTimeZone('Asia/Jayapura');
      expect(formatDateTime('2026-11-21T16:30:00Z', { zone: true })).toBe('22/11/2026 01:30 WIT');
      setUserTimeZone(null);
      expect(userTimeZoneName()).toBe('Asia/Makassar');
    });

    it("bounds a day filter in the zone in effect, so WITA and WIT users' days start at their midnight", () => {
      setUnitTimeZone('Asia/Makassar');
      expect(new Date(zonedDayBound('2026-11-22', 'start')).toISOString()).toBe('2026-11-21T16:00:00.000Z');
      setUserTimeZone('Asia/Jayapura');
      expect(new Date(zonedDayBound('2026-11-22', 'start')).toISOString()).toBe('2026-11-21T15:00:00.000Z');
      expect(new Date(zonedDayBound('2026-11-22', 'end')).toISOString()).toBe('2026-11-22T15:00:00.000Z');
    });
  });

  it('one format: the zone name when asked, and a day alone as DD/MM/YYYY', () => {
    expect(formatDateTime('2026-11-21T18:30:15Z', { zone: true })).toBe('22/11/2026 01:30 WIB');
    expect(formatDateTime('2026-11-21T18:30:15Z', { zone: true, timeZone: 'Asia/Makassar' })).toBe(
      '22/11/2026 02:30 WITA',
    );
    expect(formatDate('2026-03-07')).toBe('07/03/2026');
    expect(formatDate(null)).toBe('—');
  });

  it('a fix from a tracker whose clock runs ahead reads "just now", never a future time', () => {
    const now = Date.parse('2026-11-22T03:00:00Z');
    expect(formatRelative('2026-11-22T03:00:20Z', 'en', now)).toBe('just now');
    expect(formatRelative('2026-11-22T03:10:00Z', 'en', now)).toBe('just now');
    expect(formatRelative('2026-11-22T03:10:00Z', 'id', now)).toBe('baru saja');
    expect(formatRelative('2026-11-22T02:59:50Z', 'en', now)).toBe('just now');
    expect(formatRelative('2026-11-22T02:55:00Z', 'en', now)).toBe('5 minutes ago');
    expect(formatRelative('2026-11-22T01:00:00Z', 'id', now)).toBe('2 jam yang lalu');
  });
});
