import { EditOutlined, StopOutlined } from '@ant-design/icons';
import { isActiveWorkOrder, type WorkOrderDetail } from '@pantau/contracts';
import { Alert, Button, Descriptions, Drawer, Skeleton, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Quantity } from '../../../components/quantity';
import { isApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/date-time';
import { errorMessage } from '../../../lib/error-message';
import { getStoredRole } from '../../../lib/role-storage';
import { useWorkOrder } from '../api/get-work-order';
import { CancelWorkOrderButton } from './cancel-work-order';
import { MilestoneTimeline } from './milestone-timeline';
import { TripMap } from './trip-map';
import { useAnomalyAt, useAnomalyText, useDuration } from './use-work-order-words';
import { WorkOrderStatusTag } from './work-order-tags';

/**
 * One SPK in a drawer (`?spk=<id>`): its fields, the milestone timeline, the times against the
 * standard, the anomalies in words and the trip on a small map. An Administrator edits, cancels and
 * corrects milestones from here. Full width on a phone.
 */
export function WorkOrderDrawer({
  spkId,
  administrator,
  onClose,
  onEdit,
}: {
  spkId: number | null;
  administrator: boolean;
  onClose: () => void;
  onEdit: (spkId: number) => void;
}) {
  const { t } = useTranslation('workOrders');
  const { t: te } = useTranslation('errors');
  const unitId = getStoredRole()?.roleUnit;
  const query = useWorkOrder(unitId, spkId);
  const spk = query.data;
  const canChange = administrator && spk !== undefined && isActiveWorkOrder(spk.status);

  return (
    <Drawer
      open={spkId !== null}
      onClose={onClose}
      size="min(720px, 100vw)"
      title={spk ? t('drawer.title', { spk: spk.spkNumber }) : ' '}
      destroyOnHidden
      data-testid="spk-drawer"
    >
      {query.isPending && spkId !== null && <Skeleton active />}
      {query.isError && (
        <Alert
          type="error"
          showIcon
          title={
            isApiError(query.error) && query.error.status === 404
              ? t('drawer.notFound')
              : errorMessage(te, query.error)
          }
        />
      )}
      {spk && (
        <WorkOrderDetails
          spk={spk}
          administrator={administrator}
          actions={
            canChange && (
              <Space wrap>
                <Button
                  icon={<EditOutlined />}
                  onClick={() => onEdit(spk.spkId)}
                  data-testid="spk-drawer-edit"
                >
                  {t('actions.edit')}
                </Button>
                <CancelWorkOrderButton spk={spk} icon={<StopOutlined />} />
              </Space>
            )
          }
        />
      )}
    </Drawer>
  );
}

function WorkOrderDetails({
  spk,
  administrator,
  actions,
}: {
  spk: WorkOrderDetail;
  administrator: boolean;
  /** The Administrator's buttons, beside the status (in the body: a phone's drawer header has no room). */
  actions: ReactNode;
}) {
  const { t } = useTranslation('workOrders');
  const duration = useDuration();
  const anomalyText = useAnomalyText();
  const anomalyAt = useAnomalyAt();
  const time = (iso: string | null) => <Quantity>{formatDateTime(iso, { zone: true })}</Quantity>;
  const over = (minutes: number | null) =>
    minutes !== null && minutes > 0 ? (
      <Typography.Text type="danger">
        <Quantity>{duration(minutes)}</Quantity>
      </Typography.Text>
    ) : (
      <Quantity>{duration(minutes)}</Quantity>
    );
  const load = spk.kosongan
    ? t('drawer.kosongan')
    : [spk.loadCount !== null ? t('drawer.loadCars', { count: spk.loadCount }) : null, spk.loadDescription]
        .filter(Boolean)
        .join(' · ') || '—';

  return (
    <div className="spk-details" data-testid="spk-details" data-spk={spk.spkNumber} data-status={spk.status}>
      <div className="spk-drawer-head">
        <Space wrap>
          <WorkOrderStatusTag status={spk.status} />
          <Typography.Text type="secondary">
            {spk.statusChangedBy
              ? t('drawer.statusChangedBy', {
                  actor: spk.statusChangedBy,
                  time: formatDateTime(spk.statusChangedAt, { zone: true }),
                })
              : t('drawer.statusChanged', { time: formatDateTime(spk.statusChangedAt, { zone: true }) })}
          </Typography.Text>
        </Space>
        {actions}
      </div>

      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        bordered
        title={t('drawer.details')}
        items={[
          { key: 'spk', label: t('columns.spkNumber'), children: spk.spkNumber },
          { key: 'dt', label: t('columns.dtNumber'), children: spk.dtNumber ?? '—' },
          {
            key: 'route',
            label: t('columns.route'),
            span: { xs: 1, sm: 2 },
            children: spk.trayekCode ? `${spk.trayekCode} · ${spk.trayekName ?? ''}` : '—',
          },
          { key: 'origin', label: t('columns.origin'), children: spk.originName ?? '—' },
          { key: 'destination', label: t('columns.destination'), children: spk.destinationName ?? '—' },
          { key: 'run', label: t('columns.runDate'), children: time(spk.runDate) },
          { key: 'end', label: t('drawer.plannedEnd'), children: time(spk.plannedEnd) },
          {
            key: 'vehicle',
            label: t('columns.vehicle'),
            children: `${spk.nomorPolisi} · ${spk.nomorKendaraan}`,
          },
          {
            key: 'drivers',
            label: t('drawer.drivers'),
            children: [spk.pengemudiName, spk.coPengemudiName].filter(Boolean).join(', ') || '—',
          },
          { key: 'customer', label: t('drawer.customer'), children: spk.customer ?? '—' },
          { key: 'load', label: t('drawer.load'), children: load },
          {
            key: 'monitored',
            label: t('columns.monitoredRoute'),
            children: spk.monitoredRoute ? t('yes') : t('no'),
          },
          { key: 'eta', label: t('drawer.etaToBase'), children: time(spk.etaToBase) },
          ...(spk.notes
            ? [{ key: 'notes', label: t('drawer.notes'), span: { xs: 1, sm: 2 }, children: spk.notes }]
            : []),
        ]}
      />

      <Typography.Title level={5} className="spk-section-title">
        {t('drawer.timeline')}
      </Typography.Title>
      <MilestoneTimeline spk={spk} administrator={administrator} />

      <Typography.Title level={5} className="spk-section-title">
        {t('drawer.times')}
      </Typography.Title>
      <table className="spk-times" data-testid="spk-times">
        <thead>
          <tr>
            <th />
            <th>{t('columns.standard')}</th>
            <th>{t('columns.actual')}</th>
            <th>{t('columns.over')}</th>
          </tr>
        </thead>
        <tbody>
          <tr data-testid="spk-times-lead">
            <th scope="row">{t('columns.leadTime')}</th>
            <td>
              <Quantity>{duration(spk.standardLeadMinutes)}</Quantity>
            </td>
            <td>
              <Quantity>{duration(spk.actualLeadMinutes)}</Quantity>
            </td>
            <td>{over(spk.overLeadMinutes)}</td>
          </tr>
          <tr data-testid="spk-times-circle">
            <th scope="row">{t('columns.circleTime')}</th>
            <td>
              <Quantity>{duration(spk.standardCircleMinutes)}</Quantity>
            </td>
            <td>
              <Quantity>{duration(spk.actualCircleMinutes)}</Quantity>
            </td>
            <td>{over(spk.overCircleMinutes)}</td>
          </tr>
        </tbody>
      </table>

      <Typography.Title level={5} className="spk-section-title">
        {t('drawer.anomalies')}
      </Typography.Title>
      {spk.anomalies.length === 0 ? (
        <Typography.Text type="secondary" data-testid="spk-no-anomalies">
          {t('drawer.noAnomalies')}
        </Typography.Text>
      ) : (
        <ul className="spk-anomaly-list" data-testid="spk-anomaly-list">
          {spk.anomalies.map((a, i) => (
            <li key={`${a.kind}-${i}`} data-kind={a.kind}>
              {anomalyText(a)}
              {a.at && <Typography.Text type="secondary"> {anomalyAt(a)}</Typography.Text>}
            </li>
          ))}
        </ul>
      )}

      <Typography.Title level={5} className="spk-section-title">
        {t('drawer.map')}
      </Typography.Title>
      <TripMap spk={spk} />
    </div>
  );
}
