import { PlusOutlined } from '@ant-design/icons';
import type { MarkerRow } from '@pantau/contracts';
import { Alert, Button, Empty, Input, List, Tag, Typography } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdministrator } from '../../../components/management/admin-only';
import { getStoredRole } from '../../../lib/role-storage';
import { useMarkers } from '../api/get-markers';
import { usePoiEditing } from '../model/poi-editing-store';

const PAGE = 50;

/** The POI list of the map's options: search by name; a click flies to the POI. Administrators add one. */
export function PoiList({ onChoose }: { onChoose: (marker: MarkerRow) => void }) {
  const { t } = useTranslation('geography');
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const query = useMarkers(getStoredRole()?.roleUnit, { Take: PAGE, search: deferred || undefined });
  const startNew = usePoiEditing((s) => s.startNew);
  return (
    <div className="poi-list" data-testid="poi-list">
      <div className="poi-list-header">
        <Typography.Text strong>{t('poi.title')}</Typography.Text>
        {isAdministrator() && (
          <Button size="small" icon={<PlusOutlined />} onClick={startNew} data-testid="poi-new">
            {t('poi.new')}
          </Button>
        )}
      </div>
      <Input.Search
        allowClear
        size="small"
        placeholder={t('poi.search')}
        aria-label={t('poi.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        data-testid="poi-search"
      />
      {query.isError && <Alert type="error" showIcon title={t('poi.loadFailed')} />}
      <Typography.Text type="secondary" className="geofence-list-count">
        {t('poi.count', { count: query.data?.count ?? 0 })}
      </Typography.Text>
      <List
        size="small"
        loading={query.isLoading}
        dataSource={query.data?.results ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('poi.empty')} /> }}
        renderItem={(m) => (
          <List.Item
            className="geofence-list-item"
            onClick={() => onChoose(m)}
            data-testid="poi-list-item"
            data-name={m.name}
          >
            <Typography.Text ellipsis className="geofence-list-name">
              {m.name}
            </Typography.Text>
            <Tag>{t(`poi.icon.${m.icon}`)}</Tag>
          </List.Item>
        )}
      />
    </div>
  );
}
