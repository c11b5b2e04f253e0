import { ArrowLeftOutlined, CloseOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { RouteRow } from '@pantau/contracts';
import { Alert, Button, Card, Descriptions, List, Popconfirm, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isAdministrator } from '../../../components/management/admin-only';
import { errorMessage } from '../../../lib/error-message';
import { getStoredRole } from '../../../lib/role-storage';
import { useDeleteRoute } from '../api/route-mutations';
import { useRoute, useRoutePath, useRoutePoints } from '../api/route-queries';
import { useRouteEditing } from '../model/route-editing-store';
import { formatNumber, hoursMinutes } from './route-format';
import { RouteVehicles } from './route-vehicles';
import { useApp } from '../../../lib/feedback';

function Duration({ minutes }: { minutes: number | null }) {
  const { t } = useTranslation('routes');
  if (minutes === null) return <Typography.Text type="secondary">{t('details.notSet')}</Typography.Text>;
  return <>{t('details.duration', hoursMinutes(minutes))}</>;
}

function Facts({ route }: { route: RouteRow }) {
  const { t, i18n } = useTranslation('routes');
  const lang = i18n.resolvedLanguage ?? 'en';
  return (
    <Descriptions column={1} size="small" bordered>
      <Descriptions.Item label={t('details.from')}>
        {route.originName ?? t('details.noPlace')}
      </Descriptions.Item>
      <Descriptions.Item label={t('details.to')}>
        {route.destinationName ?? t('details.noPlace')}
      </Descriptions.Item>
      <Descriptions.Item label={t('details.distance')}>
        <span data-testid="route-distance">
          {t('details.km', { km: formatNumber(route.distanceKm, lang, 1) })}
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={t('details.corridor')}>
        {t('details.metres', { m: formatNumber(route.corridorWidth, lang) })}
      </Descriptions.Item>
      <Descriptions.Item label={t('details.leadTime')}>
        <Duration minutes={route.leadTimeMinutes} />
      </Descriptions.Item>
      <Descriptions.Item label={t('details.circleTime')}>
        <Duration minutes={route.circleTimeMinutes} />
      </Descriptions.Item>
      <Descriptions.Item label={t('details.kind')}>
        {route.custom ? <Tag color="purple">{t('custom')}</Tag> : t('details.standard')}
      </Descriptions.Item>
      {route.notes && <Descriptions.Item label={t('details.notes')}>{route.notes}</Descriptions.Item>}
    </Descriptions>
  );
}

/** A route picked from the list: its facts, waypoints and vehicles; Administrators edit and delete it. */
export function RouteDetails({ trayekId }: { trayekId: number }) {
  const { t } = useTranslation('routes');
  const { t: te } = useTranslation('errors');
  const { message } = useApp();
  const unitId = getStoredRole()?.roleUnit;
  const route = useRoute(unitId, trayekId);
  const points = useRoutePoints(unitId, trayekId);
  const path = useRoutePath(unitId, trayekId);
  const { openList, closeAll, startEdit } = useRouteEditing();
  const remove = useDeleteRoute();
  const admin = isAdministrator();
  const r = route.data;

  return (
    <Card
      size="small"
      className="route-details map-side-panel"
      title={
        <Space size={4}>
          <Button
            type="text"
            size="small"
            icon={<ArrowLeftOutlined />}
            aria-label={t('details.back')}
            onClick={openList}
            data-testid="route-details-back"
          />
          <span data-testid="route-details-title">{r ? `${r.code} · ${r.name}` : t('details.title')}</span>
        </Space>
      }
      data-testid="route-details"
      data-trayek-id={trayekId}
      data-map-overlay
      extra={
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('close')}
          onClick={closeAll}
        />
      }
    >
      {route.isError && <Alert type="error" showIcon title={errorMessage(te, route.error)} />}
      {!r && route.isLoading && <Spin />}
      {r && (
        <>
          <Facts route={r} />
          <Typography.Title level={5} className="route-section-heading">
            {t('details.waypoints')}
          </Typography.Title>
          <List
            size="small"
            loading={points.isLoading}
            dataSource={points.data?.results ?? []}
            locale={{ emptyText: t('details.noWaypoints') }}
            renderItem={(p, i) => (
              <List.Item data-testid="route-waypoint-item">
                {i + 1}. {p.name ?? `${p.position[1].toFixed(5)}, ${p.position[0].toFixed(5)}`}
              </List.Item>
            )}
          />
          <Typography.Title level={5} className="route-section-heading">
            {t('vehicles.title')}
          </Typography.Title>
          <RouteVehicles route={r} />
          {admin && (
            <Space wrap style={{ marginTop: 12 }}>
              <Button
                size="small"
                icon={<EditOutlined />}
                disabled={!path.data}
                onClick={() => path.data && startEdit(r, path.data.path)}
                data-testid="route-edit"
              >
                {t('details.edit')}
              </Button>
              <Popconfirm
                title={t('details.deleteConfirm', { name: r.name })}
                description={t('details.deleteHint')}
                okButtonProps={{ danger: true, 'data-testid': 'route-delete-confirm' }}
                okText={t('details.delete')}
                onConfirm={() =>
                  remove.mutateAsync(r.trayekId).then(
                    () => {
                      void message.success(t('details.deleted'));
                      openList();
                    },
                    (error: unknown) => void message.error(errorMessage(te, error)),
                  )
                }
              >
                <Button size="small" danger icon={<DeleteOutlined />} data-testid="route-delete">
                  {t('details.delete')}
                </Button>
              </Popconfirm>
            </Space>
          )}
        </>
      )}
    </Card>
  );
}
