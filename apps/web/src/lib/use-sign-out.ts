import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { signOut } from './session';
import { useApp } from './feedback';

/** Sign out, with a toast when the server call fails (spec §8). */
export function useSignOut(): () => Promise<void> {
  const { message } = useApp();
  const { t } = useTranslation('errors');
  return useCallback(async () => {
    try {
      await signOut();
    } catch (error) {
      console.error(error);
      void message.error(t('signOutFailed'));
    }
  }, [message, t]);
}
