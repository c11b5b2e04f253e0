import { EditOutlined, HistoryOutlined } from '@ant-design/icons';
import type { DriverRow } from '@pantau/contracts';
import { Space, Table, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentDate } from '../../../components/management/document-date';
import { DeactivateAction, RowAction, useServerTable } from '../../../components/management/management-table';
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
  const { pin, sortable, tableProps } = useServerTable<DriverRow, DriverSortBy>({
    state: props.state,
    sortableKeys: DRIVER_SORTABLE,
    pageSize: props.pageSize,
    total: props.total,
    onPage: props.onPage,
    onSort: props.onSort,
  });

  return (
    <Table<DriverRow>
      rowKey="pengemudiId"
      data-testid="drivers-table"
      {...tableProps}
      loading={props.loading}
      dataSource={props.rows}
      scroll={{ x: 1000 }}
      rowClassName={(d) => (d.aktif ? '' : 'row-inactive')}
      onRow={(d) => ({ 'data-employee': d.employeeNumber }) as HTMLAttributes<HTMLElement>}
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
          className: 'row-actions-cell',
          width: 88,
          render: (_, d) => (
            <Space size={2}>
              <RowAction
                label={tm('actions.edit')}
                icon={<EditOutlined />}
                onClick={() => props.onEdit(d)}
                testId="driver-edit"
              />
              <RowAction
                label={tm('actions.history')}
                icon={<HistoryOutlined />}
                onClick={() => props.onHistory(d)}
                testId="driver-history"
              />
              {d.aktif && (
                <DeactivateAction
                  confirm={t('deactivateConfirm', { name: d.name })}
                  onConfirm={() => props.onDeactivate(d)}
                  testId="driver-deactivate"
                />
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}
