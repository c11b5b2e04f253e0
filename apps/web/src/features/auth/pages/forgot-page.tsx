import type { ForgotRequest } from '@pantau/contracts';
import { Alert, Button, Form, Input, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForgot, useResetPassword } from '../api/auth-mutations';
import { AuthCard } from '../components/auth-card';
import { useServerErrors } from '../components/use-server-errors';
import { AuthNewPassword } from '../components/auth-new-password';
import { useApp } from '../../../lib/feedback';

/** /forgot asks for a reset link; /forgot?token=… (the link from the e-mail) sets the new password. */
export function ForgotPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <ResetForm token={token} /> : <RequestForm />;
}

function RequestForm() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<ForgotRequest>();
  const forgot = useForgot();
  const { formError, showError, clearError } = useServerErrors(form);
  const footer = <Link to="/signin">{t('forgot.backToSignin')}</Link>;

  if (forgot.isSuccess) {
    return (
      <AuthCard title={t('forgot.title')} footer={footer}>
        <Result status="success" title={t('forgot.sent')} style={{ padding: 0 }} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')} footer={footer}>
      {formError && (
        <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} role="alert" />
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={forgot.isPending}
        onFinish={(values) => {
          clearError();
          forgot.mutate(values, { onError: showError });
        }}
      >
        <Form.Item
          name="username"
          label={t('fields.usernameOrEmail')}
          rules={[{ required: true, whitespace: true, message: t('rules.usernameRequired') }]}
        >
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={forgot.isPending}>
          {t('forgot.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}

interface ResetFields {
  password: string;
  confirm: string;
}

function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const { message } = useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetFields>();
  const reset = useResetPassword();
  const { formError, showError, clearError } = useServerErrors(form);

  return (
    <AuthCard
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      footer={<Link to="/signin">{t('forgot.backToSignin')}</Link>}
    >
      {formError && (
        <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} role="alert" />
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={reset.isPending}
        onFinish={({ password }) => {
          clearError();
          reset.mutate(
            { token, password },
            {
              onSuccess: () => {
                void message.success(t('reset.done'), 6);
                void navigate('/signin');
              },
              onError: showError,
            },
          );
        }}
      >
        <AuthNewPassword name="password" label="fields.newPassword" autoFocus />
        <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
          {t('reset.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
