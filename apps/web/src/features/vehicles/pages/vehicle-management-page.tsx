import { DEFAULT_PAGE_SIZE, type VehicleRow } from '@pantau/contracts';
import { Alert, Card, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/error-message';
import { getStoredRole } from '../../../lib/role-storage';
import { useVehicles } from '../api/get-vehicles';

const date = (value: string | null) => (value ? dayjs(value).format('DD/MM/YYYY') : '—');

/** Read-only vehicle list of the chosen unit; adding and editing come in a later release. */
export function VehicleManagementPage({ title }: { title: string }) {
  const { t } = useTranslation('vehicles');
  const { t: tc } = useTranslation();
  const { t: te } = useTranslation('errors');
  const [params, setParams] = useSearchParams();
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useVehicles(getStoredRole()?.roleUnit, pageSize, (page - 1) * pageSize);

  return (
    <>
      <PageHeader title={title} intro={t('intro')} />
      {query.isError && (
        <Alert type="error" showIcon title={errorMessage(te, query.error)} style={{ marginBottom: 16 }} />
      )}
      <Card styles={{ body: { padding: 0 } }}>
        <Table<VehicleRow>
          rowKey="kendaraanId"
          data-testid="vehicles-table"
          size="middle"
          loading={query.isFetching && !query.isError}
          dataSource={query.data?.results ?? []}
          scroll={{ x: 960 }}
          locale={{ emptyText: tc('empty') }}
          pagination={{
            current: page,
            pageSize,
            total: query.data?.count ?? 0,
            showTotal: (total) => tc('table.total', { count: total }),
            onChange: (next, size) => {
              setPageSize(size);
              setParams(next > 1 ? { page: String(next) } : {}, { replace: true });
            },
          }}
          columns={[
            {
              key: 'vehicle',
              title: t('columns.vehicle'),
              render: (_, v) => (
                <Space orientation="vertical" size={0}>
                  <Typography.Text strong>{v.nomorPolisi}</Typography.Text>
                  <Typography.Text type="secondary">{v.nomorKendaraan}</Typography.Text>
                </Space>
              ),
            },
            {
              key: 'class',
              title: t('columns.class'),
              dataIndex: 'vehicleClass',
              render: (c: VehicleRow['vehicleClass']) => (
                <Tag color={c === 'CC' ? 'blue' : 'gold'}>{t(`classes.${c}`)}</Tag>
              ),
            },
            {
              key: 'type',
              title: t('columns.type'),
              render: (_, v) => [v.merk, v.tipe].filter(Boolean).join(' ') || '—',
            },
            {
              key: 'year',
              title: t('columns.year'),
              dataIndex: 'tahun',
              render: (y: number | null) => y ?? '—',
            },
            {
              key: 'pool',
              title: t('columns.pool'),
              dataIndex: 'pool',
              render: (p: string | null) => p ?? '—',
            },
            {
              key: 'fleet',
              title: t('columns.fleet'),
              render: (_, v) =>
                v.fleet.length ? v.fleet.map((f) => <Tag key={f.fleetId}>{f.fleetName}</Tag>) : '—',
            },
            {
              key: 'dedicated',
              title: t('columns.dedicated'),
              dataIndex: 'dedicated',
              render: (d: string | null) => d ?? t('pool'),
            },
            { key: 'stnk', title: t('columns.stnkDue'), dataIndex: 'stnkDue', render: date },
            { key: 'kir', title: t('columns.kirDue'), dataIndex: 'kirDue', render: date },
            {
              key: 'aktif',
              title: t('columns.status'),
              dataIndex: 'aktif',
              render: (a: boolean) => (
                <Tag color={a ? 'green' : 'default'}>{a ? t('active') : t('inactive')}</Tag>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
