import { describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { testNotification } from '../../../lib/testing/test-notification';
import { notificationDetail, notificationHref } from './notification-text';

// Both languages' texts (the app loads the user's only).
await i18n.loadLanguages(['en', 'id']);

describe('notification text', () => {
  it('says what happened and where', () => {
    expect(notificationDetail(testNotification(1), 'en')).toBe(
      '92 km/h (limit 80 km/h) · Tol Cipali KM ~101',
    );
    expect(notificationDetail(testNotification(1), 'id')).toBe(
      '92 km/jam (batas 80 km/jam) · Tol Cipali KM ~101',
    );
    const stop = testNotification(2, {
      event: 'overstop',
      place: { kind: 'near', name: 'Cikarang', distanceKm: 3, km: null },
    });
    expect(notificationDetail(stop, 'en')).toBe('stopped 45 min · near Cikarang, 3 km');
    expect(notificationDetail({ ...stop, ongoing: true }, 'id')).toBe(
      'berhenti lebih dari 45 menit · dekat Cikarang, 3 km',
    );
    const sos = testNotification(3, { event: 'other', place: null });
    expect(notificationDetail(sos, 'en')).toBe('Alarm: SOS');
    expect(notificationDetail({ ...sos, alarm: 'powerCut' }, 'id')).toBe('Alarm: Listrik terputus');
    expect(notificationDetail({ ...sos, kind: 'gps_lost', alarm: null, minutes: 20 }, 'en')).toBe(
      'GPS lost for 20 min',
    );
    const crossing = testNotification(4, {
      kind: 'geofence_enter',
      place: { kind: 'at', name: 'Dealer Bandung', distanceKm: null, km: null },
    });
    expect(notificationDetail(crossing, 'en')).toBe('entered the geofence · at Dealer Bandung');
    expect(notificationDetail({ ...crossing, kind: 'geofence_exit' }, 'id')).toMatch(/^keluar geofence · /);
    // Which geofence or route, as the operator named it.
    expect(notificationDetail({ ...crossing, subject: 'QA Notify Zone' }, 'en')).toBe(
      'entered QA Notify Zone · at Dealer Bandung',
    );
    expect(notificationDetail({ ...crossing, kind: 'geofence_exit', subject: 'Pool Sunter' }, 'id')).toMatch(
      /^keluar Pool Sunter · /,
    );
    const off = testNotification(5, { kind: 'overroute', event: 'other', alarm: null, place: null });
    expect(notificationDetail({ ...off, subject: 'JKT-BDG (Jakarta – Bandung)' }, 'en')).toBe(
      'left route JKT-BDG (Jakarta – Bandung)',
    );
    expect(notificationDetail(off, 'id')).toBe('keluar rute');
  });

  it('opens the vehicle on the map', () => {
    expect(notificationHref(testNotification(1, { kendaraanId: 42 }))).toBe('/map?vehicle=42');
  });
});
