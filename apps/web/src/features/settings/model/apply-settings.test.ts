import { describe, expect, it } from 'vitest';
import { formatDateTime, setUserTimeZone } from '../../../lib/date-time';
import { shownSettings } from './apply-settings';

const base = {
  language: 'en',
  timeZone: 'Asia/Jakarta',
  mapStyle: 'default',
  notificationSound: true,
} as const;

describe('user settings', () => {
  it('shows this browser’s language and sound with the stored zone and map style', () => {
    expect(
      shownSettings({ ...base, timeZone: 'Asia/Makassar' }, { language: 'id', notificationSound: false }),
    ).toEqual({ language: 'id', timeZone: 'Asia/Makassar', mapStyle: 'default', notificationSound: false });
  });

  it('times show in the user’s zone once set (WIT is WIB + 2 h)', () => {
    try {
      setUserTimeZone('Asia/Jayapura');
      expect(formatDateTime('2026-11-21T18:30:15Z')).toBe('22/11/2026 03:30');
    } finally {
      setUserTimeZone('Asia/Jakarta');
    }
    expect(formatDateTime('2026-11-21T18:30:15Z')).toBe('22/11/2026 01:30');
  });
});
