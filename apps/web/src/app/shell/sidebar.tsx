import { Layout } from 'antd';
import { LazyDrawer } from '../../components/lazy-drawer';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { MOBILE_DRAWER_WIDTH } from '../../lib/layout-settings';
import { useLayoutStore } from '../../lib/layout-store';
import { SidebarMenu } from './sidebar-menu';

function SidebarBrand({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className="sidebar-brand">
      <BrandMark size={28} />
      {!collapsed && <span className="sidebar-brand-name">{t('appName')}</span>}
    </Link>
  );
}

/** Sider 220 / 80 px on desktop; a 220 px drawer on mobile (S-013, S-037). */
export function Sidebar({ role }: { role: string | null }) {
  const mobile = useLayoutStore((s) => s.mobile);
  const collapsed = useLayoutStore((s) => s.collapsed);
  const dark = useLayoutStore((s) => s.darkSidebar);
  const direction = useLayoutStore((s) => s.direction);
  const mobileDrawer = useLayoutStore((s) => s.mobileDrawer);
  const setMobileDrawer = useLayoutStore((s) => s.setMobileDrawer);
  const theme = dark ? 'dark' : 'light';

  if (mobile) {
    return (
      <LazyDrawer
        open={mobileDrawer}
        onClose={() => setMobileDrawer(false)}
        placement={direction === 'rtl' ? 'right' : 'left'}
        size={MOBILE_DRAWER_WIDTH}
        closable={false}
        styles={{ body: { padding: 0 } }}
        rootClassName={`sidebar-drawer sidebar-${theme}`}
      >
        <div className="sidebar" data-testid="sidebar" data-theme={theme}>
          <SidebarBrand collapsed={false} />
          <SidebarMenu role={role} onNavigate={() => setMobileDrawer(false)} />
        </div>
      </LazyDrawer>
    );
  }
  return (
    <Layout.Sider
      theme={theme}
      width="var(--sider-width)"
      collapsedWidth="var(--sider-collapsed-width)"
      collapsed={collapsed}
      trigger={null}
      collapsible
      className={`sidebar sidebar-${theme}`}
      data-testid="sidebar"
      data-theme={theme}
      data-collapsed={collapsed}
    >
      <SidebarBrand collapsed={collapsed} />
      <div className="sidebar-scroll">
        <SidebarMenu role={role} />
      </div>
    </Layout.Sider>
  );
}
