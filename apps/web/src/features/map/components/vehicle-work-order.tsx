import { FileTextOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  currentWorkOrderQueryOptions,
  useRefreshOnOrderChanges,
  useWorkOrderKindLabel,
} from '../../../lib/api/current-work-orders';
import { getStoredRole } from '../../../lib/role-storage';
import { useWorkOrderLabels, WORK_ORDER_STATUS_COLORS } from '../../../lib/work-order-labels';

/** The vehicle's current SPK in its drawer: number, kind, route, status, customer, destination, next milestone. */
export function VehicleWorkOrder({ kendaraanId }: { kendaraanId: number }) {
  const { t } = useTranslation('map');
  const unitId = getStoredRole()?.roleUnit;
  const labels = useWorkOrderLabels();
  const kindLabel = useWorkOrderKindLabel(unitId);
  const { data: spk, isPending, isError } = useQuery(currentWorkOrderQueryOptions(unitId, kendaraanId));
  useRefreshOnOrderChanges();

  if (isPending || isError) return null;
  const title = (
    <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 4 }}>
      {t('spk.title')}
    </Typography.Text>
  );
  if (!spk)
    return (
      <div style={{ marginTop: 12 }} data-testid="vehicle-spk-none">
        {title}
        <Typography.Text type="secondary">{t('spk.none')}</Typography.Text>
      </div>
    );

  const route = [spk.trayekCode, spk.trayekName].filter(Boolean).join(' · ');
  return (
    <div style={{ marginTop: 12 }} data-testid="vehicle-spk" data-status={spk.status}>
      {title}
      <Descriptions column={1} size="small" bordered className="vehicle-info-list">
        <Descriptions.Item label={t('spk.number')}>
          <Link to={`/spk/${spk.kind}?spk=${spk.spkId}`} data-testid="vehicle-spk-link">
            <FileTextOutlined /> {spk.spkNumber}
          </Link>
          <Typography.Text type="secondary">
            {' · '}
            {kindLabel(spk.kind)}
            {spk.kosongan ? ` · ${labels.kosongan}` : ''}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('spk.status')}>
          <Tag color={WORK_ORDER_STATUS_COLORS[spk.status]} data-testid="vehicle-spk-status">
            {labels.status(spk.status)}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('spk.route')}>{route || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('spk.customer')}>{spk.customer ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('spk.destination')}>{spk.destinationName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('spk.next')}>
          <span data-testid="vehicle-spk-next">
            {spk.nextMilestone ? labels.milestone(spk.nextMilestone) : '—'}
          </span>
        </Descriptions.Item>
      </Descriptions>
    </div>
  );
}
