import { notificationEvents, type Notification, type NotificationEvent } from '@pantau/contracts';
import { zonedDayBound } from '../../../lib/date-time';

export interface NotificationFilter {
  event: NotificationEvent | 'all';
  vehicle: string;
  /** `YYYY-MM-DD` days in WIB, both inclusive. */
  from: string | null;
  to: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) =>
  value && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : null;

/** The filter kept in the URL: `?event=overspeed&vehicle=B 94&from=2026-11-01&to=2026-11-22`. */
export function parseNotificationFilter(params: URLSearchParams): NotificationFilter {
  const event = params.get('event');
  return {
    event: notificationEvents.includes(event as NotificationEvent) ? (event as NotificationEvent) : 'all',
    vehicle: params.get('vehicle') ?? '',
    from: day(params.get('from')),
    to: day(params.get('to')),
  };
}

export function notificationFilterParams(filter: NotificationFilter): Record<string, string> {
  const out: Record<string, string> = {};
  if (filter.event !== 'all') out.event = filter.event;
  if (filter.vehicle.trim()) out.vehicle = filter.vehicle;
  if (filter.from) out.from = filter.from;
  if (filter.to) out.to = filter.to;
  return out;
}

const squash = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/** Keeps the notifications of the kind, vehicle (plate, ignoring case and spaces) and WIB days asked for. */
export function filterNotifications(
  list: readonly Notification[],
  filter: NotificationFilter,
): Notification[] {
  const needle = squash(filter.vehicle);
  const from = filter.from ? zonedDayBound(filter.from, 'start') : -Infinity;
  const to = filter.to ? zonedDayBound(filter.to, 'end') : Infinity;
  return list.filter((n) => {
    if (filter.event !== 'all' && n.event !== filter.event) return false;
    if (needle && !squash(n.vehicle).includes(needle)) return false;
    const at = Date.parse(n.timestamp);
    return at >= from && at < to;
  });
}

/** How many of each kind, for the filter's labels. */
export function countByEvent(list: readonly Notification[]): Record<NotificationEvent, number> {
  const counts = Object.fromEntries(notificationEvents.map((e) => [e, 0])) as Record<
    NotificationEvent,
    number
  >;
  for (const n of list) counts[n.event] += 1;
  return counts;
}
