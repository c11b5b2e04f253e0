import { useTranslation } from 'react-i18next';
import { SPEED_BAND_COLORS, SPEED_BANDS } from '../model/speed-bands';
import { STOP_COLOR, VIOLATION_COLOR } from './playback-layer';

/** What the track's colours and marks mean. */
export function SpeedLegend() {
  const { t } = useTranslation('playback');
  const labels = SPEED_BANDS.map((low, b) => {
    const high = SPEED_BANDS[b + 1];
    return high === undefined ? t('legend.over', { speed: low }) : `${low}–${high}`;
  });
  return (
    <div className="playback-legend" data-testid="playback-legend">
      <span className="playback-legend-title">{t('legend.title')}</span>
      <span className="playback-legend-bands">
        {labels.map((label, b) => (
          <span key={label} className="playback-legend-item">
            <span className="playback-legend-line" style={{ background: SPEED_BAND_COLORS[b] }} />
            {label}
          </span>
        ))}
      </span>
      <span className="playback-legend-bands">
        <span className="playback-legend-item">
          <span className="playback-legend-dot" style={{ background: STOP_COLOR }} />
          {t('legend.stop')}
        </span>
        <span className="playback-legend-item">
          <span className="playback-legend-dot" style={{ background: VIOLATION_COLOR }} />
          {t('legend.overspeed')}
        </span>
        <span className="playback-legend-item">
          <span className="playback-legend-dot" style={{ background: '#f59e0b' }} />
          {t('legend.overstop')}
        </span>
      </span>
    </div>
  );
}
