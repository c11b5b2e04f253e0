import type { Notification, NotificationEvent } from '@pantau/contracts';
import { placeOf } from '../places/place-names.js';

/**
 * Event kinds that notify (the bell, the live push and /notifications): violations, tracker alarms and
 * GPS loss. Routine events (ignition on/off, GPS restored) are stored for reports but would drown the
 * bell: a fleet of 60 switches its engines hundreds of times a day. Geofence crossings notify only for
 * the geofences marked "notify on enter / exit" (the event's `notify` attribute).
 */
export const NOTIFYING_EVENT_KINDS = ['overspeed', 'overstop', 'overroute', 'alarm', 'gps_lost'] as const;
export const GEOFENCE_EVENT_KINDS = ['geofence_enter', 'geofence_exit'] as const;
export const isNotifying = (kind: string, attributes?: Record<string, unknown> | null): boolean =>
  (NOTIFYING_EVENT_KINDS as readonly string[]).includes(kind) ||
  ((GEOFENCE_EVENT_KINDS as readonly string[]).includes(kind) && attributes?.notify === true);

/** Notifications are a view of events: overspeed and overstop keep their kind, everything else is `other`. */
const notificationEventOf = (kind: string): NotificationEvent =>
  kind === 'overspeed' || kind === 'overstop' ? kind : 'other';

/** An event row as the notification reads it (stored, or just found by the pipeline). */
export interface NotifyingEvent {
  eventId: number;
  vehicleId: number;
  kind: string;
  plate: string;
  startedAt: Date;
  endedAt: Date | null;
  open: boolean;
  maxValue: number | null;
  limitValue: number | null;
  lat: number | null;
  lon: number | null;
  attributes: Record<string, unknown> | null;
}

/** Minutes an interval lasted, or (still going on) the minutes it had to last to be one. */
function minutesOf(e: NotifyingEvent): number | null {
  if (e.kind !== 'overstop' && e.kind !== 'gps_lost') return null;
  if (e.open || !e.endedAt) return e.limitValue === null ? null : Math.round(e.limitValue);
  return Math.max(1, Math.round((e.endedAt.getTime() - e.startedAt.getTime()) / 60_000));
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** What a geofence crossing or an over route is about, as the operator named it. */
function subjectOf(e: NotifyingEvent): string | null {
  const a = e.attributes ?? {};
  if ((GEOFENCE_EVENT_KINDS as readonly string[]).includes(e.kind))
    return text(a.geofenceName) ?? text(a.geofenceCode);
  if (e.kind === 'overroute') {
    const code = text(a.routeCode);
    const name = text(a.routeName);
    return code && name && code !== name ? `${code} (${name})` : (code ?? name);
  }
  return null;
}

/**
 * The notification an event row shows as (`vehicle` is the plate): what happened (speed and limit,
 * minutes stopped, the alarm's kind) and where; the live channel pushes the same shape.
 */
export const notificationOf = (e: NotifyingEvent): Notification => {
  const alarm = e.attributes?.alarm;
  return {
    logId: e.eventId,
    event: notificationEventOf(e.kind),
    vehicle: e.plate,
    timestamp: e.startedAt.toISOString(),
    kendaraanId: e.vehicleId,
    kind: e.kind,
    speed: e.kind === 'overspeed' && e.maxValue !== null ? Math.round(e.maxValue) : null,
    speedLimit: e.kind === 'overspeed' && e.limitValue !== null ? Math.round(e.limitValue) : null,
    minutes: minutesOf(e),
    ongoing: e.open,
    alarm: e.kind === 'alarm' && typeof alarm === 'string' ? alarm : null,
    place:
      e.lat !== null && e.lon !== null
        ? placeOf(e.lat, e.lon, e.kind === 'overspeed' ? (e.maxValue ?? 0) : 0)
        : null,
    subject: subjectOf(e),
  };
};
