import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-time';
import { placeText } from '../../../lib/place-text';
import { formatNumber, hoursMinutes } from '../model/format';
import type { PlaybackTrip } from '../model/stops';

function useDuration() {
  const { t } = useTranslation('playback');
  return (seconds: number) => {
    const { h, m } = hoursMinutes(seconds);
    return h > 0 ? t('duration.hm', { h, m }) : t('duration.m', { m });
  };
}

/** The period's trips with their summary; a click plays from a trip's start with the trip in view. */
export function TripList({
  trips,
  onJump,
}: {
  trips: readonly PlaybackTrip[];
  onJump: (trip: PlaybackTrip) => void;
}) {
  const { t, i18n } = useTranslation('playback');
  const lang = i18n.resolvedLanguage ?? 'en';
  const duration = useDuration();
  const kmh = (v: number) => t('player.kmh', { speed: formatNumber(v, lang) });
  const until = (trip: PlaybackTrip) => {
    const [start, end] = [formatDateTime(new Date(trip.start)), formatDateTime(new Date(trip.end))];
    // The same day: the end's time is enough.
    return start.slice(0, 10) === end.slice(0, 10) ? end.slice(11) : end;
  };
  return (
    <div className="playback-trips" data-testid="playback-trips">
      <Typography.Text strong>{t('trips.title')}</Typography.Text>
      {trips.length === 0 ? (
        <Empty description={t('trips.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ol className="playback-trip-list">
          {trips.map((trip) => (
            <li key={trip.start}>
              <button
                type="button"
                className="playback-trip"
                onClick={() => onJump(trip)}
                title={t('trips.jump')}
                data-testid="playback-trip"
                data-start-index={trip.startIndex}
              >
                <span className="playback-trip-when">
                  {formatDateTime(new Date(trip.start))} – {until(trip)}
                </span>
                {trip.startPlace && trip.endPlace && (
                  <span className="playback-trip-places" data-testid="playback-trip-places">
                    {placeText({ place: trip.startPlace })} → {placeText({ place: trip.endPlace })}
                  </span>
                )}
                <dl className="playback-trip-summary">
                  <dt>{t('trips.distance')}</dt>
                  <dd>{t('trips.km', { km: formatNumber(trip.distanceKm, lang, 1) })}</dd>
                  <dt>{t('trips.duration')}</dt>
                  <dd>{duration(trip.duration)}</dd>
                  <dt>{t('trips.driving')}</dt>
                  <dd>{duration(trip.drivingTime)}</dd>
                  <dt>{t('trips.idle')}</dt>
                  <dd>{duration(trip.idleTime)}</dd>
                  <dt>{t('trips.maxSpeed')}</dt>
                  <dd>{kmh(trip.maxSpeed)}</dd>
                  <dt>{t('trips.avgSpeed')}</dt>
                  <dd>{kmh(trip.avgSpeed)}</dd>
                  <dt>{t('trips.stops')}</dt>
                  <dd>{trip.stops}</dd>
                  <dt>{t('trips.violations')}</dt>
                  <dd className={trip.violations > 0 ? 'playback-trip-violations' : undefined}>
                    {trip.violations}
                  </dd>
                </dl>
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
