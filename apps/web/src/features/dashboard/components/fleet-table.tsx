import { SearchOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, type WorkOrderKind, type WorkOrderStatus } from '@pantau/contracts';
import { Input, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRelative } from '../../../lib/date-time';
import { placeText } from '../../../lib/place-text';
import { useVehicleStatusLabels } from '../../../lib/vehicle-status';
import {
  DRIVER_STATUS_COLORS,
  useWorkOrderLabels,
  WORK_ORDER_STATUS_COLORS,
} from '../../../lib/work-order-labels';
import { matchesPlate, type FleetRow } from '../model/fleet-rows';

const text = (a: string | null, b: string | null) => (a ?? '').localeCompare(b ?? '');
const time = (v: string | null) => (v ? Date.parse(v) : -Infinity);
const rank = (v: boolean | null) => (v === true ? 2 : v === false ? 1 : 0);
/** Sorting by the SPK's status: most in need of attention last when ascending. */
const STATUS_RANK: Record<WorkOrderStatus | 'none', number> = {
  none: 0,
  done: 0,
  cancelled: 0,
  waiting: 1,
  on_progress: 2,
  abnormal: 3,
};

/** A time in the table: the user's zone, with "in 2 hours" / "3 hours ago" on hover. */
function TimeCell({ value, locale, hint }: { value: string | null; locale: string; hint?: string }) {
  if (!value) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Tooltip title={hint ? `${hint} · ${formatRelative(value, locale)}` : formatRelative(value, locale)}>
      <bdi dir="ltr" className="nowrap">
        {formatDateTime(value)}
      </bdi>
    </Tooltip>
  );
}

interface FleetTableProps {
  rows: FleetRow[];
  /** The unit's label of an SPK kind. */
  kindLabel: (kind: WorkOrderKind) => string;
  loading: boolean;
  selectedId: number | null;
  onSelect: (row: FleetRow) => void;
}

/** The dashboard's vehicle table with the spec's columns (S-050), 10 a page (S-063), search by plate. */
export function FleetTable({ rows, kindLabel, loading, selectedId, onSelect }: FleetTableProps) {
  const { t, i18n } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const status = useVehicleStatusLabels();
  const order = useWorkOrderLabels();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const shown = useMemo(() => rows.filter((r) => matchesPlate(r, search)), [rows, search]);
  const locale = i18n.resolvedLanguage === 'id' ? 'id' : 'en';
  // Live updates and filters shrink the list; never sit on a page past its end.
  const current = Math.min(page, Math.max(1, Math.ceil(shown.length / pageSize)));

  const columns: TableColumnsType<FleetRow> = [
    {
      key: 'plate',
      title: t('columns.plate'),
      dataIndex: 'nomorPolisi',
      fixed: 'left',
      sorter: (a, b) => text(a.nomorPolisi, b.nomorPolisi),
      render: (_, r) => (
        <span className="plate-cell">
          <Typography.Text strong>{r.nomorPolisi}</Typography.Text>
          <Typography.Text type="secondary">{r.nomorKendaraan}</Typography.Text>
        </span>
      ),
    },
    {
      key: 'base',
      title: t('columns.base'),
      dataIndex: 'pool',
      sorter: (a, b) => text(a.pool, b.pool),
      render: (v: string | null) => v ?? '—',
    },
    {
      key: 'dedicated',
      title: t('columns.dedicated'),
      dataIndex: 'dedicated',
      sorter: (a, b) => text(a.dedicated, b.dedicated),
      render: (v: string | null) => v ?? <Typography.Text type="secondary">{t('pool')}</Typography.Text>,
    },
    {
      key: 'type',
      title: t('columns.type'),
      dataIndex: 'tipe',
      sorter: (a, b) => text(a.tipe, b.tipe),
      render: (v: string | null) => v ?? '—',
    },
    {
      key: 'gpsStatus',
      title: t('columns.gpsStatus'),
      dataIndex: 'gpsStatus',
      sorter: (a, b) => text(a.gpsStatus, b.gpsStatus),
      render: (v: FleetRow['gpsStatus']) =>
        v === null ? (
          <Tag>{status.gps(null)}</Tag>
        ) : (
          <Tag color={v === 'on' ? 'green' : 'default'}>{status.onOff(v === 'on')}</Tag>
        ),
    },
    {
      key: 'engineStatus',
      title: t('columns.engineStatus'),
      dataIndex: 'ignition',
      sorter: (a, b) => rank(a.ignition) - rank(b.ignition),
      render: (v: boolean | null) =>
        v === null ? (
          <Tag>{status.onOff(null)}</Tag>
        ) : (
          <Tag color={v ? 'green' : 'red'}>{status.onOff(v)}</Tag>
        ),
    },
    {
      key: 'ccrStatus',
      title: t('columns.ccrStatus'),
      sorter: (a, b) => STATUS_RANK[a.order?.status ?? 'none'] - STATUS_RANK[b.order?.status ?? 'none'],
      render: (_, r) =>
        r.order ? (
          <Tooltip title={`SPK ${r.order.spkNumber}${r.order.kosongan ? ` · ${order.kosongan}` : ''}`}>
            <span className="order-status nowrap" data-testid="order-status" data-status={r.order.status}>
              <Typography.Text type="secondary">{kindLabel(r.order.kind)}</Typography.Text>{' '}
              <Tag color={WORK_ORDER_STATUS_COLORS[r.order.status]}>{order.status(r.order.status)}</Tag>
            </span>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary" data-testid="order-status" data-status="none">
            {order.none}
          </Typography.Text>
        ),
    },
    {
      key: 'driverStatus',
      title: t('columns.driverStatus'),
      sorter: (a, b) => text(a.driverStatus, b.driverStatus) || text(a.driver, b.driver),
      render: (_, r) => (
        <span className="driver-status nowrap" data-testid="driver-status" data-status={r.driverStatus}>
          <Tag color={DRIVER_STATUS_COLORS[r.driverStatus]}>{order.driverStatus(r.driverStatus)}</Tag>
          {r.driver ?? <Typography.Text type="secondary">{t('driver.none')}</Typography.Text>}
        </span>
      ),
    },
    {
      key: 'date',
      title: t('columns.date'),
      dataIndex: 'fixTime',
      sorter: (a, b) => time(a.fixTime) - time(b.fixTime),
      render: (v: string | null) =>
        v ? (
          <Tooltip title={formatRelative(v, locale)}>
            <bdi dir="ltr" className="nowrap">
              {formatDateTime(v)}
            </bdi>
          </Tooltip>
        ) : (
          '—'
        ),
    },
    {
      key: 'location',
      title: t('columns.location'),
      dataIndex: 'location',
      sorter: (a, b) => text(a.location, b.location),
      ellipsis: true,
      width: 200,
      render: (_, r) => placeText(r),
    },
    {
      key: 'departure',
      title: t('columns.departure'),
      sorter: (a, b) => time(a.order?.departure ?? null) - time(b.order?.departure ?? null),
      render: (_, r) => (
        <span className={r.order?.departurePlanned ? 'planned-departure' : undefined}>
          <TimeCell
            value={r.order?.departure ?? null}
            locale={locale}
            hint={
              r.order ? t(r.order.departurePlanned ? 'departure.planned' : 'departure.outOfPool') : undefined
            }
          />
        </span>
      ),
    },
    {
      key: 'etaToBase',
      title: t('columns.etaToBase'),
      sorter: (a, b) => time(a.order?.etaToBase ?? null) - time(b.order?.etaToBase ?? null),
      render: (_, r) => <TimeCell value={r.order?.etaToBase ?? null} locale={locale} />,
    },
    {
      key: 'customer',
      title: t('columns.customer'),
      sorter: (a, b) => text(a.order?.customer ?? null, b.order?.customer ?? null),
      render: (_, r) => r.order?.customer ?? '—',
    },
    {
      key: 'destination',
      title: t('columns.destination'),
      sorter: (a, b) => text(a.order?.destination ?? null, b.order?.destination ?? null),
      render: (_, r) => r.order?.destination ?? '—',
    },
  ];

  return (
    <div className="fleet-table" data-testid="fleet-table" data-total={shown.length}>
      <div className="table-toolbar">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('search')}
          aria-label={t('search')}
          data-testid="fleet-search"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
          style={{ maxWidth: 280 }}
        />
      </div>
      <Table<FleetRow>
        rowKey="kendaraanId"
        size="middle"
        loading={loading}
        dataSource={shown}
        columns={columns}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('empty') }}
        rowClassName={(r) => (r.kendaraanId === selectedId ? 'is-selected-row' : 'is-clickable-row')}
        onRow={(r) => ({ onClick: () => onSelect(r) })}
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
    </div>
  );
}
