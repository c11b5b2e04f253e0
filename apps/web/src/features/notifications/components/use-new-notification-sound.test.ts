import { describe, expect, it } from 'vitest';
import { testNotification } from '../../../lib/testing/test-notification';
import { newestLogId } from './use-new-notification-sound';

describe('newestLogId', () => {
  it('S-038 picks the highest logId of a { count, results } list, undefined when empty', () => {
    const at = '2026-11-22T00:00:00Z';
    expect(
      newestLogId({
        count: 3,
        results: [
          testNotification(7, { event: 'overstop', vehicle: 'B 1 A', timestamp: at }),
          testNotification(12, { event: 'overspeed', vehicle: 'B 2 A', timestamp: at }),
          testNotification(9, { event: 'other', vehicle: 'B 3 A', timestamp: at }),
        ],
      }),
    ).toBe(12);
    expect(newestLogId({ count: 0, results: [] })).toBeUndefined();
    expect(newestLogId(undefined)).toBeUndefined();
  });
});
