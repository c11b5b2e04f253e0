import { CloseOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { GeofenceRow } from '@pantau/contracts';
import { Alert, Button, Card, Descriptions, Empty, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdministrator } from '../../../components/management/admin-only';
import { formatDateTime, userTimeZoneName, zonedDayBound, zonedParts } from '../../../lib/date-time';
import { errorMessage } from '../../../lib/error-message';
import { useLiveStore } from '../../../lib/live/live-store';
import { getStoredRole } from '../../../lib/role-storage';
import { geofenceContains } from '../../../map/geofence-features';
import { useDeleteGeofence } from '../api/geofence-mutations';
import { useGeofenceVisits } from '../api/get-visits';
import { durationParts, visitSeconds } from '../model/visit-duration';
import { useApp } from '../../../lib/feedback';

/** The start of the user's today, as the visits query wants it. */
function startOfToday(): string {
  const zone = userTimeZoneName();
  const p = zonedParts(new Date(), zone);
  return new Date(zonedDayBound(`${p.year}-${p.month}-${p.day}`, 'start', zone)).toISOString();
}

interface Inside {
  kendaraanId: number;
  nomorPolisi: string;
  since: string | null;
}

/** The current time, moving on every 30 s, so the running durations of open visits grow while shown. */
function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * A clicked geofence: its name and category, the vehicles inside now (from the live positions, with
 * "inside since" from the open visit when the server has one) and today's visits. Administrators edit
 * or delete it from here.
 */
export function GeofenceDetails({
  geofence,
  onClose,
  onEdit,
}: {
  geofence: GeofenceRow;
  onClose: () => void;
  onEdit: (geofence: GeofenceRow) => void;
}) {
  const { t } = useTranslation('geography');
  const { t: te } = useTranslation('errors');
  const { message } = useApp();
  const [from] = useState(startOfToday);
  const visits = useGeofenceVisits(getStoredRole()?.roleUnit, geofence.polygonId, from);
  const vehicles = useLiveStore((s) => s.vehicles);
  const remove = useDeleteGeofence();
  const admin = isAdministrator();
  const now = useNow();
  const duration = (seconds: number) => {
    const { h, m } = durationParts(seconds);
    // A vehicle parked in its pool for a week reads "7 d 0 h", not "168 h 27 min".
    if (h >= 24) return t('details.durationDays', { d: Math.floor(h / 24), h: h % 24 });
    return h > 0 ? t('details.durationHours', { h, m }) : t('details.durationMinutes', { m });
  };

  const inside = useMemo((): Inside[] => {
    const open = new Map(
      (visits.data?.results ?? []).filter((v) => v.open).map((v) => [v.kendaraanId, v] as const),
    );
    const byId = new Map<number, Inside>();
    for (const v of vehicles)
      if (v.lat !== null && v.lon !== null && geofenceContains(geofence, [v.lon, v.lat]))
        byId.set(v.kendaraanId, {
          kendaraanId: v.kendaraanId,
          nomorPolisi: v.nomorPolisi,
          since: open.get(v.kendaraanId)?.enter ?? null,
        });
    for (const v of open.values())
      if (!byId.has(v.kendaraanId))
        byId.set(v.kendaraanId, { kendaraanId: v.kendaraanId, nomorPolisi: v.nomorPolisi, since: v.enter });
    return [...byId.values()];
  }, [vehicles, visits.data, geofence]);

  return (
    <Card
      size="small"
      className="geofence-details map-side-panel"
      data-testid="geofence-details"
      data-map-overlay
      title={
        <Space size={6}>
          <span className="geofence-swatch" style={{ background: geofence.color ?? '#1677ff' }} />
          <Typography.Text strong ellipsis data-testid="geofence-details-name">
            {geofence.polygonName}
          </Typography.Text>
        </Space>
      }
      extra={
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('details.close')}
          onClick={onClose}
        />
      }
    >
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('form.polygonCode')}>{geofence.polygonCode}</Descriptions.Item>
        <Descriptions.Item label={t('details.category')}>
          <Tag>{t(`category.${geofence.category}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('details.shape')}>{t(`shape.${geofence.polygonType}`)}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} className="geofence-details-heading">
        {t('details.insideNow')} ({inside.length})
      </Typography.Title>
      {inside.length === 0 ? (
        <Typography.Text type="secondary">{t('details.nobodyInside')}</Typography.Text>
      ) : (
        <List
          size="small"
          dataSource={inside}
          data-testid="geofence-inside"
          renderItem={(v) => (
            <List.Item data-testid="geofence-inside-vehicle">
              <span>{v.nomorPolisi}</span>
              {v.since && (
                <Typography.Text type="secondary" data-testid="geofence-inside-since">
                  {t('details.insideSince', {
                    time: formatDateTime(v.since),
                    duration: duration(visitSeconds({ enter: v.since, duration: 0, open: true }, now)),
                  })}
                </Typography.Text>
              )}
            </List.Item>
          )}
        />
      )}
      <Typography.Title level={5} className="geofence-details-heading">
        {t('details.today')}
      </Typography.Title>
      {visits.isError ? (
        <Alert type="warning" showIcon title={t('details.visitsFailed')} />
      ) : (
        <List
          size="small"
          loading={visits.isLoading}
          dataSource={visits.data?.results ?? []}
          data-testid="geofence-visits"
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('details.noVisits')} />,
          }}
          renderItem={(v) => (
            <List.Item data-testid="geofence-visit" data-open={v.open}>
              <span>{v.nomorPolisi}</span>
              <Typography.Text type="secondary">
                {formatDateTime(v.enter)} – {v.open ? t('details.open') : formatDateTime(v.exit)} ·{' '}
                {duration(visitSeconds(v, now))}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
      {admin && (
        <Space className="geofence-details-actions">
          <Button icon={<EditOutlined />} onClick={() => onEdit(geofence)} data-testid="geofence-edit">
            {t('actions.edit')}
          </Button>
          <Popconfirm
            title={t('actions.deleteConfirm', { name: geofence.polygonName })}
            description={t('actions.deleteHint')}
            okButtonProps={{ danger: true, 'data-testid': 'geofence-delete-confirm' }}
            okText={t('actions.delete')}
            onConfirm={() =>
              remove.mutateAsync(geofence.polygonId).then(
                () => {
                  void message.success(t('actions.deleted'));
                  onClose();
                },
                (error: unknown) => void message.error(errorMessage(te, error)),
              )
            }
          >
            <Button danger icon={<DeleteOutlined />} data-testid="geofence-delete">
              {t('actions.delete')}
            </Button>
          </Popconfirm>
        </Space>
      )}
    </Card>
  );
}
