import { Button, Result } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getStoredRole } from '../lib/role-storage';

/**
 * A page some roles do not open (their menu does not list it, and the server refuses its data): a role
 * that opens its address anyway gets a clear message and the way back, not a page of refused requests.
 */
export function roleGated<P extends object>(
  Page: ComponentType<P>,
  opens: (role: string) => boolean,
): ComponentType<P> {
  function RoleGated(props: P) {
    const { t } = useTranslation('common');
    const role = getStoredRole()?.roleUser ?? '';
    if (opens(role)) return <Page {...props} />;
    return (
      <Result
        status="403"
        title={t('notForRole.title')}
        subTitle={t('notForRole.text', { role: t(`roles.${role}`, { defaultValue: role }) })}
        extra={
          <Link to="/">
            <Button type="primary">{t('actions.backHome')}</Button>
          </Link>
        }
        data-testid="not-for-role"
      />
    );
  }
  return RoleGated;
}
