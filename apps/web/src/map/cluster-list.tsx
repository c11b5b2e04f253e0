import { CloseOutlined } from '@ant-design/icons';
import type { TrackingItem } from '@pantau/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useVehicleStatusLabels } from '../lib/vehicle-status';
import { MOTION_COLORS } from './motion-colors';
import { MapPanel } from './map-panel';

/** Vehicles at one spot (a yard, or points on top of each other): where the list opens, in map pixels. */
export interface SpotVehicles {
  ids: number[];
  point: { x: number; y: number };
  /** The map's size then, to keep the list inside it. */
  size: { width: number; height: number };
}

const WIDTH = 240;
const MAX_HEIGHT = 260;

/**
 * The vehicles of a cluster whose members all sit at about one spot, as a list next to it: the map
 * cannot take them apart by zooming, so each is picked here (selecting it opens its drawer).
 */
export function ClusterList({
  spot,
  vehicles,
  onSelect,
  onClose,
}: {
  spot: SpotVehicles;
  vehicles: readonly TrackingItem[];
  onSelect: (kendaraanId: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('map');
  const labels = useVehicleStatusLabels();
  const sorted = [...vehicles].sort((a, b) =>
    a.nomorPolisi.localeCompare(b.nomorPolisi, undefined, { numeric: true }),
  );
  const { point, size } = spot;
  const left = Math.max(8, Math.min(point.x + 16, size.width - WIDTH - 8));
  const top = Math.max(8, Math.min(point.y - 24, size.height - MAX_HEIGHT - 8));
  return (
    <MapPanel
      className="cluster-list"
      bodyClassName="cluster-list-body"
      style={{ left, top, width: WIDTH }}
      title={t('clusterList.title', { count: sorted.length })}
      extra={
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('clusterList.close')}
          onClick={onClose}
          data-testid="cluster-list-close"
        />
      }
      testId="cluster-list"
    >
      <ul className="cluster-list-items">
        {sorted.map((v) => (
          <li key={v.kendaraanId}>
            <button
              type="button"
              className="cluster-list-item"
              data-testid="cluster-list-item"
              onClick={() => onSelect(v.kendaraanId)}
            >
              <span className="motion-dot" style={{ background: MOTION_COLORS[v.motion] }} />
              <strong>{v.nomorPolisi}</strong>
              <span className="cluster-list-meta">
                {v.nomorKendaraan} · {labels.motion(v.motion)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </MapPanel>
  );
}
