import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import type { RouteRow } from '@pantau/contracts';
import { Alert, Button, Card, Empty, Input, List, Tag, Typography } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdministrator } from '../../../components/management/admin-only';
import { getStoredRole } from '../../../lib/role-storage';
import { useRouteSearch } from '../api/route-queries';
import { useRouteEditing } from '../model/route-editing-store';
import { formatNumber } from './route-format';

function RouteItem({ route, onChoose }: { route: RouteRow; onChoose: () => void }) {
  const { t, i18n } = useTranslation('routes');
  const lang = i18n.resolvedLanguage ?? 'en';
  return (
    <List.Item
      className="route-list-item"
      onClick={onChoose}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') onChoose();
      }}
      tabIndex={0}
      role="button"
      data-testid="route-list-item"
      data-code={route.code}
    >
      <span className="route-list-main">
        <Typography.Text ellipsis strong>
          {route.code} · {route.name}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis className="route-list-meta">
          {route.originName ?? t('details.noPlace')} → {route.destinationName ?? t('details.noPlace')}
        </Typography.Text>
        <Typography.Text type="secondary" className="route-list-meta">
          {t('list.meta', {
            km: formatNumber(route.distanceKm, lang, 1),
            width: formatNumber(route.corridorWidth, lang),
          })}
        </Typography.Text>
      </span>
      {route.custom && <Tag color="purple">{t('custom')}</Tag>}
    </List.Item>
  );
}

/** The unit's routes beside the map: search; a click shows the route on the map with its details. */
export function RouteList() {
  const { t } = useTranslation('routes');
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const query = useRouteSearch(getStoredRole()?.roleUnit, deferred);
  const { select, startNew, closeAll } = useRouteEditing();
  const admin = isAdministrator();

  return (
    <Card
      size="small"
      className="route-list map-side-panel"
      title={t('list.title')}
      data-testid="route-list"
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
      {admin && (
        <Button
          type="primary"
          size="small"
          icon={<PlusOutlined />}
          onClick={startNew}
          style={{ marginBottom: 8 }}
          data-testid="route-new"
        >
          {t('list.new')}
        </Button>
      )}
      <Input.Search
        allowClear
        size="small"
        placeholder={t('list.search')}
        aria-label={t('list.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        data-testid="route-search"
      />
      {query.isError && <Alert type="error" showIcon title={t('list.loadFailed')} />}
      <Typography.Text type="secondary" className="route-list-count">
        {t('list.count', { count: query.data?.count ?? 0 })}
      </Typography.Text>
      <List
        size="small"
        loading={query.isLoading}
        dataSource={query.data?.results ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} /> }}
        renderItem={(r) => <RouteItem route={r} onChoose={() => select(r.trayekId)} />}
      />
    </Card>
  );
}
