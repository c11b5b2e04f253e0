import { HistoryOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PLAYBACK_PARAM, withoutPlayback } from '../model/playback-params';
import './playback-on-map.css';

// The player, its panel and the track come with the click that opens them: /map's first load stays light.
const PlaybackMode = lazy(() => import('./playback-mode').then((m) => ({ default: m.PlaybackMode })));

/**
 * Playback on the live map, rendered inside `<MapView>`: the button that opens it, and while
 * `?playback=` is in the URL (a vehicle's id, or empty to choose one) the player instead of the live fleet.
 */
export function PlaybackOnMap() {
  const { t } = useTranslation('playback');
  const [params, setParams] = useSearchParams();
  const open = params.has(PLAYBACK_PARAM);

  if (open)
    return (
      <Suspense fallback={null}>
        <PlaybackMode onExit={() => setParams((p) => withoutPlayback(p), { replace: false })} />
      </Suspense>
    );
  return (
    <Tooltip title={t('openHint')} placement="left">
      <Button
        className="playback-open-button"
        icon={<HistoryOutlined />}
        aria-label={t('open')}
        onClick={() =>
          setParams((p) => {
            p.set(PLAYBACK_PARAM, p.get('vehicle') ?? '');
            return p;
          })
        }
        data-testid="playback-open"
        data-map-overlay
      />
    </Tooltip>
  );
}
