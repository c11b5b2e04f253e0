import { userPasswordInput, type UserRow } from '@pantau/contracts';
import { App, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal, useModalForm } from '../../../components/management/form-modal';
import { useResetUserPassword } from '../api/user-mutations';
import { matchesField } from '../../../lib/form-rules';

/** Sets a new password for a user; their sessions end. */
export function ResetPasswordModal({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const { t } = useTranslation('users');
  const { message } = App.useApp();
  const reset = useResetUserPassword();
  const modal = useModalForm({
    fields: ['password'],
    check: (values: { password: string; confirm: string }) =>
      userPasswordInput.safeParse({ password: values.password }),
    save: async ({ password }) => {
      if (!user) return null;
      await reset.mutateAsync({ userId: user.userId, password });
      return user;
    },
    done: (saved) => {
      if (!saved) return;
      void message.success(t('reset.done', { name: saved.username }));
      onClose();
    },
  });

  return (
    <FormModal
      {...modal}
      open={user !== null}
      title={user ? t('reset.title', { name: user.username }) : ''}
      onClose={onClose}
      saving={reset.isPending}
      testId="reset-password"
      intro={<Typography.Paragraph type="secondary">{t('reset.hint')}</Typography.Paragraph>}
    >
      <Form.Item name="password" label={t('reset.password')} required>
        <Input.Password autoComplete="new-password" maxLength={128} data-testid="reset-password-input" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('reset.confirm')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('reset.confirmRequired') },
          matchesField('password', t('reset.mismatch')),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={128} data-testid="reset-password-confirm" />
      </Form.Item>
    </FormModal>
  );
}
