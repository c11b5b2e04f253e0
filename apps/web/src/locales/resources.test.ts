import { describe, expect, it } from 'vitest';
import { en, id } from './resources';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('locales', () => {
  it('S-065 English and Indonesian have the same keys in every namespace, none empty', () => {
    expect(keys(id).sort()).toEqual(keys(en).sort());
    const values = (r: unknown): unknown[] =>
      typeof r === 'object' && r !== null ? Object.values(r).flatMap(values) : [r];
    for (const v of [...values(en), ...values(id)])
      expect(typeof v === 'string' && v.trim().length > 0).toBe(true);
  });

  it('S-065 the spec labels are in English and translated in Indonesian', () => {
    expect(en.common.loading).toBe('Loading...');
    expect(en.errors.notificationFetch).toBe('Got error. On Get Notification');
    expect(en.shell.role.title).toBe('Choose Role');
    expect(id.shell.role.title).toBe('Pilih Peran');
    expect(en.shell.menu.ccUtility).toBe('Utilitas');
    expect(en.shell.menu.ccTraffic).toBe('Traffic All');
    expect(en.shell.menu.geofenceReport).toBe('Geofence Report By Vehicle');
    expect(en.notifications.itemTitle).toBe('{{event}} By {{vehicle}}');
    expect(id.shell.menu.management).toBe('Manajemen');
  });

  it('S-012 the settings drawer has the spec labels', () => {
    expect(en.shell.settings).toMatchObject({
      boxed: 'Boxed view',
      darkSidebar: 'Dark sidebar menu',
      sidebarPopup: 'Popup sub menus',
      sidebarIcons: 'Sidebar menu icons',
      collapsed: 'Collapsed sidebar menu',
      weakColor: 'Weak colors',
      direction: 'RTL/LTR toggle',
      notificationSound: 'Notification Sound',
    });
  });
});
