import type { Notification } from '@pantau/contracts';

/** A notification for tests: an over-speed of B 9471 UEY on the Cipali unless told otherwise. */
export function testNotification(logId: number, over: Partial<Notification> = {}): Notification {
  const event = over.event ?? 'overspeed';
  return {
    logId,
    event,
    vehicle: 'B 9471 UEY',
    timestamp: '2026-11-22T02:00:00Z',
    kendaraanId: 14,
    kind: event === 'other' ? 'alarm' : event,
    speed: event === 'overspeed' ? 92 : null,
    speedLimit: event === 'overspeed' ? 80 : null,
    minutes: event === 'overstop' ? 45 : null,
    ongoing: false,
    alarm: event === 'other' ? 'sos' : null,
    place: { kind: 'road', name: 'Tol Cipali', distanceKm: null, km: 101 },
    subject: null,
    ...over,
  };
}
