import { describe, expect, it } from 'vitest';
import {
  defaultSettings,
  isMobile,
  pickPersisted,
  toggleSetting,
  type LayoutSettings,
} from './layout-settings';

const with_ = (patch: Partial<LayoutSettings>): LayoutSettings => ({ ...defaultSettings, ...patch });

describe('layout settings rules', () => {
  it('S-036 defaults: notificationSound on, direction ltr, sidebarIcons on, all others off', () => {
    expect(defaultSettings).toEqual({
      boxed: false,
      darkSidebar: false,
      sidebarPopup: false,
      sidebarIcons: true,
      collapsed: false,
      weakColor: false,
      notificationSound: true,
      direction: 'ltr',
    });
  });

  it('S-031 collapsing when not collapsed forces icons on', () => {
    expect(toggleSetting(with_({ sidebarIcons: false }), 'collapsed')).toMatchObject({
      collapsed: true,
      sidebarIcons: true,
    });
    expect(toggleSetting(with_({ collapsed: true }), 'collapsed')).toMatchObject({
      collapsed: false,
      sidebarIcons: true,
    });
  });

  it('S-032 toggling icons is ignored while collapsed', () => {
    const collapsed = with_({ collapsed: true, sidebarIcons: true });
    expect(toggleSetting(collapsed, 'sidebarIcons')).toEqual(collapsed);
    expect(toggleSetting(with_({ sidebarIcons: true }), 'sidebarIcons').sidebarIcons).toBe(false);
  });

  it('S-033 turning weak colour on while dark sidebar is on turns dark sidebar off', () => {
    expect(toggleSetting(with_({ darkSidebar: true }), 'weakColor')).toMatchObject({
      weakColor: true,
      darkSidebar: false,
    });
    expect(toggleSetting(with_({ weakColor: true, darkSidebar: true }), 'weakColor')).toMatchObject({
      weakColor: false,
      darkSidebar: true,
    });
    expect(toggleSetting(with_({}), 'weakColor')).toMatchObject({ weakColor: true, darkSidebar: false });
  });

  it('S-034 direction toggles ltr ↔ rtl', () => {
    const rtl = toggleSetting(defaultSettings, 'direction');
    expect(rtl.direction).toBe('rtl');
    expect(toggleSetting(rtl, 'direction').direction).toBe('ltr');
  });

  it('S-035 mobile follows the (min-width: 992px) media query: mobile when it does not match', () => {
    const queries: string[] = [];
    const media = (matches: boolean) => (q: string) => (queries.push(q), { matches });
    expect(isMobile(media(true))).toBe(false);
    expect(isMobile(media(false))).toBe(true);
    expect(queries).toEqual(['(min-width: 992px)', '(min-width: 992px)']);
  });

  it('plain switches just flip', () => {
    for (const key of ['boxed', 'darkSidebar', 'sidebarPopup', 'notificationSound'] as const) {
      expect(toggleSetting(defaultSettings, key)[key]).toBe(!defaultSettings[key]);
    }
  });

  it('S-021 keeps only the eight stored fields and repairs broken values', () => {
    expect(
      pickPersisted({
        boxed: true,
        mobile: true,
        optionDrawer: true,
        direction: 'sideways',
        collapsed: 'yes',
      }),
    ).toEqual({ ...defaultSettings, boxed: true });
    expect(pickPersisted(null)).toEqual(defaultSettings);
  });
});
