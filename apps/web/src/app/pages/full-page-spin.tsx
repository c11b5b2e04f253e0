import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export function FullPageSpin() {
  const { t } = useTranslation();
  return (
    <div className="full-page-spin">
      <Spin size="large" description={t('loading')} />
    </div>
  );
}
