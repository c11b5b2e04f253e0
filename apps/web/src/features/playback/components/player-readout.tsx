import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-time';
import { placeText } from '../../../lib/place-text';
import { formatNumber } from '../model/format';
import { usePlaybackStore } from '../model/playback-store';
import { stopAt } from '../model/server-activity';
import type { PlaybackStop } from '../model/stops';
import type { PlaybackTrack } from '../model/track';

/** The fix at the index: its time in the user's zone, speed, ignition and place (the spec's latest log). */
export function PlayerReadout({ track, stops }: { track: PlaybackTrack; stops: readonly PlaybackStop[] }) {
  const { t, i18n } = useTranslation('playback');
  const lang = i18n.resolvedLanguage ?? 'en';
  const i = Math.min(
    usePlaybackStore((s) => s.indexData),
    track.count - 1,
  );
  const ignition = track.ignition[i];
  // Standing at a stop the server named: its place; else the coordinates.
  const place = stopAt(stops, i)?.place;
  return (
    <Descriptions column={1} size="small" className="playback-readout">
      <Descriptions.Item label={t('player.time')}>
        <span data-testid="playback-time">
          {formatDateTime(new Date(track.time[i]!), { seconds: true, zone: true })}
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={t('player.speedNow')}>
        <span data-testid="playback-speed-value">
          {t('player.kmh', { speed: formatNumber(track.speed[i]!, lang) })}
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={t('player.ignition')}>
        <Tag
          color={ignition === 1 ? 'green' : ignition === 0 ? 'default' : 'warning'}
          data-testid="playback-ignition"
        >
          {ignition === 1 ? t('player.on') : ignition === 0 ? t('player.off') : t('player.unknown')}
        </Tag>
      </Descriptions.Item>
      <Descriptions.Item label={t('player.place')}>
        <span data-testid="playback-place">{placeText({ place, lat: track.lat[i], lon: track.lon[i] })}</span>
      </Descriptions.Item>
    </Descriptions>
  );
}
