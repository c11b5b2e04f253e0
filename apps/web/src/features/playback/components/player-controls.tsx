import {
  AimOutlined,
  CaretRightOutlined,
  PauseOutlined,
  StepBackwardOutlined,
  StepForwardOutlined,
} from '@ant-design/icons';
import { Button, Segmented, Slider, Space, Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-time';
import { multiplierOf, PLAY_MULTIPLIERS, playSpeedOf, stepIndex } from '../model/player';
import { usePlaybackStore } from '../model/playback-store';
import type { PlaybackStop } from '../model/stops';
import type { PlaybackTrack } from '../model/track';
import { PlayerReadout } from './player-readout';

/** The index slider (the spec's indexData): the only part of the panel that follows every step. */
function IndexSlider({ track }: { track: PlaybackTrack }) {
  const { t } = useTranslation('playback');
  const indexData = usePlaybackStore((s) => s.indexData);
  const setIndex = usePlaybackStore((s) => s.setIndex);
  return (
    <div data-testid="playback-slider" data-index={indexData}>
      <Slider
        min={0}
        max={Math.max(0, track.count - 1)}
        value={indexData}
        onChange={setIndex}
        tooltip={{
          formatter: (i) =>
            i === undefined ? '' : formatDateTime(new Date(track.time[i]!), { seconds: true }),
        }}
        aria-label={t('player.index', { index: indexData + 1, count: track.count })}
      />
    </div>
  );
}

/** Play, pause, step, scrub, speed and follow; then what the vehicle was doing at the index. */
export function PlayerControls({ track, stops }: { track: PlaybackTrack; stops: readonly PlaybackStop[] }) {
  const { t } = useTranslation('playback');
  const play = usePlaybackStore((s) => s.play);
  const playSpeed = usePlaybackStore((s) => s.playSpeed);
  const follow = usePlaybackStore((s) => s.follow);
  const { setPlay, setPlaySpeed, setFollow, setIndex } = usePlaybackStore.getState();
  const step = (delta: number) => {
    setPlay(false);
    setIndex(stepIndex(usePlaybackStore.getState().indexData, delta, track.count));
  };
  const togglePlay = () => {
    // Play from the start again once the end was reached.
    if (!play && usePlaybackStore.getState().indexData >= track.count - 1) setIndex(0);
    setPlay(!play);
  };

  return (
    <div
      className="playback-player"
      data-testid="playback-player"
      data-play={play}
      data-play-speed={playSpeed}
    >
      <div className="playback-buttons">
        <Space.Compact>
          <Tooltip title={t('player.back')}>
            <Button
              icon={<StepBackwardOutlined />}
              onClick={() => step(-1)}
              aria-label={t('player.back')}
              data-testid="playback-back"
            />
          </Tooltip>
          <Button
            type="primary"
            icon={play ? <PauseOutlined /> : <CaretRightOutlined />}
            onClick={togglePlay}
            aria-pressed={play}
            data-testid="playback-play"
          >
            {play ? t('player.pause') : t('player.play')}
          </Button>
          <Tooltip title={t('player.forward')}>
            <Button
              icon={<StepForwardOutlined />}
              onClick={() => step(1)}
              aria-label={t('player.forward')}
              data-testid="playback-forward"
            />
          </Tooltip>
        </Space.Compact>
        <Tooltip title={t('player.followHint')}>
          <label className="playback-follow">
            <AimOutlined />
            <span>{t('player.follow')}</span>
            <Switch
              size="small"
              checked={follow}
              onChange={setFollow}
              aria-label={t('player.follow')}
              data-testid="playback-follow"
            />
          </label>
        </Tooltip>
      </div>
      <Segmented
        block
        size="small"
        aria-label={t('player.speed')}
        value={multiplierOf(playSpeed)}
        options={PLAY_MULTIPLIERS.map((m) => ({
          value: m,
          label: <span data-testid={`playback-speed-${m}`}>×{m}</span>,
        }))}
        onChange={(m) => setPlaySpeed(playSpeedOf(m))}
      />
      <IndexSlider track={track} />
      <PlayerReadout track={track} stops={stops} />
    </div>
  );
}
