import { ClockCircleOutlined } from '@ant-design/icons';
import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Resources } from '../../../locales/resources';

export type PlaceholderPage = keyof Resources['placeholder']['pages'];

/** An honest empty state for a page whose content is not built yet. */
export function ComingSoonPage({ page }: { page: PlaceholderPage }) {
  const { t } = useTranslation('placeholder');
  return (
    <Card data-testid="coming-soon" data-page={page}>
      <Result
        icon={<ClockCircleOutlined style={{ color: '#1d4ed8' }} />}
        title={t('comingSoon')}
        subTitle={t(`pages.${page}`)}
      />
    </Card>
  );
}
