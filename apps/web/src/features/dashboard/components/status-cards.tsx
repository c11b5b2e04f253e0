import {
  AimOutlined,
  CarOutlined,
  ClockCircleOutlined,
  DisconnectOutlined,
  InboxOutlined,
  PoweroffOutlined,
  SendOutlined,
  ThunderboltOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { DashboardGroupKey, DashboardSummary, TrackingItem } from '@pantau/contracts';
import { Skeleton } from 'antd';
import { useMemo, type ComponentType, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useVehicleStatusLabels,
  vehicleStatusGroupLabel,
  type VehicleStateGroup,
} from '../../../lib/vehicle-status';

/** The cards in reading order: fleet, GPS, ignition, then the order groups. */
const ORDER: DashboardGroupKey[] = [
  'allStates',
  'gpsOn',
  'gpsOff',
  'ignitionOn',
  'ignitionOff',
  'orderKosongan',
  'orderWaiting',
  'orderOnProgress',
  'orderAbnormal',
];

const look: Record<DashboardGroupKey, { color: string; Icon: ComponentType }> = {
  allStates: { color: '#1d4ed8', Icon: CarOutlined },
  gpsOn: { color: '#059669', Icon: AimOutlined },
  gpsOff: { color: '#64748b', Icon: DisconnectOutlined },
  ignitionOn: { color: '#16a34a', Icon: ThunderboltOutlined },
  ignitionOff: { color: '#dc2626', Icon: PoweroffOutlined },
  orderKosongan: { color: '#0891b2', Icon: InboxOutlined },
  orderWaiting: { color: '#d97706', Icon: ClockCircleOutlined },
  orderOnProgress: { color: '#7c3aed', Icon: SendOutlined },
  orderAbnormal: { color: '#e11d48', Icon: WarningOutlined },
};

interface StatusCardsProps {
  summary: DashboardSummary | undefined;
  /** The fleet's live state (for the vehicles of a group that never reported). */
  vehicles: readonly TrackingItem[];
  /** The group the Home status filter shows now. */
  active: DashboardGroupKey;
  /** Groups a card can select (every group with a filter option). */
  selectable: ReadonlySet<DashboardGroupKey>;
  onSelect: (group: DashboardGroupKey) => void;
}

/** The nine dashboard groups with their counts (S-047); a card with a filter option selects it. */
export function StatusCards({ summary, vehicles, active, selectable, onSelect }: StatusCardsProps) {
  const { t } = useTranslation('dashboard');
  const status = useVehicleStatusLabels();
  const neverReported = useMemo(
    () => new Set(vehicles.filter((v) => v.motion === 'nodata').map((v) => v.kendaraanId)),
    [vehicles],
  );
  return (
    <div className="status-cards" data-testid="status-cards">
      {ORDER.map((group) => {
        const { color, Icon } = look[group];
        const count = summary?.[group].count;
        const label =
          vehicleStatusGroupLabel(status, group) ??
          t(`groups.${group as Exclude<DashboardGroupKey, VehicleStateGroup>}`);
        const canSelect = selectable.has(group);
        // GPS off counts the vehicles that never reported too (GPS on and off split the fleet); the map
        // and Vehicle Summary show those as No data, so the card says how many of its count they are.
        const noData =
          group === 'gpsOff'
            ? (summary?.gpsOff.results.filter((id) => neverReported.has(id)).length ?? 0)
            : 0;
        const body = (
          <>
            <span className="status-card-head">
              <span className="status-card-icon" style={{ color, background: `${color}1a` }}>
                <Icon />
              </span>
              <span className="status-card-count">
                {count ?? <Skeleton.Button active size="small" style={{ width: 40, minWidth: 40 }} />}
              </span>
            </span>
            <span className="status-card-label">{label}</span>
            {noData > 0 && (
              <span className="status-card-note" data-testid="status-card-note">
                {t('ofWhichNoData', { count: noData, noData: status.motion('nodata') })}
              </span>
            )}
          </>
        );
        const common = {
          className: `status-card${active === group ? ' is-active' : ''}`,
          style: { '--status-color': color } as CSSProperties,
          'data-testid': `status-card-${group}`,
          'data-count': count ?? '',
        };
        return canSelect ? (
          <button
            key={group}
            type="button"
            {...common}
            aria-pressed={active === group}
            title={t('showGroup', { group: label })}
            onClick={() => onSelect(group)}
          >
            {body}
          </button>
        ) : (
          <div key={group} {...common}>
            {body}
          </div>
        );
      })}
    </div>
  );
}
