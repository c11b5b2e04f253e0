import { vehicleMotions, type VehicleMotion } from '@pantau/contracts';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useVehicleStatusLabels } from '../../../lib/vehicle-status';
import { motionColor } from '../../../map/motion-colors';

interface StatusCountsProps {
  counts: Record<VehicleMotion, number>;
  active: VehicleMotion | 'all';
  onSelect: (status: VehicleMotion | 'all') => void;
}

/** How many vehicles are in each status; a chip sets the status filter. */
export function StatusCounts({ counts, active, onSelect }: StatusCountsProps) {
  const { t } = useTranslation('vehicleSummary');
  const status = useVehicleStatusLabels();
  const total = vehicleMotions.reduce((sum, m) => sum + counts[m], 0);
  const chips: { key: VehicleMotion | 'all'; label: string; count: number; color: string }[] = [
    { key: 'all', label: t('counts.all'), count: total, color: '#1d4ed8' },
    ...vehicleMotions.map((m) => ({
      key: m,
      label: status.motion(m),
      count: counts[m],
      color: motionColor(m),
    })),
  ];
  return (
    <div className="motion-counts" data-testid="motion-counts">
      {chips.map((c) => (
        <button
          key={c.key}
          type="button"
          className={`motion-count${active === c.key ? ' is-active' : ''}`}
          style={{ '--motion-color': c.color } as CSSProperties}
          aria-pressed={active === c.key}
          data-testid={`motion-count-${c.key}`}
          data-count={c.count}
          onClick={() => onSelect(c.key)}
        >
          <span className="motion-count-dot" />
          <span className="motion-count-label">{c.label}</span>
          <span className="motion-count-value">{c.count}</span>
        </button>
      ))}
    </div>
  );
}
