import { StopOutlined } from '@ant-design/icons';
import { Button, Grid, Popconfirm, Tooltip, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionTooltip } from '../action-tooltip';

type SortDir = 'ascend' | 'descend';

/** Page count and total under a management table; a server-paged table reports the page it moved to. */
export function usePagination({ page, pageSize, total }: { page: number; pageSize: number; total: number }) {
  const { t: tc } = useTranslation();
  return {
    current: page,
    pageSize,
    total,
    showSizeChanger: false,
    showTotal: (count: number) => tc('table.total', { count }),
  };
}

/**
 * A table paged and sorted by the server, its page and sort kept in the URL: the shared table props,
 * `sortable(key)` for a sortable column, and `pin` (pin the first and last columns; not on a phone,
 * where pinned columns would leave no room to scroll the others).
 */
export function useServerTable<Row, SortBy extends string>(props: {
  state: { page: number; sortBy: SortBy | undefined; sortDir: SortDir | undefined };
  sortableKeys: readonly SortBy[];
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onSort: (sortBy: SortBy | undefined, sortDir: SortDir | undefined) => void;
}) {
  const { t: tc } = useTranslation();
  const { state } = props;
  const pin = Grid.useBreakpoint().md === true;
  const pagination = usePagination({ page: state.page, pageSize: props.pageSize, total: props.total });
  const sortable = (key: SortBy) => ({
    key,
    sorter: true,
    sortOrder: state.sortBy === key ? (state.sortDir ?? 'ascend') : null,
  });
  const tableProps: TableProps<Row> = {
    className: 'management-table',
    size: 'middle',
    locale: { emptyText: tc('empty') },
    pagination,
    onChange: (page, _filters, sorter, extra) => {
      if (extra.action === 'paginate') props.onPage(page.current ?? 1);
      if (extra.action === 'sort') {
        const s = sorter as SorterResult<Row>;
        const key = props.sortableKeys.find((k) => k === s.columnKey);
        props.onSort(s.order ? key : undefined, s.order ?? undefined);
      }
    },
  };
  return { pin, sortable, tableProps };
}

/**
 * An icon button in a table row, its label as tooltip and accessible name; the tooltip keeps out of
 * the way of the drawer or dialog the button opens (`useActionTooltip`).
 */
export function RowAction({
  label,
  icon,
  onClick,
  testId,
  small = false,
  hint,
  disabled,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  testId: string;
  /** A small outlined button (rather than a text button). */
  small?: boolean;
  /** The tooltip, when it says more than the label (why the action is not available). */
  hint?: string;
  disabled?: boolean;
}) {
  const tip = useActionTooltip();
  return (
    <Tooltip title={hint ?? label} {...tip.tooltip}>
      <Button
        size="small"
        {...(small ? {} : { type: 'text' as const })}
        icon={icon}
        aria-label={label}
        disabled={disabled}
        {...tip.button}
        onClick={onClick}
        data-testid={testId}
      />
    </Tooltip>
  );
}

/** The row's deactivate button, asking first. */
export function DeactivateAction({
  confirm,
  onConfirm,
  testId,
}: {
  confirm: string;
  onConfirm: () => Promise<unknown>;
  testId: string;
}) {
  const { t: tm } = useTranslation('management');
  return (
    <Popconfirm
      title={confirm}
      okText={tm('actions.deactivate')}
      okButtonProps={{ danger: true, ...{ 'data-testid': 'confirm-deactivate' } }}
      cancelText={tm('actions.cancel')}
      onConfirm={onConfirm}
    >
      <Button
        type="text"
        size="small"
        danger
        icon={<StopOutlined />}
        aria-label={tm('actions.deactivate')}
        title={tm('actions.deactivate')}
        data-testid={testId}
      />
    </Popconfirm>
  );
}
