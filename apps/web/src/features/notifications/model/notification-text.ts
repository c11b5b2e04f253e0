import type { Notification } from '@pantau/contracts';
import i18n from 'i18next';
import { placeText } from '../../../lib/place-text';

/** What happened, in the user's language: speed and limit, minutes stopped, the alarm's kind … */
export function notificationWhat(n: Notification, language = i18n.resolvedLanguage ?? 'en'): string | null {
  const t = i18n.getFixedT(language, 'notifications');
  switch (n.kind) {
    case 'overspeed':
      return n.speed === null
        ? null
        : n.speedLimit === null
          ? t('detail.speed', { speed: n.speed })
          : t('detail.overspeed', { speed: n.speed, limit: n.speedLimit });
    case 'overstop':
      if (n.minutes === null) return t('detail.stopped');
      return t(n.ongoing ? 'detail.overstopOngoing' : 'detail.overstop', { minutes: n.minutes });
    case 'overroute':
      return n.subject ? t('detail.overrouteOf', { route: n.subject }) : t('detail.overroute');
    case 'geofence_enter':
      return n.subject ? t('detail.geofenceEnterOf', { name: n.subject }) : t('detail.geofenceEnter');
    case 'geofence_exit':
      return n.subject ? t('detail.geofenceExitOf', { name: n.subject }) : t('detail.geofenceExit');
    case 'gps_lost':
      return n.minutes === null || n.ongoing
        ? t('detail.gpsLost')
        : t('detail.gpsLostFor', { minutes: n.minutes });
    case 'alarm':
      return t('detail.alarm', {
        alarm: n.alarm ? t(`alarms.${n.alarm}`, { defaultValue: n.alarm }) : t('alarms.general'),
      });
    default:
      return null;
  }
}

/** The notification's second line: what happened and where ("92 km/h (limit 80 km/h) · Tol Cipali KM ~101"). */
export function notificationDetail(n: Notification, language = i18n.resolvedLanguage ?? 'en'): string {
  const what = notificationWhat(n, language);
  const where = n.place ? placeText(n, '', language) : '';
  return [what, where].filter(Boolean).join(' · ');
}

/** Where a notification opens: its vehicle on the live map. */
export const notificationHref = (n: Notification): string =>
  n.kendaraanId === null ? '/map' : `/map?vehicle=${n.kendaraanId}`;
