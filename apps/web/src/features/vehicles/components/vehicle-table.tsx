import { EditOutlined, HistoryOutlined, ShareAltOutlined } from '@ant-design/icons';
import type { VehicleRow } from '@pantau/contracts';
import { Space, Table, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Quantity } from '../../../components/quantity';
import { useVehicleStatusLabels } from '../../../lib/vehicle-status';
import { DocumentDate } from '../../../components/management/document-date';
import { DeactivateAction, RowAction, useServerTable } from '../../../components/management/management-table';
import type { VehicleListState, VehicleSortBy } from '../model/vehicle-list-query';
import { VEHICLE_SORTABLE } from '../model/vehicle-list-query';

export interface VehicleTableProps {
  rows: VehicleRow[];
  total: number;
  loading: boolean;
  state: VehicleListState;
  pageSize: number;
  onPage: (page: number) => void;
  onSort: (sortBy: VehicleSortBy | undefined, sortDir: 'ascend' | 'descend' | undefined) => void;
  onEdit: (v: VehicleRow) => void;
  onDeactivate: (v: VehicleRow) => Promise<unknown>;
  onHistory?: ((v: VehicleRow) => void) | undefined;
  onShare?: ((v: VehicleRow) => void) | undefined;
}

/** The vehicle management table: 10 a page from the server, sorted by the server; inactive rows greyed. */
export function VehicleTable(props: VehicleTableProps) {
  const { t } = useTranslation('vehicles');
  const { t: tm } = useTranslation('management');
  const status = useVehicleStatusLabels();
  const { pin, sortable, tableProps } = useServerTable<VehicleRow, VehicleSortBy>({
    state: props.state,
    sortableKeys: VEHICLE_SORTABLE,
    pageSize: props.pageSize,
    total: props.total,
    onPage: props.onPage,
    onSort: props.onSort,
  });

  return (
    <Table<VehicleRow>
      rowKey="kendaraanId"
      data-testid="vehicles-table"
      {...tableProps}
      loading={props.loading}
      dataSource={props.rows}
      scroll={{ x: 1400 }}
      rowClassName={(v) => (v.aktif ? '' : 'row-inactive')}
      onRow={(v) => ({ 'data-plate': v.nomorPolisi }) as HTMLAttributes<HTMLElement>}
      columns={[
        {
          ...sortable('nomorKendaraan'),
          title: t('columns.hull'),
          dataIndex: 'nomorKendaraan',
          fixed: pin ? 'left' : undefined,
          width: 110,
          render: (hull: string) => <Typography.Text strong>{hull}</Typography.Text>,
        },
        { ...sortable('nomorPolisi'), title: t('columns.plate'), dataIndex: 'nomorPolisi', width: 120 },
        {
          ...sortable('pantauKendaraanId'),
          title: t('columns.tracker'),
          dataIndex: 'pantauKendaraanId',
          width: 170,
          // A 15-digit IMEI never breaks mid-number.
          render: (id: string) => (
            <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
              {id}
            </Typography.Text>
          ),
        },
        {
          key: 'class',
          title: t('columns.class'),
          dataIndex: 'vehicleClass',
          width: 110,
          render: (c: VehicleRow['vehicleClass']) => (
            <Tag color={c === 'CC' ? 'blue' : 'gold'}>{status.vehicleClass(c)}</Tag>
          ),
        },
        {
          key: 'type',
          title: t('columns.type'),
          width: 170,
          render: (_, v) => [v.merk, v.tipe].filter(Boolean).join(' ') || '—',
        },
        {
          key: 'fleet',
          title: t('columns.fleet'),
          width: 160,
          render: (_, v) =>
            v.fleet.length ? v.fleet.map((f) => <Tag key={f.fleetId}>{f.fleetName}</Tag>) : '—',
        },
        {
          key: 'driver',
          title: t('columns.driver'),
          width: 180,
          render: (_, v) =>
            v.pengemudi || v.coPengemudi ? (
              <Space orientation="vertical" size={0}>
                {v.pengemudi && <span>{v.pengemudi}</span>}
                {v.coPengemudi && <Typography.Text type="secondary">{v.coPengemudi}</Typography.Text>}
              </Space>
            ) : (
              '—'
            ),
        },
        {
          ...sortable('speedLimit'),
          title: t('columns.speedLimit'),
          dataIndex: 'speedLimit',
          width: 130,
          render: (s: number | null) => (s === null ? '—' : <Quantity>{t('kmh', { value: s })}</Quantity>),
        },
        {
          ...sortable('stnkDue'),
          title: t('columns.stnkDue'),
          dataIndex: 'stnkDue',
          width: 120,
          render: (d: string | null) => <DocumentDate day={d} testId="stnk-date" />,
        },
        {
          ...sortable('kirDue'),
          title: t('columns.kirDue'),
          dataIndex: 'kirDue',
          width: 120,
          render: (d: string | null) => <DocumentDate day={d} testId="kir-date" />,
        },
        {
          key: 'aktif',
          title: t('columns.status'),
          dataIndex: 'aktif',
          width: 100,
          render: (a: boolean) => (
            <Tag color={a ? 'green' : 'default'} data-testid="vehicle-status">
              {a ? t('active') : t('inactive')}
            </Tag>
          ),
        },
        {
          key: 'actions',
          title: t('columns.actions'),
          fixed: pin ? 'right' : undefined,
          // Narrow (small buttons, little padding) so the pinned column hides as little as possible at 1366 px.
          className: 'row-actions-cell',
          width: props.onHistory || props.onShare ? 112 : 64,
          render: (_, v) => (
            <Space size={2}>
              <RowAction
                label={tm('actions.edit')}
                icon={<EditOutlined />}
                onClick={() => props.onEdit(v)}
                testId="vehicle-edit"
              />
              {props.onShare && v.aktif && (
                <RowAction
                  label={t('shareLocation')}
                  icon={<ShareAltOutlined />}
                  onClick={() => props.onShare?.(v)}
                  testId="vehicle-share"
                />
              )}
              {props.onHistory && (
                <RowAction
                  label={tm('actions.history')}
                  icon={<HistoryOutlined />}
                  onClick={() => props.onHistory?.(v)}
                  testId="vehicle-history"
                />
              )}
              {v.aktif && (
                <DeactivateAction
                  confirm={t('deactivateConfirm', { plate: v.nomorPolisi })}
                  onConfirm={() => props.onDeactivate(v)}
                  testId="vehicle-deactivate"
                />
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}
