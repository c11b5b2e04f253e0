import {
  BellOutlined,
  DownOutlined,
  LogoutOutlined,
  SettingOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLayoutStore } from '../../lib/layout-store';
import { useSignOut } from '../../lib/use-sign-out';

/** Display name with Settings, Profile, Change Role, Notifications and Signout (S-010). */
export function UserMenu({ displayName, roleLabel }: { displayName: string; roleLabel: string | undefined }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const signOut = useSignOut();
  const mobile = useLayoutStore((s) => s.mobile);
  const setRoleDialog = useLayoutStore((s) => s.setRoleDialog);

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          { key: 'settings', icon: <SettingOutlined />, label: t('userMenu.settings') },
          { key: 'profile', icon: <UserOutlined />, label: t('userMenu.profile') },
          { key: 'changeRole', icon: <SwapOutlined />, label: t('userMenu.changeRole') },
          { key: 'notifications', icon: <BellOutlined />, label: t('userMenu.notifications') },
          { type: 'divider' },
          { key: 'signout', icon: <LogoutOutlined />, label: t('userMenu.signout'), danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'settings') void navigate('/settings');
          else if (key === 'profile') void navigate('/profile');
          else if (key === 'changeRole') setRoleDialog(true);
          else if (key === 'notifications') void navigate('/notifications');
          else if (key === 'signout') void signOut();
        },
      }}
    >
      <Button
        type="text"
        className="header-user"
        data-testid="header-user-menu"
        aria-label={t('header.userMenu')}
      >
        <Avatar size="small" icon={<UserOutlined />} style={{ background: '#1d4ed8', flex: 'none' }} />
        {!mobile && (
          <span className="header-user-text">
            <span className="header-user-name">{displayName}</span>
            {roleLabel && <span className="header-user-role">{roleLabel}</span>}
          </span>
        )}
        {!mobile && <DownOutlined style={{ fontSize: 10 }} />}
      </Button>
    </Dropdown>
  );
}
