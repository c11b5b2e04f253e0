import type { DriverRow } from '@pantau/contracts';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DocumentDate } from '../../../components/management/document-date';
import { EntityTable, type EntityTableProps } from '../../../components/management/entity-table';
import { driverListQuery, type DriverListState } from '../model/driver-list-query';

/** The driver management table: 10 a page from the server, sorted by the server; inactive rows greyed. */
export function DriverTable(table: EntityTableProps<DriverRow, DriverListState>) {
  const { t } = useTranslation('drivers');
  return (
    <EntityTable
      table={table}
      list={driverListQuery}
      rowKey="pengemudiId"
      record="driver"
      scrollX={1000}
      rowData={(d) => ({ 'data-employee': d.employeeNumber })}
      status={{ title: t('columns.status'), active: t('active'), inactive: t('inactive') }}
      actions={{
        title: t('columns.actions'),
        width: 88,
        confirm: (d) => t('deactivateConfirm', { name: d.name }),
      }}
      columns={(sortable) => [
        {
          ...sortable('name'),
          title: t('columns.name'),
          dataIndex: 'name',
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
      ]}
    />
  );
}
