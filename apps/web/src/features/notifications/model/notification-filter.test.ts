import type { Notification } from '@pantau/contracts';
import { describe, expect, it } from 'vitest';
import {
  countByEvent,
  filterNotifications,
  notificationFilterParams,
  parseNotificationFilter,
  type NotificationFilter,
} from './notification-filter';
import { testNotification } from '../../../lib/testing/test-notification';

const list: Notification[] = [
  testNotification(5, { event: 'overspeed', vehicle: 'B 9471 UEY', timestamp: '2026-11-22T02:00:00Z' }),
  testNotification(4, { event: 'overstop', vehicle: 'B 9471 UEY', timestamp: '2026-11-21T17:30:00Z' }), // 22 Nov 00:30 WIB
  testNotification(3, { event: 'other', vehicle: 'L 8123 AB', timestamp: '2026-11-21T16:30:00Z' }), // 21 Nov 23:30 WIB
  testNotification(2, { event: 'overspeed', vehicle: 'L 8123 AB', timestamp: '2026-11-20T03:00:00Z' }),
];
const none: NotificationFilter = { event: 'all', vehicle: '', from: null, to: null };
const ids = (ns: Notification[]) => ns.map((n) => n.logId);

describe('notification filters', () => {
  it.each([
    [none, [5, 4, 3, 2]],
    [{ ...none, event: 'overspeed' }, [5, 2]],
    [{ ...none, event: 'overstop' }, [4]],
    [{ ...none, event: 'other' }, [3]],
    [{ ...none, vehicle: 'l8123' }, [3, 2]],
    [{ ...none, vehicle: 'b 9471 u' }, [5, 4]],
    [{ ...none, from: '2026-11-22' }, [5, 4]],
    [{ ...none, to: '2026-11-21' }, [3, 2]],
    [{ ...none, from: '2026-11-21', to: '2026-11-21' }, [3]],
    [{ event: 'overspeed', vehicle: 'L 8123', from: '2026-11-20', to: '2026-11-22' }, [2]],
  ] as [NotificationFilter, number[]][])('%j keeps %j (days in WIB)', (filter, expected) => {
    expect(ids(filterNotifications(list, filter))).toEqual(expected);
  });

  it('round-trips through the URL and drops what it does not understand', () => {
    const filter: NotificationFilter = {
      event: 'overstop',
      vehicle: 'B 94',
      from: '2026-11-01',
      to: '2026-11-22',
    };
    expect(parseNotificationFilter(new URLSearchParams(notificationFilterParams(filter)))).toEqual(filter);
    expect(parseNotificationFilter(new URLSearchParams('event=crash&from=yesterday&to=2026-13-45'))).toEqual(
      none,
    );
  });

  it('counts each kind', () => {
    expect(countByEvent(list)).toEqual({ overspeed: 2, overstop: 1, other: 1 });
  });
});
