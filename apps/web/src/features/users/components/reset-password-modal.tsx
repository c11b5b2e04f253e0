import { userPasswordInput, type UserRow } from '@pantau/contracts';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormErrors } from '../../../components/management/use-form-errors';
import { useResetUserPassword } from '../api/user-mutations';

const FIELDS = ['password'] as const;

/** Sets a new password for a user; their sessions end. */
export function ResetPasswordModal({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const { t } = useTranslation('users');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const reset = useResetUserPassword();
  const errors = useFormErrors(form, FIELDS);

  const submit = async () => {
    if (!user) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    errors.clearFormError();
    const parsed = userPasswordInput.safeParse({ password: values.password });
    if (!parsed.success) return errors.showInvalid(parsed.error);
    try {
      await reset.mutateAsync({ userId: user.userId, password: parsed.data.password });
      void message.success(t('reset.done', { name: user.username }));
      onClose();
    } catch (error) {
      errors.showServerError(error);
    }
  };

  return (
    <Modal
      open={user !== null}
      title={user ? t('reset.title', { name: user.username }) : ''}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={reset.isPending}
      destroyOnHidden
      okButtonProps={{ ...{ 'data-testid': 'reset-password-save' } }}
    >
      <Typography.Paragraph type="secondary">{t('reset.hint')}</Typography.Paragraph>
      {errors.formError && (
        <Alert type="error" showIcon title={errors.formError} style={{ marginBottom: 12 }} />
      )}
      <Form form={form} layout="vertical">
        <Form.Item
          name="password"
          label={t('reset.password')}
          rules={[{ required: true, message: t('add.required') }]}
        >
          <Input.Password autoComplete="new-password" maxLength={128} data-testid="reset-password-input" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('reset.confirm')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('add.required') },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || getFieldValue('password') === value
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('reset.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={128} data-testid="reset-password-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
