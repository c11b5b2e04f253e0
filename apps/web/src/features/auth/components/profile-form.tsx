import type { LoginUser } from '@pantau/contracts';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import type { ProfileInput } from '@pantau/contracts';
import { useUpdateProfile } from '../api/profile-mutations';
import { useServerErrors } from './use-server-errors';
import { useApp } from '../../../lib/feedback';

/** Display name and e-mail of the signed-in user. */
export function ProfileForm({ user }: { user: LoginUser }) {
  const { t } = useTranslation('auth');
  const { message } = useApp();
  const [form] = Form.useForm<ProfileInput>();
  const update = useUpdateProfile();
  const { formError, showError, clearError } = useServerErrors(form);

  const onFinish = (body: ProfileInput) => {
    clearError();
    update.mutate(body, {
      onSuccess: (saved) => {
        form.setFieldsValue({ displayName: saved.displayName, email: saved.email });
        void message.success(t('profile.saved'));
      },
      onError: (error) => {
        if (isApiError(error) && error.code === 'CONFLICT') {
          form.setFields([{ name: 'email', errors: [t('profile.emailTaken')] }]);
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
      initialValues={{ displayName: user.displayName, email: user.email }}
      onFinish={onFinish}
      disabled={update.isPending}
      data-testid="profile-form"
    >
      {formError && (
        <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} role="alert" />
      )}
      <Form.Item
        name="displayName"
        label={t('fields.displayName')}
        rules={[{ required: true, whitespace: true, max: 100, message: t('rules.displayNameRequired') }]}
      >
        <Input data-testid="profile-display-name" autoComplete="name" maxLength={100} />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('fields.email')}
        rules={[{ required: true, type: 'email', max: 254, message: t('rules.emailFormat') }]}
      >
        <Input data-testid="profile-email" autoComplete="email" inputMode="email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="profile-save">
        {t('profile.save')}
      </Button>
    </Form>
  );
}
