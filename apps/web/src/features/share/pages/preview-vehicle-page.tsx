import { LinkOutlined } from '@ant-design/icons';
import { Card, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../../components/brand-mark';
import { LanguageSwitch } from '../../../components/language-switch';

/** /preview-vehicle: the shared live location page. Sharing comes in a later issue, so every link is invalid for now. */
export function PreviewVehiclePage() {
  const { t } = useTranslation('placeholder');
  const { t: tc } = useTranslation();
  return (
    <Flex className="auth-page" vertical align="center" justify="center">
      <Card className="auth-card">
        <Flex justify="space-between" align="center">
          <Flex align="center" gap={8}>
            <BrandMark size={28} />
            <strong style={{ fontSize: 18 }}>{tc('appName')}</strong>
          </Flex>
          <LanguageSwitch />
        </Flex>
        <Result
          icon={<LinkOutlined style={{ color: '#d97706' }} />}
          title={t('preview.title')}
          subTitle={t('preview.missing')}
          data-testid="preview-invalid"
        />
      </Card>
    </Flex>
  );
}
