import { ShareAltOutlined, ToolOutlined } from '@ant-design/icons';
import type { VehicleRow } from '@pantau/contracts';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DocumentDate } from '../../../components/management/document-date';
import { EntityTable, type EntityTableProps } from '../../../components/management/entity-table';
import { RowAction } from '../../../components/management/management-table';
import { Quantity } from '../../../components/quantity';
import { useVehicleStatusLabels } from '../../../lib/vehicle-status';
import { vehicleListQuery, type VehicleListState } from '../model/vehicle-list-query';

/** The vehicle management table: 10 a page from the server, sorted by the server; inactive rows greyed. */
export function VehicleTable({
  onShare,
  onRecords,
  ...table
}: EntityTableProps<VehicleRow, VehicleListState> & {
  onShare: (v: VehicleRow) => void;
  onRecords: (v: VehicleRow) => void;
}) {
  const { t } = useTranslation('vehicles');
  const status = useVehicleStatusLabels();
  return (
    <EntityTable
      table={table}
      list={vehicleListQuery}
      rowKey="kendaraanId"
      record="vehicle"
      scrollX={1400}
      rowData={(v) => ({ 'data-plate': v.nomorPolisi })}
      status={{ title: t('columns.status'), active: t('active'), inactive: t('inactive') }}
      actions={{
        title: t('columns.actions'),
        width: 144,
        confirm: (v) => t('deactivateConfirm', { plate: v.nomorPolisi }),
        extra: (v) => (
          <>
            <RowAction
              label={t('records')}
              icon={<ToolOutlined />}
              onClick={() => onRecords(v)}
              testId="vehicle-records"
            />
            {v.aktif && (
              <RowAction
                label={t('shareLocation')}
                icon={<ShareAltOutlined />}
                onClick={() => onShare(v)}
                testId="vehicle-share"
              />
            )}
          </>
        ),
      }}
      columns={(sortable) => [
        {
          ...sortable('nomorKendaraan'),
          title: t('columns.hull'),
          dataIndex: 'nomorKendaraan',
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
      ]}
    />
  );
}
