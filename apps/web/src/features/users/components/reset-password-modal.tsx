import { userPasswordInput, type UserRow } from '@pantau/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal, useModalForm } from '../../../components/management/form-modal';
import { useResetUserPassword } from '../api/user-mutations';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { useApp } from '../../../lib/feedback';

/** Sets a new password for a user; their sessions end. */
export function ResetPasswordModal({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const { t } = useTranslation('users');
  const { message } = useApp();
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
      <NewPasswordFields
        name="password"
        label={t('reset.password')}
        confirmLabel={t('reset.confirm')}
        confirmMessage={t('reset.confirmRequired')}
        mismatchMessage={t('reset.mismatch')}
        testIds={{ password: 'reset-password-input', confirm: 'reset-password-confirm' }}
        maxLength={128}
      />
    </FormModal>
  );
}
