import {
  DeleteOutlined,
  HistoryOutlined,
  KeyOutlined,
  StopOutlined,
  CheckCircleOutlined,
} from '@ant-design/icons';
import { roleName, type RoleName, type UserRow } from '@pantau/contracts';
import { Button, Popconfirm, Select, Table, Tag, Tooltip, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionTooltip } from '../../../components/action-tooltip';
import { RowAction, usePagination } from '../../../components/management/management-table';
import { formatDateTime } from '../../../lib/date-time';

const ROLE_COLOURS: Record<string, string> = { Administrator: 'volcano', User: 'blue', Guest: 'default' };

export interface UsersTableProps {
  rows: UserRow[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  /** The signed-in user, who may not disable themselves. */
  selfId: number | undefined;
  /** The user a write is running for. */
  busyId: number | null;
  onPage: (page: number) => void;
  onRole: (user: UserRow, role: RoleName) => void;
  onDisabled: (user: UserRow, disabled: boolean) => Promise<void>;
  onResetPassword: (user: UserRow) => void;
  onRemove: (user: UserRow) => Promise<void>;
  onHistory: (user: UserRow) => void;
}

/** The unit's users: who they are, their role here, whether they may sign in, and what an Administrator can do. */
export function UsersTable(p: UsersTableProps) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const pagination = usePagination(p);
  const roleLabel = (role: string) => tc(`roles.${role as RoleName}`, { defaultValue: role });

  const actions = (r: UserRow) => {
    const self = r.userId === p.selfId;
    const accountHint = !r.canManageAccount
      ? t('accountElsewhereShort')
      : self
        ? t('errors.self')
        : undefined;
    const busy = p.busyId === r.userId;
    return (
      <div className="user-actions">
        <Select<RoleName>
          size="small"
          value={r.role as RoleName}
          disabled={busy}
          aria-label={t('actions.changeRole', { name: r.username })}
          data-testid="user-role-select"
          style={{ width: 136 }}
          popupMatchSelectWidth={false}
          onChange={(role) => p.onRole(r, role)}
          options={roleName.options.map((role) => ({ value: role, label: roleLabel(role) }))}
        />
        {r.disabled ? (
          <Tooltip title={accountHint} placement="bottom">
            <Button
              size="small"
              icon={<CheckCircleOutlined />}
              disabled={!r.canManageAccount || busy}
              onClick={() => void p.onDisabled(r, false)}
              data-testid="user-enable"
            >
              {t('actions.enable')}
            </Button>
          </Tooltip>
        ) : (
          <Popconfirm
            title={t('disable.confirm', { name: r.username })}
            description={t('disable.description')}
            okText={t('actions.disable')}
            cancelText={t('actions.cancel')}
            okButtonProps={{ danger: true, ...{ 'data-testid': 'user-disable-confirm' } }}
            onConfirm={() => p.onDisabled(r, true)}
            disabled={!r.canManageAccount || self}
          >
            <ActionTooltip title={accountHint} placement="bottom">
              <Button
                size="small"
                icon={<StopOutlined />}
                disabled={!r.canManageAccount || self || busy}
                data-testid="user-disable"
              >
                {t('actions.disable')}
              </Button>
            </ActionTooltip>
          </Popconfirm>
        )}
        <RowAction
          small
          label={t('actions.resetPassword')}
          hint={accountHint}
          icon={<KeyOutlined />}
          disabled={!r.canManageAccount}
          onClick={() => p.onResetPassword(r)}
          testId="user-reset-password"
        />
        <RowAction
          small
          label={t('actions.history')}
          icon={<HistoryOutlined />}
          onClick={() => p.onHistory(r)}
          testId="user-history"
        />
        <Popconfirm
          title={t('remove.confirm', { name: r.username })}
          description={t('remove.description')}
          okText={t('remove.ok')}
          cancelText={t('actions.cancel')}
          okButtonProps={{ danger: true, ...{ 'data-testid': 'user-remove-confirm' } }}
          onConfirm={() => p.onRemove(r)}
        >
          <ActionTooltip title={t('actions.remove')} placement="bottom">
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('actions.remove')}
              disabled={busy}
              data-testid="user-remove"
            />
          </ActionTooltip>
        </Popconfirm>
      </div>
    );
  };

  return (
    <Table<UserRow>
      className="management-table"
      rowKey="userId"
      size="middle"
      dataSource={p.rows}
      loading={p.loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('empty') }}
      rowClassName={(r) => (r.disabled ? 'row-inactive' : '')}
      onRow={(r) =>
        ({ 'data-testid': 'user-row', 'data-username': r.username }) as HTMLAttributes<HTMLElement>
      }
      pagination={{ ...pagination, hideOnSinglePage: true, onChange: p.onPage }}
      columns={[
        {
          key: 'username',
          title: t('columns.username'),
          fixed: 'left',
          render: (_, r) => (
            <span>
              <strong>{r.username}</strong>
              {r.userId === p.selfId && <Typography.Text type="secondary"> ({t('you')})</Typography.Text>}
              {/* On a phone the name and e-mail columns are hidden: the name shows under the username. */}
              <Typography.Text type="secondary" className="user-name-phone">
                {r.displayName}
              </Typography.Text>
            </span>
          ),
        },
        { key: 'displayName', title: t('columns.displayName'), dataIndex: 'displayName', responsive: ['md'] },
        { key: 'email', title: t('columns.email'), dataIndex: 'email', responsive: ['md'] },
        {
          key: 'role',
          title: t('columns.role'),
          render: (_, r) => (
            <Tag color={ROLE_COLOURS[r.role]} data-testid="user-role">
              {roleLabel(r.role)}
            </Tag>
          ),
        },
        {
          key: 'status',
          title: t('columns.status'),
          render: (_, r) => (
            <Tag color={r.disabled ? 'red' : 'green'} data-testid="user-status">
              {t(r.disabled ? 'status.disabled' : 'status.active')}
            </Tag>
          ),
        },
        {
          key: 'lastLogin',
          title: t('columns.lastLogin'),
          render: (_, r) => (r.lastLogin ? formatDateTime(r.lastLogin) : t('never')),
        },
        { key: 'actions', title: t('columns.actions'), render: (_, r) => actions(r) },
      ]}
    />
  );
}
