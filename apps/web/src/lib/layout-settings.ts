/** Layout settings (spec §3 "Key settings", §4 "Layout settings") as pure reducer-style rules. */
export interface LayoutSettings {
  boxed: boolean;
  darkSidebar: boolean;
  sidebarPopup: boolean;
  sidebarIcons: boolean;
  collapsed: boolean;
  weakColor: boolean;
  notificationSound: boolean;
  direction: 'ltr' | 'rtl';
}

export type SettingKey = keyof LayoutSettings;
export type BooleanSettingKey = Exclude<SettingKey, 'direction'>;

/** The localStorage key of the persisted settings. */
export const SETTINGS_STORAGE_KEY = 'settings';
/** Desktop breakpoint (spec §9). */
export const DESKTOP_QUERY = '(min-width: 992px)';
export const SETTINGS_DRAWER_WIDTH = 300;
export const MOBILE_DRAWER_WIDTH = 220;

export const defaultSettings: LayoutSettings = {
  boxed: false,
  darkSidebar: false,
  sidebarPopup: false,
  sidebarIcons: true,
  collapsed: false,
  weakColor: false,
  notificationSound: true,
  direction: 'ltr',
};

/** The order of the switches in the settings drawer. */
export const settingKeys: readonly SettingKey[] = [
  'boxed',
  'darkSidebar',
  'sidebarPopup',
  'sidebarIcons',
  'collapsed',
  'weakColor',
  'direction',
  'notificationSound',
];

/** Applies one switch of the settings drawer and the rules that come with it. */
export function toggleSetting(state: LayoutSettings, key: SettingKey): LayoutSettings {
  switch (key) {
    case 'collapsed':
      // Collapsing when not collapsed forces icons on: a collapsed menu shows only icons.
      return state.collapsed
        ? { ...state, collapsed: false }
        : { ...state, collapsed: true, sidebarIcons: true };
    case 'sidebarIcons':
      return state.collapsed ? state : { ...state, sidebarIcons: !state.sidebarIcons };
    case 'weakColor':
      if (!state.weakColor && state.darkSidebar) return { ...state, weakColor: true, darkSidebar: false };
      return { ...state, weakColor: !state.weakColor };
    case 'direction':
      return { ...state, direction: state.direction === 'ltr' ? 'rtl' : 'ltr' };
    default:
      return { ...state, [key]: !state[key] };
  }
}

/** Mobile means the desktop media query does not match. */
export function isMobile(matchMedia: (query: string) => { matches: boolean }): boolean {
  return !matchMedia(DESKTOP_QUERY).matches;
}

/** Keeps only the persisted fields, and fills missing or broken ones with the defaults. */
export function pickPersisted(value: unknown): LayoutSettings {
  const source = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const out: LayoutSettings = { ...defaultSettings };
  for (const key of settingKeys) {
    const v = source[key];
    if (key === 'direction') {
      if (v === 'ltr' || v === 'rtl') out.direction = v;
    } else if (typeof v === 'boolean') {
      out[key] = v;
    }
  }
  return out;
}
