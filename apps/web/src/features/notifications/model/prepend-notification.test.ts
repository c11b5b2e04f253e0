import type { Notification, NotificationList } from '@pantau/contracts';
import { describe, expect, it } from 'vitest';
import { testNotification } from '../../../lib/testing/test-notification';
import { prependNotification } from './prepend-notification';

const n = (logId: number): Notification => testNotification(logId);
const list: NotificationList = { count: 12, results: [n(12), n(11), n(10), n(9), n(8)] };

describe('prependNotification', () => {
  it('puts the new one on top, grows the total and keeps the list within its limit', () => {
    expect(prependNotification(list, n(13), 5)).toEqual({
      count: 13,
      results: [n(13), n(12), n(11), n(10), n(9)],
    });
    expect(prependNotification(list, n(13), 1000)?.results).toHaveLength(6);
  });

  it('changes nothing for one already listed, or a list not loaded yet', () => {
    expect(prependNotification(list, n(11), 5)).toBe(list);
    expect(prependNotification(undefined, n(13), 5)).toBeUndefined();
  });
});
