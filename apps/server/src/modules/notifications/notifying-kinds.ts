/**
 * Event kinds that notify (the bell, the live push and /notifications): violations, tracker alarms and
 * GPS loss. Routine events (ignition on/off, GPS restored, geofence visits) are stored for reports but
 * would drown the bell: a fleet of 60 switches its engines hundreds of times a day.
 */
export const NOTIFYING_EVENT_KINDS = ['overspeed', 'overstop', 'overroute', 'alarm', 'gps_lost'] as const;
export const isNotifying = (kind: string): boolean =>
  (NOTIFYING_EVENT_KINDS as readonly string[]).includes(kind);
