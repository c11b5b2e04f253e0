import type { UserSettings } from '@pantau/contracts';
import { setUserTimeZone } from '../../../lib/date-time';
import { changeLanguage, currentLanguage } from '../../../lib/i18n';
import { useLayoutStore } from '../../../lib/layout-store';
import { setMapStylePreference } from '../../../map/base-style';

/** Puts the user's settings into effect in this browser: language, time zone, map style, sound. */
export async function applyUserSettings(settings: UserSettings): Promise<void> {
  setUserTimeZone(settings.timeZone);
  setMapStylePreference(settings.mapStyle);
  // The bell's chime follows the layout switch; the two are one setting.
  if (useLayoutStore.getState().notificationSound !== settings.notificationSound)
    useLayoutStore.setState({ notificationSound: settings.notificationSound });
  if (currentLanguage() !== settings.language) await changeLanguage(settings.language);
}

/**
 * What the settings page shows: the stored time zone and map style, and this browser's language and
 * sound switch as they are now (the top bar and the layout drawer change those too).
 */
export function shownSettings(
  stored: UserSettings,
  local: { language: UserSettings['language']; notificationSound: boolean },
): UserSettings {
  return {
    language: local.language,
    timeZone: stored.timeZone,
    mapStyle: stored.mapStyle,
    notificationSound: local.notificationSound,
  };
}
