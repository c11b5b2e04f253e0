import type { PasswordChangeInput } from '@pantau/contracts';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useChangePassword } from '../api/profile-mutations';
import { useServerErrors } from './use-server-errors';
import { AuthNewPassword } from './auth-new-password';
import { useApp } from '../../../lib/feedback';

interface PasswordForm extends PasswordChangeInput {
  confirm: string;
}

/** Change password: the current one is required; this browser stays signed in, the others end. */
export function PasswordForm() {
  const { t } = useTranslation('auth');
  const { t: te } = useTranslation('errors');
  const { message } = useApp();
  const [form] = Form.useForm<PasswordForm>();
  const change = useChangePassword();
  const { formError, showError, clearError } = useServerErrors(form);

  const onFinish = ({ confirm: _confirm, ...body }: PasswordForm) => {
    clearError();
    change.mutate(body, {
      onSuccess: () => {
        form.resetFields();
        void message.success(t('profile.passwordChanged'), 6);
      },
      onError: (error) => {
        if (isApiError(error) && error.code === 'WRONG_PASSWORD') {
          form.setFields([{ name: 'currentPassword', errors: [te('codes.WRONG_PASSWORD')] }]);
          return;
        }
        showError(error);
      },
    });
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      disabled={change.isPending}
      data-testid="password-form"
    >
      {formError && (
        <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} role="alert" />
      )}
      <Form.Item
        name="currentPassword"
        label={t('profile.currentPassword')}
        rules={[{ required: true, message: t('profile.currentPasswordRequired') }]}
      >
        <Input.Password data-testid="password-current" autoComplete="current-password" />
      </Form.Item>
      <AuthNewPassword
        name="newPassword"
        label="fields.newPassword"
        testIds={{ password: 'password-new', confirm: 'password-confirm' }}
      />
      <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="password-save">
        {t('profile.changePassword')}
      </Button>
    </Form>
  );
}
