import type { RoleName } from '@pantau/contracts';
import { Alert, Card, Col, Descriptions, Grid, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/date-time';
import { errorMessage } from '../../../lib/error-message';
import { getStoredRole } from '../../../lib/role-storage';
import { useMe } from '../api/get-me';
import { PasswordForm } from '../components/password-form';
import { ProfileForm } from '../components/profile-form';
import './profile-page.css';

/** /profile: who you are and your roles, your name and e-mail, and a password change. */
export function ProfilePage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const { t: te } = useTranslation('errors');
  const me = useMe();
  const role = getStoredRole();
  // Labels above values on a phone: a long e-mail then wraps instead of pushing the table wider.
  const wide = Grid.useBreakpoint().md ?? true;

  return (
    <>
      <PageHeader title={t('profile.title')} intro={t('profile.intro')} />
      {me.isPending && (
        <Card>
          <Skeleton active />
        </Card>
      )}
      {me.isError && <Alert type="error" showIcon title={errorMessage(te, me.error)} />}
      {me.data && (
        <Row gutter={[16, 16]}>
          <Col span={24}>
            <Card title={t('profile.account')} data-testid="profile-details" className="profile-details">
              <Descriptions
                column={{ xs: 1, md: 2 }}
                layout={wide ? 'horizontal' : 'vertical'}
                bordered
                size="small"
                items={[
                  { key: 'name', label: t('profile.name'), children: me.data.displayName },
                  { key: 'username', label: t('profile.username'), children: me.data.username },
                  { key: 'email', label: t('profile.email'), children: me.data.email },
                  {
                    key: 'lastLogin',
                    label: t('profile.lastLogin'),
                    children: me.data.lastLogin ? formatDateTime(me.data.lastLogin) : t('profile.never'),
                  },
                  {
                    key: 'roles',
                    label: t('profile.roles'),
                    span: { xs: 1, md: 2 },
                    children: me.data.groups.length ? (
                      <Space size={[4, 4]} wrap>
                        {me.data.groups.map((g) => {
                          const current = role?.roleUnit === g.unitId && role.roleUser === g.role;
                          return (
                            <Tag key={`${g.unitId}-${g.role}`} color={current ? 'blue' : undefined}>
                              {tc(`roles.${g.role as RoleName}`, { defaultValue: g.role })} · {g.unitName}
                              {current ? ` (${t('profile.currentRole')})` : ''}
                            </Tag>
                          );
                        })}
                      </Space>
                    ) : (
                      <Typography.Text type="secondary">{t('profile.noRoles')}</Typography.Text>
                    ),
                  },
                ]}
              />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card title={t('profile.editTitle')} style={{ height: '100%' }}>
              <ProfileForm user={me.data} />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card title={t('profile.passwordTitle')} style={{ height: '100%' }}>
              <Typography.Paragraph type="secondary">{t('profile.passwordHint')}</Typography.Paragraph>
              <PasswordForm />
            </Card>
          </Col>
        </Row>
      )}
    </>
  );
}
