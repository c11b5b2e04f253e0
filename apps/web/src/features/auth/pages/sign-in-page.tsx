import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { LoginRequest } from '@pantau/contracts';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthStore } from '../../../lib/auth-store';
import { useLogin } from '../api/auth-mutations';
import { AuthCard } from '../components/auth-card';
import { useServerErrors } from '../components/use-server-errors';

export function SignInPage() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<LoginRequest>();
  const login = useLogin();
  const { formError, showError, clearError } = useServerErrors(form);

  const onFinish = (values: LoginRequest) => {
    clearError();
    login.mutate(values, {
      onSuccess: () => {
        useAuthStore.getState().login();
        // The server has set the token cookie; reloading lets it route to the role choice or the dashboard.
        window.location.assign('/');
      },
      onError: showError,
    });
  };

  return (
    <AuthCard
      title={t('signin.title')}
      subtitle={t('signin.subtitle')}
      footer={
        <>
          {t('signin.noAccount')} <Link to="/signup">{t('signin.signupLink')}</Link>
        </>
      }
    >
      {formError && (
        <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} role="alert" />
      )}
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} disabled={login.isPending}>
        <Form.Item
          name="username"
          label={t('fields.usernameOrEmail')}
          rules={[{ required: true, whitespace: true, message: t('rules.usernameRequired') }]}
        >
          <Input
            data-testid="signin-username"
            prefix={<UserOutlined />}
            autoComplete="username"
            autoFocus
            size="large"
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('fields.password')}
          rules={[{ required: true, message: t('rules.passwordRequired') }]}
        >
          <Input.Password
            data-testid="signin-password"
            prefix={<LockOutlined />}
            autoComplete="current-password"
            size="large"
          />
        </Form.Item>
        <Flex justify="end" style={{ marginTop: -8, marginBottom: 16 }}>
          <Link to="/forgot">{t('signin.forgotLink')}</Link>
        </Flex>
        <Button
          data-testid="signin-submit"
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={login.isPending}
        >
          {t('signin.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
