import { vehicleMotions } from '@pantau/contracts';
import { useTranslation } from 'react-i18next';
import { useVehicleStatusLabels } from '../../../lib/vehicle-status';
import { MOTION_COLORS } from '../../../map/motion-colors';

/** Colour key of the vehicle icons, with counts per motion. */
export function MotionLegend({ counts }: { counts: Record<string, number> }) {
  const { t } = useTranslation('map');
  const labels = useVehicleStatusLabels();
  return (
    <div className="motion-legend" data-testid="motion-legend" aria-label={t('legend.title')}>
      {vehicleMotions.map((m) => (
        <span key={m} className="motion-legend-item">
          <span className="motion-dot" style={{ background: MOTION_COLORS[m] }} />
          {labels.motion(m)}
          <span className="motion-count">{counts[m] ?? 0}</span>
        </span>
      ))}
    </div>
  );
}
