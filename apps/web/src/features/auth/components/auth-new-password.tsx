import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../../components/new-password-fields';

/** The new password and its confirmation as the sign-up, reset and profile forms word them. */
export function AuthNewPassword(props: {
  name: 'password' | 'newPassword';
  label: 'fields.password' | 'fields.newPassword';
  testIds?: { password: string; confirm: string };
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('auth');
  return (
    <NewPasswordFields
      {...props}
      label={t(props.label)}
      confirmLabel={t('fields.confirmPassword')}
      lengthMessage={t('rules.passwordLength')}
      confirmMessage={t('rules.passwordMatch')}
    />
  );
}
