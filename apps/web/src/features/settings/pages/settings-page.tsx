import { TIME_ZONES, type UserSettings } from '@pantau/contracts';
import { Alert, Card, Flex, Form, Radio, Select, Skeleton, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/error-message';
import { parseLanguage } from '../../../lib/i18n';
import { useLayoutStore } from '../../../lib/layout-store';
import { useSaveUserSettings, useUserSettings } from '../api/user-settings';
import { applyUserSettings, shownSettings } from '../model/apply-settings';
import './settings-page.css';
import { useApp } from '../../../lib/feedback';

/** The time-zone choice that follows the unit's zone (stored as null). */
const UNIT_ZONE = 'unit';

/** /settings: personal settings stored on the account; each change is saved and applied at once. */
export function SettingsPage() {
  const { t, i18n } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const { t: te } = useTranslation('errors');
  const { message } = useApp();
  const stored = useUserSettings();
  const save = useSaveUserSettings();
  const notificationSound = useLayoutStore((s) => s.notificationSound);
  const shown = stored.data
    ? shownSettings(stored.data, { language: parseLanguage(i18n.resolvedLanguage), notificationSound })
    : undefined;

  const change = (patch: Partial<UserSettings>) => {
    if (!shown) return;
    const before = shown;
    const next = { ...shown, ...patch };
    void applyUserSettings(next);
    save.mutate(next, {
      onSuccess: () =>
        void message.success({ content: t('saved', { lng: next.language }), key: 'settings-saved' }),
      onError: (error) => {
        void message.error(errorMessage(te, error));
        void applyUserSettings(before);
      },
    });
  };

  return (
    <>
      <PageHeader title={t('title')} intro={t('intro')} />
      <Card className="user-settings" data-testid="user-settings">
        {stored.isPending && <Skeleton active />}
        {stored.isError && <Alert type="error" showIcon title={errorMessage(te, stored.error)} />}
        {shown && (
          <Form layout="vertical" component="div">
            <Form.Item label={tc('language.label')} extra={t('languageHint')}>
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                value={shown.language}
                onChange={(e) => change({ language: e.target.value as UserSettings['language'] })}
                options={[
                  { value: 'en', label: tc('language.en') },
                  { value: 'id', label: tc('language.id') },
                ]}
                data-testid="settings-language"
              />
            </Form.Item>
            <Form.Item label={t('timeZone')} extra={t('timeZoneHint')}>
              <Select
                value={shown.timeZone ?? UNIT_ZONE}
                onChange={(zone: string) =>
                  change({ timeZone: zone === UNIT_ZONE ? null : (zone as UserSettings['timeZone']) })
                }
                options={[
                  { value: UNIT_ZONE, label: t('zones.unit') },
                  ...TIME_ZONES.map((zone) => ({ value: zone, label: t(`zones.${zone}`) })),
                ]}
                style={{ maxWidth: 360 }}
                data-testid="settings-time-zone"
              />
            </Form.Item>
            <Form.Item label={t('mapStyle')}>
              <Radio.Group
                value={shown.mapStyle}
                onChange={(e) => change({ mapStyle: e.target.value as UserSettings['mapStyle'] })}
                data-testid="settings-map-style"
              >
                <Flex vertical gap={8}>
                  <Radio value="default">
                    {t('mapStyles.default')}
                    <Typography.Text type="secondary" className="user-settings-option-hint">
                      {t('mapStyles.defaultHint')}
                    </Typography.Text>
                  </Radio>
                  <Radio value="offline">
                    {t('mapStyles.offline')}
                    <Typography.Text type="secondary" className="user-settings-option-hint">
                      {t('mapStyles.offlineHint')}
                    </Typography.Text>
                  </Radio>
                </Flex>
              </Radio.Group>
            </Form.Item>
            <Form.Item label={t('notificationSound')} extra={t('notificationSoundHint')}>
              <Switch
                checked={shown.notificationSound}
                onChange={(notificationSound) => change({ notificationSound })}
                data-testid="settings-notification-sound"
                aria-label={t('notificationSound')}
              />
            </Form.Item>
            <Typography.Text type="secondary">{t('followsYou')}</Typography.Text>
          </Form>
        )}
      </Card>
    </>
  );
}
