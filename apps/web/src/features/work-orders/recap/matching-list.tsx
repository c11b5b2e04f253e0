import type { UnbilledTrip, WorkOrderMatchRow } from '@pantau/contracts';
import { Alert, Descriptions, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-time';
import { errorMessage } from '../../../lib/error-message';
import type { Query } from '../../../lib/query-string';
import { useMatching } from './recap-api';
import { formatNumber } from '../../../lib/number-format';

const PAGE_SIZE = 10;
const km = (v: number) => formatNumber(v, { digits: 1 });

/** SPKs of a month with the trips recorded in their windows, and the trips that ran with no SPK. */
export function MatchingView({ unitId, query }: { unitId: number | undefined; query: Query }) {
  const { t } = useTranslation('workOrders');
  const { t: te } = useTranslation('errors');
  const [page, setPage] = useState(1);
  const [unbilledPage, setUnbilledPage] = useState(1);
  const matching = useMatching(unitId, {
    ...query,
    Take: PAGE_SIZE,
    Skip: (page - 1) * PAGE_SIZE,
    unbilledTake: PAGE_SIZE,
    unbilledSkip: (unbilledPage - 1) * PAGE_SIZE,
  });
  if (matching.isError) return <Alert type="error" showIcon title={errorMessage(te, matching.error)} />;
  const data = matching.data;
  return (
    <div data-testid="spk-recap-matching">
      {data && (
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 4 }}
          style={{ marginBottom: 12 }}
          items={[
            { key: 'spks', label: t('recap.spks'), children: data.totals.spks },
            {
              key: 'with',
              label: t('recap.withTrips'),
              children: `${data.totals.withTrips} (${t('recap.withoutTrips', { count: data.totals.withoutTrips })})`,
            },
            { key: 'km', label: t('recap.distanceKm'), children: km(data.totals.distanceKm) },
            {
              key: 'unbilled',
              label: t('recap.unbilled'),
              children: `${data.unbilled.count} · ${km(data.unbilled.distanceKm)} km`,
            },
          ]}
        />
      )}
      <Table<WorkOrderMatchRow>
        size="small"
        rowKey="spkId"
        loading={matching.isFetching}
        dataSource={data?.results ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('recap.empty') }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.count ?? 0, showSizeChanger: false }}
        onChange={(p) => setPage(p.current ?? 1)}
        columns={[
          { key: 'spk', title: t('columns.spkNumber'), fixed: 'left', render: (_, r) => r.spkNumber },
          { key: 'vehicle', title: t('columns.vehicle'), render: (_, r) => r.nomorPolisi },
          { key: 'status', title: t('columns.status'), render: (_, r) => t(`status.${r.status}`) },
          {
            key: 'window',
            title: t('recap.window'),
            render: (_, r) => (
              <span>
                {formatDateTime(r.windowStart)} – {formatDateTime(r.windowEnd)}{' '}
                {!r.windowFromPool.start && <Tag>{t('recap.planned')}</Tag>}
              </span>
            ),
          },
          {
            key: 'trips',
            title: t('recap.trips'),
            align: 'right',
            render: (_, r) => (r.trips.length ? r.trips.length : <Tag color="warning">0</Tag>),
          },
          { key: 'km', title: t('recap.distanceKm'), align: 'right', render: (_, r) => km(r.distanceKm) },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('recap.unbilledTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('recap.unbilledHelp')}</Typography.Paragraph>
      <Table<UnbilledTrip>
        size="small"
        rowKey="tripId"
        dataSource={data?.unbilled.results ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('recap.noUnbilled') }}
        data-testid="spk-recap-unbilled"
        pagination={{
          current: unbilledPage,
          pageSize: PAGE_SIZE,
          total: data?.unbilled.count ?? 0,
          showSizeChanger: false,
        }}
        onChange={(p) => setUnbilledPage(p.current ?? 1)}
        columns={[
          { key: 'vehicle', title: t('columns.vehicle'), fixed: 'left', render: (_, r) => r.nomorPolisi },
          { key: 'start', title: t('recap.start'), render: (_, r) => formatDateTime(r.start) },
          { key: 'end', title: t('recap.end'), render: (_, r) => formatDateTime(r.end) },
          { key: 'km', title: t('recap.distanceKm'), align: 'right', render: (_, r) => km(r.distanceKm) },
          { key: 'sites', title: t('recap.sites'), render: (_, r) => r.sites.join(', ') },
        ]}
      />
    </div>
  );
}
