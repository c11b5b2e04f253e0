import { Alert, Card, Descriptions, Skeleton, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/error-message';
import { getStoredRole } from '../../../lib/role-storage';
import { useMe } from '../api/get-me';

export function ProfilePage() {
  const { t } = useTranslation('auth');
  const { t: te } = useTranslation('errors');
  const me = useMe();
  const role = getStoredRole();

  return (
    <>
      <PageHeader title={t('profile.title')} />
      <Card>
        {me.isPending && <Skeleton active />}
        {me.isError && <Alert type="error" showIcon title={errorMessage(te, me.error)} />}
        {me.data && (
          <Descriptions
            column={1}
            bordered
            size="small"
            items={[
              { key: 'name', label: t('profile.name'), children: me.data.displayName },
              { key: 'username', label: t('profile.username'), children: me.data.username },
              { key: 'email', label: t('profile.email'), children: me.data.email },
              {
                key: 'roles',
                label: t('profile.roles'),
                children: (
                  <Space size={[4, 4]} wrap>
                    {me.data.groups.map((g) => {
                      const current = role?.roleUnit === g.unitId && role.roleUser === g.role;
                      return (
                        <Tag key={`${g.unitId}-${g.role}`} color={current ? 'blue' : undefined}>
                          {g.role} · {g.unitName}
                          {current ? ` (${t('profile.currentRole')})` : ''}
                        </Tag>
                      );
                    })}
                  </Space>
                ),
              },
              {
                key: 'lastLogin',
                label: t('profile.lastLogin'),
                children: me.data.lastLogin
                  ? dayjs(me.data.lastLogin).format('D MMM YYYY HH:mm')
                  : t('profile.never'),
              },
            ]}
          />
        )}
      </Card>
    </>
  );
}
