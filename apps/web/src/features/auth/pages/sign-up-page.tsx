import type { SignupRequest } from '@pantau/contracts';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSignup } from '../api/auth-mutations';
import { AuthCard } from '../components/auth-card';
import { useServerErrors } from '../components/use-server-errors';
import { AuthNewPassword } from '../components/auth-new-password';
import { useApp } from '../../../lib/feedback';

interface SignupForm extends SignupRequest {
  confirm: string;
}

const USERNAME_PATTERN = /^[a-zA-Z0-9._-]{3,64}$/;

export function SignUpPage() {
  const { t } = useTranslation('auth');
  const { message } = useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<SignupForm>();
  const signup = useSignup();
  const { formError, showError, clearError } = useServerErrors(form);

  const onFinish = ({ confirm: _confirm, ...body }: SignupForm) => {
    clearError();
    signup.mutate(body, {
      onSuccess: () => {
        void message.success(t('signup.success'), 6);
        void navigate('/signin');
      },
      onError: showError,
    });
  };

  return (
    <AuthCard
      title={t('signup.title')}
      subtitle={t('signup.subtitle')}
      footer={
        <>
          {t('signup.haveAccount')} <Link to="/signin">{t('signup.signinLink')}</Link>
        </>
      }
    >
      {formError && (
        <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} role="alert" />
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        requiredMark={false}
        disabled={signup.isPending}
      >
        <Form.Item
          name="username"
          label={t('fields.username')}
          rules={[{ required: true, pattern: USERNAME_PATTERN, message: t('rules.usernameFormat') }]}
        >
          <Input data-testid="signup-username" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('fields.email')}
          rules={[{ required: true, type: 'email', message: t('rules.emailFormat') }]}
        >
          <Input data-testid="signup-email" autoComplete="email" inputMode="email" />
        </Form.Item>
        <Form.Item
          name="displayName"
          label={t('fields.displayName')}
          rules={[{ required: true, whitespace: true, max: 100, message: t('rules.displayNameRequired') }]}
        >
          <Input data-testid="signup-display-name" autoComplete="name" />
        </Form.Item>
        <AuthNewPassword
          name="password"
          label="fields.password"
          testIds={{ password: 'signup-password', confirm: 'signup-confirm' }}
        />
        <Button
          data-testid="signup-submit"
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={signup.isPending}
        >
          {t('signup.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
