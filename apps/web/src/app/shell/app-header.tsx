import {
  FullscreenExitOutlined,
  FullscreenOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { Button, Layout, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useActionTooltip } from '../../components/action-tooltip';
import { BrandMark } from '../../components/brand-mark';
import { LanguageSwitch } from '../../components/language-switch';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useAccountLanguage } from '../../features/settings/model/use-account-language';
import { isFullscreen, toggleFullscreen } from '../../lib/fullscreen';
import { useLayoutStore } from '../../lib/layout-store';
import type { StoredRole } from '../../lib/role-storage';
import { UserMenu } from './user-menu';

const KNOWN_ROLES = new Set(['Administrator', 'User', 'Guest']);

function FullscreenButton() {
  const { t } = useTranslation('shell');
  const [full, setFull] = useState(false);
  useEffect(() => {
    const update = () => setFull(isFullscreen());
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const label = full ? t('header.exitFullscreen') : t('header.fullscreen');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        className="header-icon"
        data-testid="header-fullscreen"
        aria-label={label}
        aria-pressed={full}
        icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={() => void toggleFullscreen().catch(() => undefined)}
      />
    </Tooltip>
  );
}

export function AppHeader({ displayName, role }: { displayName: string; role: StoredRole | null }) {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation();
  const mobile = useLayoutStore((s) => s.mobile);
  const collapsed = useLayoutStore((s) => s.collapsed);
  const notificationSound = useLayoutStore((s) => s.notificationSound);
  const toggle = useLayoutStore((s) => s.toggle);
  const setMobileDrawer = useLayoutStore((s) => s.setMobileDrawer);
  const setSettingsDrawer = useLayoutStore((s) => s.setSettingsDrawer);
  const settingsTip = useActionTooltip();
  const onLanguage = useAccountLanguage();

  return (
    <Layout.Header className="app-header">
      <div className="app-header-start">
        {mobile ? (
          <Button
            type="text"
            className="header-icon"
            data-testid="mobile-menu-button"
            aria-label={t('header.openMenu')}
            icon={<MenuOutlined />}
            onClick={() => setMobileDrawer(true)}
          />
        ) : (
          <Button
            type="text"
            className="header-icon"
            data-testid="sidebar-toggle"
            aria-label={t('settings.collapsed')}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => toggle('collapsed')}
          />
        )}
        <Link to="/" className="header-brand" data-testid="header-brand">
          <BrandMark size={26} />
          <span className="header-brand-name">{tc('appName')}</span>
        </Link>
      </div>
      <div className="app-header-end">
        {!mobile && <FullscreenButton />}
        <Tooltip title={t('header.settings')} {...settingsTip.tooltip}>
          <Button
            type="text"
            className="header-icon"
            data-testid="header-settings"
            aria-label={t('header.settings')}
            icon={<SettingOutlined />}
            {...settingsTip.button}
            onClick={() => setSettingsDrawer(true)}
          />
        </Tooltip>
        <LanguageSwitch onChange={onLanguage} />
        <NotificationBell unitId={role?.roleUnit} soundOn={notificationSound} />
        <UserMenu
          displayName={displayName}
          roleLabel={
            role
              ? [
                  KNOWN_ROLES.has(role.roleUser)
                    ? tc(`roles.${role.roleUser as 'Administrator' | 'User' | 'Guest'}`)
                    : role.roleUser,
                  role.roleFleet,
                ]
                  .filter(Boolean)
                  .join(' · ')
              : undefined
          }
        />
      </div>
    </Layout.Header>
  );
}
