import type { LoginUser } from '@pantau/contracts';
import { useEffect } from 'react';
import { getUserSettings } from '../api/user-settings';
import { applyUserSettings } from './apply-settings';

/** localStorage key: the sign-in whose server settings this browser has applied. */
export const SETTINGS_APPLIED_KEY = 'settings_applied';

/** One sign-in of one user: `lastLogin` changes with every sign-in and stays put across reloads. */
export const signInMark = (user: Pick<LoginUser, 'userId' | 'lastLogin'>) =>
  `${user.userId}|${user.lastLogin ?? ''}`;

/**
 * After a sign-in, puts the settings the user saved into effect in this browser (so they follow the
 * user everywhere). Only once per sign-in: a language picked later in the top bar survives reloads.
 */
export function useSettingsOnSignIn(user: LoginUser | undefined) {
  useEffect(() => {
    if (!user) return;
    const mark = signInMark(user);
    if (localStorage.getItem(SETTINGS_APPLIED_KEY) === mark) return;
    let cancelled = false;
    getUserSettings()
      .then(async (settings) => {
        if (cancelled) return;
        localStorage.setItem(SETTINGS_APPLIED_KEY, mark);
        // Never saved: this browser's own choices (language, sound) stay as they are.
        if (settings.savedAt !== null) await applyUserSettings(settings);
      })
      // The settings are a convenience: the app works with this browser's own if they cannot be read.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [user]);
}
