import { create } from 'zustand';
import { persist, type PersistStorage } from 'zustand/middleware';
import {
  defaultSettings,
  isMobile,
  pickPersisted,
  SETTINGS_STORAGE_KEY,
  toggleSetting,
  type LayoutSettings,
  type SettingKey,
} from './layout-settings';

/** Layout state: the persisted settings plus flags that are never stored (spec §3). */
interface LayoutState extends LayoutSettings {
  mobile: boolean;
  mobileDrawer: boolean;
  optionDrawer: boolean;
  settingsDrawer: boolean;
  vehicleDrawer: boolean;
  roleDialog: boolean;
  toggle: (key: SettingKey) => void;
  setMobile: (mobile: boolean) => void;
  setMobileDrawer: (open: boolean) => void;
  setOptionDrawer: (open: boolean) => void;
  setSettingsDrawer: (open: boolean) => void;
  setVehicleDrawer: (open: boolean) => void;
  setRoleDialog: (open: boolean) => void;
}

/** Key `settings` holds exactly the eight layout settings as plain JSON (no zustand envelope). */
const settingsStorage: PersistStorage<LayoutSettings> = {
  getItem: (name) => {
    const raw = localStorage.getItem(name);
    if (raw === null) return null;
    try {
      return { state: pickPersisted(JSON.parse(raw)), version: 0 };
    } catch {
      return null;
    }
  },
  setItem: (name, value) => localStorage.setItem(name, JSON.stringify(value.state)),
  removeItem: (name) => localStorage.removeItem(name),
};

const initialMobile =
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? isMobile(window.matchMedia)
    : false;

export const useLayoutStore = create<LayoutState>()(
  persist(
    (set) => ({
      ...defaultSettings,
      mobile: initialMobile,
      mobileDrawer: false,
      optionDrawer: false,
      settingsDrawer: false,
      vehicleDrawer: false,
      roleDialog: false,
      toggle: (key) => set((s) => toggleSetting(pickPersisted(s), key)),
      setMobile: (mobile) => set(mobile ? { mobile } : { mobile, mobileDrawer: false }),
      setMobileDrawer: (mobileDrawer) => set({ mobileDrawer }),
      setOptionDrawer: (optionDrawer) => set({ optionDrawer }),
      setSettingsDrawer: (settingsDrawer) => set({ settingsDrawer }),
      setVehicleDrawer: (vehicleDrawer) => set({ vehicleDrawer }),
      setRoleDialog: (roleDialog) => set({ roleDialog }),
    }),
    {
      name: SETTINGS_STORAGE_KEY,
      storage: settingsStorage,
      partialize: (s) => pickPersisted(s),
      merge: (persisted, current) => ({ ...current, ...pickPersisted(persisted) }),
    },
  ),
);
