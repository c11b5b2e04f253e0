import { describe, expect, it } from 'vitest';
import { groupOfPath, menuForRole, menuLinks, type MenuEntry } from './menu';

const shape = (menu: MenuEntry[]) =>
  menu.map((e) => (e.kind === 'link' ? e.path : { [e.key]: e.children.map((c) => c.path) }));

describe('menuForRole', () => {
  it('S-006 Administrator gets the full menu with the spec paths, groups and labels', () => {
    const menu = menuForRole('Administrator');
    expect(shape(menu)).toEqual([
      '/',
      '/map',
      '/vehicle-summary',
      '/availability',
      '/violation-traffic',
      { spk: ['/spk/ccr', '/spk/dt'] },
      {
        'car-carrier': [
          '/car-carrier/activity',
          '/car-carrier/summary',
          '/car-carrier/utility',
          '/car-carrier/traffic',
        ],
      },
      {
        report: [
          '/report/geofence-report',
          '/report/over-speed-report',
          '/report/over-stop-report',
          '/report/over-route-report',
          '/report/detail-activity',
        ],
      },
      {
        management: [
          '/management/vehicle-management',
          '/management/driver-management',
          '/management/fleet-management',
          '/management/user-management',
        ],
      },
    ]);
    expect(menuLinks(menu).map((l) => l.label)).toContain('ccUtility');
    expect(menu.filter((e) => e.kind === 'group').map((g) => g.label)).toEqual([
      'spk',
      'carCarrier',
      'report',
      'management',
    ]);
  });

  it('S-006 an unknown role, or none, gets the Administrator menu', () => {
    expect(menuForRole('Dispatcher')).toEqual(menuForRole('Administrator'));
    expect(menuForRole(null)).toEqual(menuForRole('Administrator'));
  });

  it('S-007 User gets Dashboard, Map, Vehicle Summary and four reports', () => {
    expect(shape(menuForRole('User'))).toEqual([
      '/',
      '/map',
      '/vehicle-summary',
      {
        report: [
          '/report/geofence-report',
          '/report/over-speed-report',
          '/report/over-stop-report',
          '/report/over-route-report',
        ],
      },
    ]);
  });

  it('S-008 Guest gets Dashboard, Map and Vehicle Summary only', () => {
    expect(shape(menuForRole('Guest'))).toEqual(['/', '/map', '/vehicle-summary']);
  });

  it('finds the group that holds a path', () => {
    expect(groupOfPath(menuForRole('Administrator'), '/spk/dt')).toBe('spk');
    expect(groupOfPath(menuForRole('Administrator'), '/map')).toBeUndefined();
  });
});
