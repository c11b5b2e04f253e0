import { Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLayoutStore } from '../../lib/layout-store';
import { groupOfPath, menuForRole } from './menu';
import { menuIcons } from './menu-icons';

type Item = Required<MenuProps>['items'][number];

/** The role's menu (spec §2) as an antd Menu; the selected item follows the route. */
export function SidebarMenu({ role, onNavigate }: { role: string | null; onNavigate?: () => void }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const dark = useLayoutStore((s) => s.darkSidebar);
  const popup = useLayoutStore((s) => s.sidebarPopup);
  const showIcons = useLayoutStore((s) => s.sidebarIcons || s.collapsed);
  const menu = useMemo(() => menuForRole(role), [role]);
  const currentGroup = groupOfPath(menu, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(currentGroup ? [currentGroup] : []);

  const [seenGroup, setSeenGroup] = useState(currentGroup);
  // Open the group of a newly selected route (state adjusted during render, not in an effect).
  if (seenGroup !== currentGroup) {
    setSeenGroup(currentGroup);
    if (currentGroup && !openKeys.includes(currentGroup)) setOpenKeys([...openKeys, currentGroup]);
  }

  const items: Item[] = menu.map((entry) =>
    entry.kind === 'link'
      ? {
          key: entry.path,
          label: <Link to={entry.path}>{t(`menu.${entry.label}`)}</Link>,
          icon: showIcons ? menuIcons[entry.label] : undefined,
        }
      : {
          key: entry.key,
          label: t(`menu.${entry.label}`),
          icon: showIcons ? menuIcons[entry.label] : undefined,
          children: entry.children.map((c) => ({
            key: c.path,
            label: <Link to={c.path}>{t(`menu.${c.label}`)}</Link>,
            icon: showIcons ? menuIcons[c.label] : undefined,
          })),
        },
  );

  return (
    <Menu
      theme={dark ? 'dark' : 'light'}
      mode={popup ? 'vertical' : 'inline'}
      items={items}
      selectedKeys={[pathname]}
      {...(popup ? {} : { openKeys, onOpenChange: setOpenKeys })}
      // Entries are real links (open in a new tab works); a click also closes the mobile drawer.
      onClick={() => onNavigate?.()}
      className={showIcons ? 'sidebar-menu' : 'sidebar-menu sidebar-menu-no-icons'}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
