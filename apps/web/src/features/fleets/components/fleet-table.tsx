import { CarOutlined, DeleteOutlined, EditOutlined, HistoryOutlined } from '@ant-design/icons';
import type { FleetRow } from '@pantau/contracts';
import { Button, Popconfirm, Table, Tooltip } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionTooltip } from '../../../components/action-tooltip';
import { RowAction, usePagination } from '../../../components/management/management-table';

export interface FleetTableProps {
  rows: FleetRow[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  onPage: (page: number) => void;
  onVehicles: (fleet: FleetRow) => void;
  onRename: (fleet: FleetRow) => void;
  onDelete: (fleet: FleetRow) => Promise<void>;
  onHistory: (fleet: FleetRow) => void;
}

/** The unit's fleets with their vehicle counts; each row opens its vehicles, renames, deletes or shows its history. */
export function FleetTable(p: FleetTableProps) {
  const { t } = useTranslation('fleets');
  const pagination = usePagination(p);
  return (
    <Table<FleetRow>
      className="management-table"
      rowKey="fleetId"
      size="middle"
      dataSource={p.rows}
      loading={p.loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('list.empty') }}
      onRow={(r) =>
        ({ 'data-testid': 'fleet-row', 'data-fleet': r.fleetName }) as HTMLAttributes<HTMLElement>
      }
      pagination={{ ...pagination, hideOnSinglePage: true, onChange: p.onPage }}
      columns={[
        {
          key: 'fleetName',
          title: t('list.fleetName'),
          render: (_, r) => <strong data-testid="fleet-name">{r.fleetName}</strong>,
        },
        {
          key: 'vehicleCount',
          title: t('list.vehicleCount'),
          width: 110,
          render: (_, r) => (
            <Tooltip title={t('actions.vehicles')}>
              <Button
                size="small"
                icon={<CarOutlined />}
                aria-label={`${t('actions.vehicles')}: ${r.vehicleCount}`}
                onClick={() => p.onVehicles(r)}
                data-testid="fleet-vehicles-open"
              >
                <span data-testid="fleet-vehicle-count">{r.vehicleCount}</span>
              </Button>
            </Tooltip>
          ),
        },
        {
          key: 'actions',
          title: t('list.actions'),
          width: 1,
          render: (_, r) => (
            <div className="fleet-actions">
              <RowAction
                small
                label={t('actions.rename')}
                icon={<EditOutlined />}
                onClick={() => p.onRename(r)}
                testId="fleet-rename"
              />
              <RowAction
                small
                label={t('actions.history')}
                icon={<HistoryOutlined />}
                onClick={() => p.onHistory(r)}
                testId="fleet-history"
              />
              <Popconfirm
                title={t('delete.confirm', { name: r.fleetName })}
                description={t('delete.description')}
                okText={t('delete.ok')}
                cancelText={t('actions.cancel')}
                okButtonProps={{ danger: true, ...{ 'data-testid': 'fleet-delete-confirm' } }}
                onConfirm={() => p.onDelete(r)}
              >
                <ActionTooltip title={t('actions.delete')} placement="bottom">
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('actions.delete')}
                    data-testid="fleet-delete"
                  />
                </ActionTooltip>
              </Popconfirm>
            </div>
          ),
        },
      ]}
    />
  );
}
