import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getStoredRole } from '../../lib/role-storage';

/** True when the chosen role is Administrator (the server checks it again on every call). */
export function isAdministrator(): boolean {
  return getStoredRole()?.roleUser === 'Administrator';
}

/** Shows the page only to an Administrator; anyone else who opens the URL gets a clear message. */
export function AdminOnly({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('management');
  if (isAdministrator()) return <>{children}</>;
  return <Result status="403" title={title} subTitle={t('adminOnly')} data-testid="admin-only" />;
}
