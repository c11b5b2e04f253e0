import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { isActiveWorkOrder, type WorkOrderRow } from '@pantau/contracts';
import { Button, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { RowAction, useServerTable } from '../../../components/management/management-table';
import { Quantity } from '../../../components/quantity';
import { formatDateTime } from '../../../lib/date-time';
import {
  workOrderListQuery,
  type WorkOrderListState,
  type WorkOrderSortBy,
} from '../model/work-order-list-query';
import { AnomalyTags, WorkOrderStatusTag } from './work-order-tags';
import { useDuration } from './use-work-order-words';

type SortDir = 'ascend' | 'descend';

export interface WorkOrderTableProps {
  rows: WorkOrderRow[];
  total: number;
  loading: boolean;
  state: WorkOrderListState;
  pageSize: number;
  onPage: (page: number) => void;
  onSort: (sortBy: string | undefined, sortDir: SortDir | undefined) => void;
  onOpen: (row: WorkOrderRow) => void;
  /** Absent for a reader who cannot change SPKs. */
  onEdit?: (row: WorkOrderRow) => void;
}

const time = (iso: string | null) => <Quantity>{formatDateTime(iso)}</Quantity>;

/**
 * The SPK list (spec S-057): numbers, route, run date, origin and destination, lead and circle time
 * (standard, actual, over), monitored route, status, anomalies, vehicle, and the times at the pool,
 * loading and unloading. 10 a page, sorted by the server; the SPK number opens its drawer.
 */
export function WorkOrderTable(props: WorkOrderTableProps) {
  const { t } = useTranslation('workOrders');
  const duration = useDuration();
  const { pin, sortable, tableProps } = useServerTable<WorkOrderRow, WorkOrderSortBy>({
    state: props.state,
    sortableKeys: workOrderListQuery.sortable,
    pageSize: props.pageSize,
    total: props.total,
    onPage: props.onPage,
    onSort: props.onSort,
  });
  const minutes = (value: number | null, over = false) =>
    over && value !== null && value > 0 ? (
      <Typography.Text type="danger">
        <Quantity>{duration(value)}</Quantity>
      </Typography.Text>
    ) : (
      <Quantity>{duration(value)}</Quantity>
    );
  const inOut = (inKey: keyof WorkOrderRow, outKey: keyof WorkOrderRow, outFirst = false) => {
    const cells = [
      {
        key: String(inKey),
        title: t('columns.in'),
        width: 140,
        render: (_: unknown, r: WorkOrderRow) => time(r[inKey] as string | null),
      },
      {
        key: String(outKey),
        title: t('columns.out'),
        width: 140,
        render: (_: unknown, r: WorkOrderRow) => time(r[outKey] as string | null),
      },
    ];
    return outFirst ? cells.reverse() : cells;
  };

  const columns: ColumnsType<WorkOrderRow> = [
    {
      ...sortable('spkNumber'),
      title: t('columns.spkNumber'),
      dataIndex: 'spkNumber',
      width: 150,
      fixed: pin ? 'left' : undefined,
      render: (n: string, r) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0, fontWeight: 600 }}
          onClick={() => props.onOpen(r)}
          aria-label={t('actions.open', { spk: n })}
          data-testid="spk-open"
        >
          {n}
        </Button>
      ),
    },
    {
      ...sortable('dtNumber'),
      title: t('columns.dtNumber'),
      dataIndex: 'dtNumber',
      width: 120,
      render: (n: string | null) => n ?? '—',
    },
    {
      ...sortable('trayekCode'),
      title: t('columns.route'),
      width: 190,
      render: (_, r) =>
        r.trayekCode ? (
          <Space orientation="vertical" size={0}>
            <Typography.Text strong>{r.trayekCode}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.trayekName}
            </Typography.Text>
          </Space>
        ) : (
          '—'
        ),
    },
    { ...sortable('runDate'), title: t('columns.runDate'), dataIndex: 'runDate', width: 140, render: time },
    {
      key: 'origin',
      title: t('columns.origin'),
      dataIndex: 'originName',
      width: 160,
      render: (n: string | null) => n ?? '—',
    },
    {
      key: 'destination',
      title: t('columns.destination'),
      dataIndex: 'destinationName',
      width: 160,
      render: (n: string | null) => n ?? '—',
    },
    {
      key: 'leadTime',
      title: t('columns.leadTime'),
      children: [
        {
          key: 'standardLead',
          title: t('columns.standard'),
          width: 110,
          render: (_, r) => minutes(r.standardLeadMinutes),
        },
        {
          ...sortable('actualLeadMinutes'),
          title: t('columns.actual'),
          width: 120,
          render: (_, r) => minutes(r.actualLeadMinutes),
        },
        {
          ...sortable('overLeadMinutes'),
          title: t('columns.over'),
          width: 110,
          render: (_, r) => minutes(r.overLeadMinutes, true),
        },
      ],
    },
    {
      key: 'circleTime',
      title: t('columns.circleTime'),
      children: [
        {
          key: 'standardCircle',
          title: t('columns.standard'),
          width: 110,
          render: (_, r) => minutes(r.standardCircleMinutes),
        },
        {
          ...sortable('actualCircleMinutes'),
          title: t('columns.actual'),
          width: 120,
          render: (_, r) => minutes(r.actualCircleMinutes),
        },
        {
          ...sortable('overCircleMinutes'),
          title: t('columns.over'),
          width: 110,
          render: (_, r) => minutes(r.overCircleMinutes, true),
        },
      ],
    },
    {
      key: 'monitoredRoute',
      title: t('columns.monitoredRoute'),
      dataIndex: 'monitoredRoute',
      width: 110,
      render: (m: boolean) => <Tag color={m ? 'purple' : 'default'}>{m ? t('yes') : t('no')}</Tag>,
    },
    {
      ...sortable('status'),
      title: t('columns.status'),
      dataIndex: 'status',
      width: 120,
      render: (s: WorkOrderRow['status']) => <WorkOrderStatusTag status={s} />,
    },
    {
      key: 'anomaly',
      title: t('columns.anomaly'),
      width: 200,
      render: (_, r) => <AnomalyTags anomalies={r.anomalies} />,
    },
    {
      ...sortable('nomorPolisi'),
      title: t('columns.vehicle'),
      width: 140,
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <span style={{ whiteSpace: 'nowrap' }}>{r.nomorPolisi}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.nomorKendaraan}
          </Typography.Text>
        </Space>
      ),
    },
    { key: 'pool', title: t('columns.pool'), children: inOut('enterPoolAt', 'outPoolAt', true) },
    { key: 'loading', title: t('columns.loading'), children: inOut('arriveLoadingAt', 'exitLoadingAt') },
    {
      key: 'unloading',
      title: t('columns.unloading'),
      children: inOut('enterUnloadingAt', 'exitUnloadingAt'),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      fixed: pin ? 'right' : undefined,
      className: 'row-actions-cell',
      // Wide enough for its title ("Actions") even with the one button a reader has.
      width: 76,
      render: (_, r) => (
        <Space size={2}>
          <RowAction
            label={t('actions.open', { spk: r.spkNumber })}
            icon={<EyeOutlined />}
            onClick={() => props.onOpen(r)}
            testId="spk-view"
          />
          {props.onEdit && isActiveWorkOrder(r.status) && (
            <RowAction
              label={t('actions.edit')}
              icon={<EditOutlined />}
              onClick={() => props.onEdit!(r)}
              testId="spk-edit"
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <Table<WorkOrderRow>
      rowKey="spkId"
      data-testid="spk-table"
      {...tableProps}
      bordered
      loading={props.loading}
      dataSource={props.rows}
      scroll={{ x: 3000 }}
      onRow={(r) => ({ 'data-spk': r.spkNumber, 'data-status': r.status }) as HTMLAttributes<HTMLElement>}
      columns={columns}
    />
  );
}
