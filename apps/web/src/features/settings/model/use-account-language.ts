import { useCallback } from 'react';
import { changeLanguage, type Language } from '../../../lib/i18n';
import { useSaveUserSettings, useUserSettings } from '../api/user-settings';

/**
 * The language switch of the signed-in shell: switches at once and, when the user has saved settings
 * on the account, saves the new language there too, so the next sign-in (in any browser) keeps it. A user
 * who never saved settings keeps a per-browser choice, as before.
 */
export function useAccountLanguage(): (language: Language) => void {
  const settings = useUserSettings();
  const save = useSaveUserSettings();
  const { mutate } = save;
  const stored = settings.data;
  return useCallback(
    (language: Language) => {
      void changeLanguage(language);
      if (stored && stored.savedAt !== null && stored.language !== language) {
        const { savedAt: _savedAt, ...rest } = stored;
        mutate({ ...rest, language });
      }
    },
    [stored, mutate],
  );
}
