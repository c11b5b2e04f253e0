import { EditOutlined, HistoryOutlined, StopOutlined } from '@ant-design/icons';
import type { DriverRow } from '@pantau/contracts';
import { Button, Grid, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentDate } from '../../../components/management/document-date';
import { DRIVER_SORTABLE, type DriverListState, type DriverSortBy } from '../model/driver-list-query';

export interface DriverTableProps {
  rows: DriverRow[];
  total: number;
  loading: boolean;
  state: DriverListState;
  pageSize: number;
  onPage: (page: number) => void;
  onSort: (sortBy: DriverSortBy | undefined, sortDir: 'ascend' | 'descend' | undefined) => void;
  onEdit: (d: DriverRow) => void;
  onDeactivate: (d: DriverRow) => Promise<unknown>;
  onHistory: (d: DriverRow) => void;
}

/** The driver management table: 10 a page from the server, sorted by the server; inactive rows greyed. */
export function DriverTable(props: DriverTableProps) {
  const { t } = useTranslation('drivers');
  const { t: tm } = useTranslation('management');
  const { t: tc } = useTranslation();
  const { state } = props;
  // On a phone, pinned columns would leave no room to scroll the others.
  const pin = Grid.useBreakpoint().md === true;
  const sortable = (key: DriverSortBy) => ({
    key,
    sorter: true,
    sortOrder: state.sortBy === key ? (state.sortDir ?? 'ascend') : null,
  });

  return (
    <Table<DriverRow>
      rowKey="pengemudiId"
      data-testid="drivers-table"
      className="management-table"
      size="middle"
      loading={props.loading}
      dataSource={props.rows}
      scroll={{ x: 1000 }}
      locale={{ emptyText: tc('empty') }}
      rowClassName={(d) => (d.aktif ? '' : 'row-inactive')}
      onRow={(d) => ({ 'data-employee': d.employeeNumber }) as HTMLAttributes<HTMLElement>}
      pagination={{
        current: state.page,
        pageSize: props.pageSize,
        total: props.total,
        showSizeChanger: false,
        showTotal: (total) => tc('table.total', { count: total }),
      }}
      onChange={(pagination, _filters, sorter, extra) => {
        if (extra.action === 'paginate') props.onPage(pagination.current ?? 1);
        if (extra.action === 'sort') {
          const s = sorter as SorterResult<DriverRow>;
          const key = DRIVER_SORTABLE.find((k) => k === s.columnKey);
          props.onSort(s.order ? key : undefined, s.order ?? undefined);
        }
      }}
      columns={[
        {
          ...sortable('name'),
          title: t('columns.name'),
          dataIndex: 'name',
          fixed: pin ? 'left' : undefined,
          width: 180,
          render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
        },
        {
          ...sortable('employeeNumber'),
          title: t('columns.employeeNumber'),
          dataIndex: 'employeeNumber',
          width: 140,
        },
        {
          key: 'phone',
          title: t('columns.phone'),
          dataIndex: 'phone',
          width: 150,
          render: (p: string | null) => p ?? '—',
        },
        { key: 'simClass', title: t('columns.simClass'), dataIndex: 'simClass', width: 120 },
        {
          ...sortable('simExpiry'),
          title: t('columns.simExpiry'),
          dataIndex: 'simExpiry',
          width: 140,
          render: (d: string | null) => <DocumentDate day={d} testId="sim-date" />,
        },
        {
          key: 'vehicles',
          title: t('columns.vehicles'),
          width: 200,
          render: (_, d) =>
            d.vehicles.length ? d.vehicles.map((v) => <Tag key={v.kendaraanId}>{v.nomorPolisi}</Tag>) : '—',
        },
        {
          key: 'aktif',
          title: t('columns.status'),
          dataIndex: 'aktif',
          width: 100,
          render: (a: boolean) => (
            <Tag color={a ? 'green' : 'default'} data-testid="driver-status">
              {a ? t('active') : t('inactive')}
            </Tag>
          ),
        },
        {
          key: 'actions',
          title: t('columns.actions'),
          fixed: pin ? 'right' : undefined,
          width: 130,
          render: (_, d) => (
            <Space size={2}>
              <Tooltip title={tm('actions.edit')}>
                <Button
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={tm('actions.edit')}
                  onClick={() => props.onEdit(d)}
                  data-testid="driver-edit"
                />
              </Tooltip>
              <Tooltip title={tm('actions.history')}>
                <Button
                  type="text"
                  icon={<HistoryOutlined />}
                  aria-label={tm('actions.history')}
                  onClick={() => props.onHistory(d)}
                  data-testid="driver-history"
                />
              </Tooltip>
              {d.aktif && (
                <Popconfirm
                  title={t('deactivateConfirm', { name: d.name })}
                  okText={tm('actions.deactivate')}
                  okButtonProps={{ danger: true, ...{ 'data-testid': 'confirm-deactivate' } }}
                  cancelText={tm('actions.cancel')}
                  onConfirm={() => props.onDeactivate(d)}
                >
                  <Button
                    type="text"
                    danger
                    icon={<StopOutlined />}
                    aria-label={tm('actions.deactivate')}
                    title={tm('actions.deactivate')}
                    data-testid="driver-deactivate"
                  />
                </Popconfirm>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}
