/** Personal settings. (Being built.) */
export function SettingsPage() {
  return null;
}
