import { EditOutlined, HistoryOutlined } from '@ant-design/icons';
import { Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeactivateAction, RowAction, useServerTable } from './management-table';

type SortDir = 'ascend' | 'descend';

/** What a management table takes from its list page: one page of rows and what to do with a row. */
export interface EntityTableProps<Row, State> {
  rows: Row[];
  total: number;
  loading: boolean;
  state: State;
  pageSize: number;
  onPage: (page: number) => void;
  onSort: (sortBy: string | undefined, sortDir: SortDir | undefined) => void;
  onEdit: (row: Row) => void;
  onDeactivate: (row: Row) => Promise<unknown>;
  onHistory: (row: Row) => void;
}

/**
 * A management table of records that can be deactivated: paged and sorted by the server, inactive
 * rows greyed, then a status column and the row actions (edit, `extraActions`, history, deactivate),
 * the first and last columns pinned.
 */
export function EntityTable<Row extends { aktif: boolean }, SortBy extends string>(props: {
  table: EntityTableProps<Row, { page: number; sortBy: SortBy | undefined; sortDir: SortDir | undefined }>;
  list: { sortable: readonly SortBy[] };
  rowKey: keyof Row & string;
  /** Test ids: `<record>s-table` for the table, `<record>-edit`, `<record>-status`, … in the rows. */
  record: string;
  scrollX: number;
  rowData: (row: Row) => Record<`data-${string}`, string>;
  columns: (sortable: (key: SortBy) => object) => ColumnsType<Row>;
  status: { title: string; active: string; inactive: string };
  actions: { title: string; width: number; confirm: (row: Row) => string; extra?: (row: Row) => ReactNode };
}) {
  const { t: tm } = useTranslation('management');
  const { table, record } = props;
  const { pin, sortable, tableProps } = useServerTable<Row, SortBy>({
    state: table.state,
    sortableKeys: props.list.sortable,
    pageSize: table.pageSize,
    total: table.total,
    onPage: table.onPage,
    onSort: table.onSort,
  });
  const [first, ...rest] = props.columns(sortable);
  const columns: ColumnsType<Row> = [
    ...(first ? [{ ...first, fixed: pin ? ('left' as const) : undefined }] : []),
    ...rest,
    {
      key: 'aktif',
      title: props.status.title,
      dataIndex: 'aktif',
      width: 100,
      render: (a: boolean) => (
        <Tag color={a ? 'green' : 'default'} data-testid={`${record}-status`}>
          {a ? props.status.active : props.status.inactive}
        </Tag>
      ),
    },
    {
      key: 'actions',
      title: props.actions.title,
      fixed: pin ? 'right' : undefined,
      // Narrow (small buttons, little padding) so the pinned column hides as little as possible at 1366 px.
      className: 'row-actions-cell',
      width: props.actions.width,
      render: (_, row) => (
        <Space size={2}>
          <RowAction
            label={tm('actions.edit')}
            icon={<EditOutlined />}
            onClick={() => table.onEdit(row)}
            testId={`${record}-edit`}
          />
          {props.actions.extra?.(row)}
          <RowAction
            label={tm('actions.history')}
            icon={<HistoryOutlined />}
            onClick={() => table.onHistory(row)}
            testId={`${record}-history`}
          />
          {row.aktif && (
            <DeactivateAction
              confirm={props.actions.confirm(row)}
              onConfirm={() => table.onDeactivate(row)}
              testId={`${record}-deactivate`}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <Table<Row>
      rowKey={props.rowKey}
      data-testid={`${record}s-table`}
      {...tableProps}
      loading={table.loading}
      dataSource={table.rows}
      scroll={{ x: props.scrollX }}
      rowClassName={(row) => (row.aktif ? '' : 'row-inactive')}
      onRow={(row) => props.rowData(row) as HTMLAttributes<HTMLElement>}
      columns={columns}
    />
  );
}
