import type { TrackingItem } from '@pantau/contracts';
import { DEFAULT_PAGE_SIZE } from '@pantau/contracts';
import { Table, Tag, Typography, type TableColumnsType, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Quantity } from '../../../components/quantity';
import { formatDateTime, formatRelative } from '../../../lib/date-time';
import { placeText } from '../../../lib/place-text';
import { useVehicleStatusLabels } from '../../../lib/vehicle-status';
import { sortKeys, type SortKey, type SummarySort } from '../model/summary-filter';
import { formatNumber } from '../../../lib/number-format';
import { MotionTag } from './motion-tag';

const number = (locale: string, value: number, digits: number) =>
  formatNumber(value, { digits, fixed: true }, locale);

interface SummaryTableProps {
  vehicles: TrackingItem[];
  loading: boolean;
  sort: SummarySort | null;
  onSort: (sort: SummarySort | null) => void;
}

/** The fleet table: sorted by the page (so the export follows the same order), 10 a page (S-063). */
export function SummaryTable({ vehicles, loading, sort, onSort }: SummaryTableProps) {
  const { t, i18n } = useTranslation('vehicleSummary');
  const { t: tc } = useTranslation();
  const status = useVehicleStatusLabels();
  const locale = i18n.resolvedLanguage === 'id' ? 'id' : 'en';
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const current = Math.min(page, Math.max(1, Math.ceil(vehicles.length / pageSize)));
  const sortable = (key: SortKey) => ({
    key,
    sorter: true,
    sortOrder: sort?.key === key ? sort.order : null,
  });
  const onOff = (v: boolean | null) =>
    v === null ? (
      <Tag>{status.onOff(null)}</Tag>
    ) : (
      <Tag color={v ? 'green' : 'default'}>{status.onOff(v)}</Tag>
    );

  const columns: TableColumnsType<TrackingItem> = [
    {
      ...sortable('plate'),
      title: t('columns.plate'),
      dataIndex: 'nomorPolisi',
      fixed: 'left',
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    { ...sortable('hull'), title: t('columns.hull'), dataIndex: 'nomorKendaraan' },
    {
      ...sortable('class'),
      title: t('columns.class'),
      dataIndex: 'vehicleClass',
      render: (c: TrackingItem['vehicleClass']) => (
        <Tag color={c === 'CC' ? 'blue' : 'gold'}>{status.vehicleClass(c)}</Tag>
      ),
    },
    {
      ...sortable('status'),
      title: t('columns.status'),
      dataIndex: 'motion',
      render: (m: TrackingItem['motion']) => <MotionTag motion={m} />,
    },
    {
      ...sortable('gps'),
      title: t('columns.gps'),
      dataIndex: 'gpsStatus',
      render: (g: TrackingItem['gpsStatus']) => onOff(g === 'on'),
    },
    { ...sortable('ignition'), title: t('columns.ignition'), dataIndex: 'ignition', render: onOff },
    {
      ...sortable('lastPosition'),
      title: t('columns.lastPosition'),
      ellipsis: true,
      width: 220,
      render: (_, v) => placeText(v),
    },
    {
      ...sortable('lastFix'),
      title: t('columns.lastFix'),
      dataIndex: 'fixTime',
      render: (v: string | null) =>
        v ? (
          <span className="fix-cell">
            <Quantity>{formatRelative(v, locale)}</Quantity>
            <Typography.Text type="secondary" className="nowrap">
              <Quantity>{formatDateTime(v, { seconds: true, zone: true })}</Quantity>
            </Typography.Text>
          </span>
        ) : (
          '—'
        ),
    },
    {
      ...sortable('speed'),
      title: t('columns.speed'),
      dataIndex: 'speed',
      align: 'right',
      render: (v: number) => <Quantity>{t('units.kmh', { value: number(locale, v, 0) })}</Quantity>,
    },
    {
      ...sortable('todayDistance'),
      title: t('columns.todayDistance'),
      dataIndex: 'todayDistanceKm',
      align: 'right',
      render: (v: number) => <Quantity>{t('units.km', { value: number(locale, v, 1) })}</Quantity>,
    },
    {
      ...sortable('todayEngineHours'),
      title: t('columns.todayEngineHours'),
      dataIndex: 'todayEngineHours',
      align: 'right',
      render: (v: number) => <Quantity>{t('units.hours', { value: number(locale, v, 1) })}</Quantity>,
    },
    {
      ...sortable('driver'),
      title: t('columns.driver'),
      render: (_, v) => v.driver?.name ?? <Typography.Text type="secondary">{t('noDriver')}</Typography.Text>,
    },
  ];

  const onChange: TableProps<TrackingItem>['onChange'] = (_p, _f, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = sortKeys.find((k) => k === s?.columnKey);
    onSort(key && s?.order ? { key, order: s.order } : null);
    setPage(1);
  };

  return (
    <Table<TrackingItem>
      rowKey="kendaraanId"
      size="middle"
      data-testid="summary-table"
      loading={loading}
      dataSource={vehicles}
      columns={columns}
      onChange={onChange}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('empty') }}
      showSorterTooltip={false}
      pagination={{
        current,
        pageSize,
        showSizeChanger: true,
        showTotal: (total) => tc('table.total', { count: total }),
        onChange: (next, size) => {
          setPage(size === pageSize ? next : 1);
          setPageSize(size);
        },
      }}
    />
  );
}
