import { UserAddOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, roleName, type RoleName, type UserRow } from '@pantau/contracts';
import { Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditDrawer } from '../../../components/audit/audit-drawer';
import { AdminOnly } from '../../../components/management/admin-only';
import { FilterSelect } from '../../../components/management/filter-select';
import { ListActions } from '../../../components/management/list-actions';
import { ListToolbar } from '../../../components/management/list-toolbar';
import { ManagementList } from '../../../components/management/management-list';
import { useListParams } from '../../../components/management/use-list-params';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { useAuthStore } from '../../../lib/auth-store';
import { errorMessage } from '../../../lib/error-message';
import { getStoredRole } from '../../../lib/role-storage';
import { useUsers } from '../api/get-users';
import { useRemoveUser, useUpdateUser } from '../api/user-mutations';
import { AddUserModal } from '../components/add-user-modal';
import { ResetPasswordModal } from '../components/reset-password-modal';
import { UsersTable } from '../components/users-table';
import { userActionMessage, type UserAction } from '../model/user-action-error';
import './users.css';
import { useApp } from '../../../lib/feedback';

/** User management (/management/user-management): the unit's users and their role here (Administrator). */
export function UserManagementPage({ title }: { title: string }) {
  const { t } = useTranslation('users');
  return (
    <>
      <PageHeader title={title} intro={t('intro')} />
      <AdminOnly title={t('adminOnly')}>
        <UserManagement />
      </AdminOnly>
    </>
  );
}

const isRole = (v: string | undefined): v is RoleName =>
  (roleName.options as readonly string[]).includes(v ?? '');

function UserManagement() {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const { t: tm } = useTranslation('management');
  const { t: te } = useTranslation('errors');
  const { message } = useApp();
  const unitId = getStoredRole()?.roleUnit;
  const selfId = useAuthStore((s) => s.user?.userId);
  const list = useListParams();
  const search = list.get('search') ?? '';
  const role = list.get('role');
  const disabled = list.get('disabled');
  const query = useUsers(unitId, {
    Take: DEFAULT_PAGE_SIZE,
    Skip: (list.page - 1) * DEFAULT_PAGE_SIZE,
    search: search || undefined,
    role: isRole(role) ? role : undefined,
    disabled: disabled === 'true' || disabled === 'false' ? disabled : undefined,
  });
  const update = useUpdateUser();
  const remove = useRemoveUser();
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const [history, setHistory] = useState<{ userId?: number; title: string } | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  if (isApiError(query.error) && query.error.code === 'FORBIDDEN')
    return <Result status="403" title={t('adminOnly')} subTitle={tm('adminOnly')} data-testid="admin-only" />;

  const refused = (user: UserRow, action: UserAction, error: unknown) => {
    const key = userActionMessage(isApiError(error) ? error.code : undefined, action, user.userId === selfId);
    const text = key ? t(`errors.${key}`, { name: user.username }) : errorMessage(te, error);
    void message.error({ content: <span data-testid="user-action-error">{text}</span>, duration: 10 });
  };

  const run = async (user: UserRow, action: UserAction, write: () => Promise<unknown>, done: string) => {
    setBusyId(user.userId);
    try {
      await write();
      void message.success(done);
    } catch (error) {
      refused(user, action, error);
    } finally {
      setBusyId(null);
    }
  };

  const onRole = (user: UserRow, next: RoleName) =>
    void run(
      user,
      'role',
      () => update.mutateAsync({ userId: user.userId, input: { role: next } }),
      t('roleChanged', { name: user.username, role: tc(`roles.${next}`) }),
    );
  const onDisabled = (user: UserRow, value: boolean) =>
    run(
      user,
      'account',
      () => update.mutateAsync({ userId: user.userId, input: { disabled: value } }),
      t(value ? 'disable.done' : 'disable.enabled', { name: user.username }),
    );
  const onRemove = (user: UserRow) =>
    run(user, 'remove', () => remove.mutateAsync(user.userId), t('remove.done', { name: user.username }));

  const fieldLabel = (field: string) => t(`fields.${field as 'role'}`, { defaultValue: field });
  return (
    <>
      <ManagementList
        query={query}
        testId="users-list"
        toolbar={
          <ListToolbar
            search={search}
            onSearch={(text) => list.update({ search: text })}
            searchPlaceholder={t('searchPlaceholder')}
            filters={
              <>
                <FilterSelect
                  name="role"
                  value={isRole(role) ? role : undefined}
                  all={t('filters.allRoles')}
                  options={roleName.options.map((r) => ({ value: r, label: tc(`roles.${r}`) }))}
                  onChange={list.update}
                />
                <FilterSelect
                  name="disabled"
                  value={disabled === 'true' || disabled === 'false' ? disabled : undefined}
                  all={t('filters.allStatuses')}
                  options={[
                    { value: 'false', label: t('filters.active') },
                    { value: 'true', label: t('filters.disabled') },
                  ]}
                  onChange={list.update}
                />
              </>
            }
            actions={
              <ListActions
                history={{
                  label: t('actions.history'),
                  testId: 'users-history',
                  onClick: () => setHistory({ title: t('actions.history') }),
                }}
                add={{
                  label: t('actions.add'),
                  testId: 'add-user',
                  icon: <UserAddOutlined />,
                  onClick: () => setAdding(true),
                }}
              />
            }
          />
        }
      >
        <UsersTable
          rows={query.data?.results ?? []}
          total={query.data?.count ?? 0}
          page={list.page}
          pageSize={DEFAULT_PAGE_SIZE}
          loading={query.isFetching && !query.isError}
          selfId={selfId}
          busyId={busyId}
          onPage={(page) => list.update({ page: String(page) })}
          onRole={onRole}
          onDisabled={onDisabled}
          onResetPassword={setResetting}
          onRemove={onRemove}
          onHistory={(user) =>
            setHistory({ userId: user.userId, title: `${t('actions.history')} · ${user.username}` })
          }
        />
      </ManagementList>
      <AddUserModal open={adding} onClose={() => setAdding(false)} />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
      <AuditDrawer
        entity="user"
        entityId={history?.userId}
        open={history !== null}
        title={history?.title}
        onClose={() => setHistory(null)}
        fieldLabel={fieldLabel}
      />
    </>
  );
}
