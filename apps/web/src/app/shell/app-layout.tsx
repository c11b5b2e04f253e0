import { COOKIE } from '@pantau/contracts';
import { Layout, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useAuthStore } from '../../lib/auth-store';
import { getCookie } from '../../lib/cookies';
import { useLayoutStore } from '../../lib/layout-store';
import { getStoredRole } from '../../lib/role-storage';
import { lazySlot } from '../../lib/lazy-slot';
import { AppHeader } from './app-header';
import { FeatureSlots } from './feature-slots';
import { LayoutDrawers } from './layout-drawers';
import { RoleDialogContainer } from './role-dialog-container';
import { Sidebar } from './sidebar';
import { useIdleLock } from './use-idle-lock';
import { useMobileQuery } from './use-mobile-query';

// The layout settings (antd's Divider and switches with them) load when the drawer first opens.
const SettingsDrawer = lazySlot<{ open: boolean }>(
  () => import('./settings-drawer').then((m) => m.SettingsDrawer),
  true,
);

/** The shell shows 'Loading...' over the workspace for its first second (spec §9). */
export const SHELL_SPINNER_MS = 1000;

/** The application shell (spec §2 "Shell"): sidebar, top bar, workspace, drawers and the role dialog. */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const workspace = useRef<HTMLElement>(null);
  const [booting, setBooting] = useState(true);
  const settings = useLayoutStore();
  const user = useAuthStore((s) => s.user);
  const role = getStoredRole();
  useMobileQuery();
  useIdleLock();

  useEffect(() => {
    const timer = window.setTimeout(() => setBooting(false), SHELL_SPINNER_MS);
    return () => window.clearTimeout(timer);
  }, []);

  // Route changes scroll the workspace (the scrolling element) back to the top. Not on the first page:
  // it is at the top already, and scrollTo there forced a layout of the whole shell (~30 ms at load).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    workspace.current?.scrollTo({ top: 0, left: 0 });
  }, [pathname]);

  const displayName = user?.displayName ?? getCookie(COOKIE.displayName) ?? '';
  const classes = ['app-frame', settings.boxed && 'is-boxed', settings.weakColor && 'is-weak'].filter(
    Boolean,
  );

  return (
    <FeatureSlots>
      <div className={classes.join(' ')}>
        {/* hasSider: laid out in a row from the first render (antd otherwise finds the sider in an
          effect, and the workspace is drawn full width first, then narrowed). */}
        <Layout
          hasSider
          className="app-layout"
          data-testid="app-layout"
          data-boxed={settings.boxed}
          data-dark-sidebar={settings.darkSidebar}
          data-sidebar-popup={settings.sidebarPopup}
          data-sidebar-icons={settings.sidebarIcons}
          data-collapsed={settings.collapsed}
          data-weak-color={settings.weakColor}
          data-direction={settings.direction}
          data-notification-sound={settings.notificationSound}
          data-mobile={settings.mobile}
        >
          <Sidebar role={role?.roleUser ?? null} />
          <Layout className="app-main">
            <AppHeader displayName={displayName} role={role} />
            <Layout.Content className="app-workspace" ref={workspace} data-testid="workspace">
              <Spin
                spinning={booting}
                description={t('loading')}
                size="large"
                classNames={{ root: 'workspace-spin' }}
                data-testid="shell-loading"
              >
                <div className="app-workspace-inner">
                  <Outlet />
                </div>
              </Spin>
            </Layout.Content>
          </Layout>
        </Layout>
        <SettingsDrawer open={settings.settingsDrawer} />
        <LayoutDrawers />
        <RoleDialogContainer />
      </div>
    </FeatureSlots>
  );
}
