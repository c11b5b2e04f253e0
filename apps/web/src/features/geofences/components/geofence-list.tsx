import { geofenceCategories, type GeofenceCategory, type GeofenceRow } from '@pantau/contracts';
import { Alert, Empty, Input, List, Select, Tag, Typography } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getStoredRole } from '../../../lib/role-storage';
import { useGeofences } from '../api/get-geofences';

const PAGE = 50;

/** The geofence list of the map's options: search, a category filter; a click flies to the geofence. */
export function GeofenceList({ onChoose }: { onChoose: (geofence: GeofenceRow) => void }) {
  const { t } = useTranslation('geography');
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<GeofenceCategory | undefined>();
  const deferred = useDeferredValue(search.trim());
  const query = useGeofences(getStoredRole()?.roleUnit, {
    Take: PAGE,
    search: deferred || undefined,
    category,
  });
  return (
    <div className="geofence-list" data-testid="geofence-list">
      <div className="geofence-list-filters">
        <Input.Search
          allowClear
          size="small"
          placeholder={t('list.search')}
          aria-label={t('list.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          data-testid="geofence-search"
        />
        <Select
          allowClear
          size="small"
          placeholder={t('list.allCategories')}
          aria-label={t('list.allCategories')}
          value={category}
          onChange={setCategory}
          options={geofenceCategories.map((c) => ({ value: c, label: t(`category.${c}`) }))}
          data-testid="geofence-category-filter"
        />
      </div>
      {query.isError && <Alert type="error" showIcon title={t('list.loadFailed')} />}
      <Typography.Text type="secondary" className="geofence-list-count">
        {t('list.count', { count: query.data?.count ?? 0 })}
      </Typography.Text>
      <List
        size="small"
        loading={query.isLoading}
        dataSource={query.data?.results ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} /> }}
        renderItem={(g) => (
          <List.Item
            className="geofence-list-item"
            onClick={() => onChoose(g)}
            data-testid="geofence-list-item"
            data-code={g.polygonCode}
          >
            <span className="geofence-swatch" style={{ background: g.color ?? '#1677ff' }} />
            <span className="geofence-list-name">
              <Typography.Text ellipsis>{g.polygonName}</Typography.Text>
              <Typography.Text type="secondary" className="geofence-list-code">
                {g.polygonCode}
              </Typography.Text>
            </span>
            <Tag>{t(`category.${g.category}`)}</Tag>
          </List.Item>
        )}
      />
    </div>
  );
}
