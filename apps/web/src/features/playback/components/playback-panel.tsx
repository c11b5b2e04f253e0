import { ArrowLeftOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Empty, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../model/format';
import type { Period } from '../model/period';
import { usePlaybackStore } from '../model/playback-store';
import type { PlaybackStop, PlaybackTrip } from '../model/stops';
import type { PlaybackTrack } from '../model/track';
import { PeriodPicker } from './period-picker';
import { PlayerControls } from './player-controls';
import { SpeedLegend } from './speed-legend';
import { TripList } from './trip-list';
import { VehiclePicker } from './vehicle-picker';

interface PlaybackPanelProps {
  kendaraanId: number | null;
  period: Period;
  track: PlaybackTrack | undefined;
  log: UseQueryResult<PlaybackTrack>;
  trips: readonly PlaybackTrip[];
  stops: readonly PlaybackStop[];
  onChooseVehicle: (kendaraanId: number) => void;
  onChoosePeriod: (period: Period) => void;
  onJumpToTrip: (trip: PlaybackTrip) => void;
  onExit: () => void;
}

function LoadState({ log, kendaraanId }: Pick<PlaybackPanelProps, 'log' | 'kendaraanId'>) {
  const { t, i18n } = useTranslation('playback');
  const lang = i18n.resolvedLanguage ?? 'en';
  const progress = usePlaybackStore((s) => s.progress);
  if (kendaraanId === null) return <Typography.Text type="secondary">{t('chooseVehicle')}</Typography.Text>;
  if (log.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('failed')}
        action={
          <Button size="small" onClick={() => void log.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  if (log.isFetching || !log.data) {
    const total = progress?.total ?? null;
    const loaded = progress?.loaded ?? 0;
    return (
      <div data-testid="playback-progress">
        <Typography.Text type="secondary">
          <span dir="auto">
            {total === null
              ? t('loading')
              : t('loaded', { loaded: formatNumber(loaded, lang), total: formatNumber(total, lang) })}
          </span>
        </Typography.Text>
        <Progress
          percent={total ? Math.round((loaded / total) * 100) : 0}
          status="active"
          size="small"
          showInfo={false}
        />
      </div>
    );
  }
  if (log.data.count === 0) return <Empty description={t('empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return null;
}

/** The playback panel beside the map (a bottom sheet on a phone): choice, player and trips. */
export function PlaybackPanel(props: PlaybackPanelProps) {
  const { t, i18n } = useTranslation('playback');
  const lang = i18n.resolvedLanguage ?? 'en';
  const { kendaraanId, period, track, log, trips, stops } = props;
  // The player shows as soon as there is a track to play, while the rest of a long one loads too.
  const ready = !!track && track.count > 0;
  return (
    <section className="playback-panel" data-testid="playback-panel" data-map-overlay aria-label={t('title')}>
      <header className="playback-panel-header">
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          onClick={props.onExit}
          aria-label={t('exit')}
          title={t('exit')}
          data-testid="playback-exit"
        />
        <Typography.Title level={5} style={{ margin: 0, flex: 1 }}>
          {t('title')}
        </Typography.Title>
        {ready && (
          <Typography.Text type="secondary" className="playback-count" data-testid="playback-count">
            {t('points', { n: formatNumber(track.count, lang) })}
          </Typography.Text>
        )}
      </header>
      <div className="playback-panel-body">
        <VehiclePicker value={kendaraanId} onChange={props.onChooseVehicle} />
        <PeriodPicker period={period} onChange={props.onChoosePeriod} />
        <LoadState log={log} kendaraanId={kendaraanId} />
        {ready && (
          <>
            <PlayerControls track={track} stops={stops} />
            <SpeedLegend />
            <TripList trips={trips} onJump={props.onJumpToTrip} />
          </>
        )}
      </div>
    </section>
  );
}
