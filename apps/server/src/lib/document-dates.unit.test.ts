import { describe, expect, it } from 'vitest';
import { documentDates } from './document-dates.js';

describe('document dates', () => {
  it('judge documents by the day in the unit’s zone, due soon up to 30 days on', () => {
    // 16:30 UTC on 21 November: still the 21st in Jakarta (WIB), already the 22nd in Jayapura (WIT).
    const now = new Date('2026-11-21T16:30:00Z');
    expect(documentDates(now, 'Asia/Jakarta')).toEqual({ today: '2026-11-21', dueBy: '2026-12-21' });
    expect(documentDates(now, 'Asia/Makassar')).toEqual({ today: '2026-11-22', dueBy: '2026-12-22' });
    expect(documentDates(now, 'Asia/Jayapura')).toEqual({ today: '2026-11-22', dueBy: '2026-12-22' });
    expect(documentDates(now)).toEqual(documentDates(now, 'Asia/Jakarta'));
  });
});
