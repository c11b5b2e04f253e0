import { Divider, Drawer, Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch';
import { useAccountLanguage } from '../../features/settings/model/use-account-language';
import { SETTINGS_DRAWER_WIDTH, settingKeys, type SettingKey } from '../../lib/layout-settings';
import { useLayoutStore } from '../../lib/layout-store';

/** The eight layout switches (S-012); stored under localStorage `settings`. */
export function SettingsDrawer() {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation();
  const state = useLayoutStore();
  const onLanguage = useAccountLanguage();
  const checked = (key: SettingKey) => (key === 'direction' ? state.direction === 'rtl' : state[key]);
  const disabled = (key: SettingKey) => key === 'sidebarIcons' && state.collapsed;

  return (
    <Drawer
      title={t('settings.title')}
      open={state.settingsDrawer}
      onClose={() => state.setSettingsDrawer(false)}
      size={SETTINGS_DRAWER_WIDTH}
      placement={state.direction === 'rtl' ? 'left' : 'right'}
      rootClassName="settings-drawer"
    >
      <div data-testid="settings-drawer">
        <Typography.Text type="secondary" strong>
          {t('settings.layout')}
        </Typography.Text>
        <div className="settings-list">
          {settingKeys.map((key) => (
            <label key={key} className="settings-row" htmlFor={`setting-${key}`}>
              <span>{t(`settings.${key}`)}</span>
              <Switch
                id={`setting-${key}`}
                size="small"
                data-testid={`setting-${key}`}
                checked={checked(key)}
                disabled={disabled(key)}
                onChange={() => state.toggle(key)}
                {...(key === 'direction' ? { checkedChildren: 'RTL', unCheckedChildren: 'LTR' } : {})}
              />
            </label>
          ))}
        </div>
        <Divider />
        <Flex vertical gap={8}>
          <Typography.Text type="secondary" strong>
            {tc('language.label')}
          </Typography.Text>
          <LanguageSwitch block testId="settings-language-switch" onChange={onLanguage} />
        </Flex>
      </div>
    </Drawer>
  );
}
