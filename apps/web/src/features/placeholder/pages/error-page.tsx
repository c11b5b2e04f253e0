import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** /_error and the router's error element: a page outside the shell with a way back. */
export function ErrorPage() {
  const { t } = useTranslation('placeholder');
  const { t: tc } = useTranslation();
  return (
    <Flex className="auth-page" align="center" justify="center">
      <Result
        status="error"
        title={t('error.title')}
        subTitle={t('error.body')}
        extra={
          <Button type="primary" href="/">
            {tc('actions.backHome')}
          </Button>
        }
      />
    </Flex>
  );
}
