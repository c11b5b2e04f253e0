import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation('placeholder');
  const { t: tc } = useTranslation();
  return (
    <Card data-testid="not-found">
      <Result
        status="404"
        title={t('notFound.title')}
        subTitle={t('notFound.body')}
        extra={
          <Link to="/">
            <Button type="primary">{tc('actions.backHome')}</Button>
          </Link>
        }
      />
    </Card>
  );
}
