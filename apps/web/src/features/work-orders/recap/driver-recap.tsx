import type { driverRecapSortKeys } from '@pantau/contracts';
import { type DriverRecapRow } from '@pantau/contracts';
import { Alert, Table } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import type { Query } from '../../../lib/query-string';
import { useDriverRecap } from './recap-api';
import { formatNumber } from '../../../lib/number-format';

type SortKey = (typeof driverRecapSortKeys)[number];
const PAGE_SIZE = 10;
const km = (v: number) => formatNumber(v, { digits: 1 });

/** The driver recap: each driver's SPKs as driver 1 or 2, sorted and paged on the server, with totals. */
export function DriverRecapView({ unitId, query }: { unitId: number | undefined; query: Query }) {
  const { t } = useTranslation('workOrders');
  const { t: te } = useTranslation('errors');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<{ by: SortKey; dir: 'ascend' | 'descend' }>({
    by: 'spks',
    dir: 'descend',
  });
  const recap = useDriverRecap(unitId, {
    ...query,
    sortBy: sort.by,
    sortDir: sort.dir,
    Take: PAGE_SIZE,
    Skip: (page - 1) * PAGE_SIZE,
  });
  if (recap.isError) return <Alert type="error" showIcon title={errorMessage(te, recap.error)} />;
  const data = recap.data;
  const sorted = (key: SortKey) => ({
    key,
    sorter: true,
    sortOrder: sort.by === key ? sort.dir : null,
    align: 'right' as const,
  });
  return (
    <Table<DriverRecapRow>
      size="small"
      rowKey="pengemudiId"
      loading={recap.isFetching}
      dataSource={data?.results ?? []}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('recap.empty') }}
      data-testid="spk-recap-drivers"
      pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.count ?? 0, showSizeChanger: false }}
      onChange={(pagination, _filters, sorter) => {
        const s = sorter as SorterResult<DriverRecapRow>;
        const by = (s.columnKey as SortKey | undefined) ?? 'spks';
        const dir = s.order ?? 'descend';
        if (by !== sort.by || dir !== sort.dir) {
          setSort({ by, dir });
          setPage(1);
        } else setPage(pagination.current ?? 1);
      }}
      columns={[
        {
          ...sorted('name'),
          align: 'left',
          title: t('recap.driver'),
          fixed: 'left',
          render: (_, r) => `${r.name} (${r.employeeNumber})`,
        },
        { ...sorted('spks'), title: t('recap.spks'), render: (_, r) => r.spks },
        {
          key: 'seats',
          align: 'right',
          title: t('recap.asDriver1And2'),
          render: (_, r) => `${r.asDriver1} / ${r.asDriver2}`,
        },
        { ...sorted('done'), title: t('status.done'), render: (_, r) => r.done },
        { ...sorted('abnormal'), title: t('recap.withAnomaly'), render: (_, r) => r.abnormal },
        { ...sorted('over'), title: t('recap.over'), render: (_, r) => r.over },
        { ...sorted('actualHours'), title: t('recap.actualHours'), render: (_, r) => km(r.actualHours) },
        { ...sorted('distanceKm'), title: t('recap.distanceKm'), render: (_, r) => km(r.distanceKm) },
      ]}
      summary={() =>
        data && data.count > 0 ? (
          <Table.Summary.Row className="spk-recap-total">
            <Table.Summary.Cell index={0}>{t('recap.total')}</Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              {data.totals.spks}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              {`${data.totals.asDriver1} / ${data.totals.asDriver2}`}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              {data.totals.done}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} align="right">
              {data.totals.abnormal}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={5} align="right">
              {data.totals.over}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={6} align="right">
              {km(data.totals.actualHours)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={7} align="right">
              {km(data.totals.distanceKm)}
            </Table.Summary.Cell>
          </Table.Summary.Row>
        ) : null
      }
    />
  );
}
