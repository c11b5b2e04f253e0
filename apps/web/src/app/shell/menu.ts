import type { Resources } from '../../locales/resources';

export type MenuLabel = keyof Resources['shell']['menu'];

export interface MenuLink {
  kind: 'link';
  path: string;
  label: MenuLabel;
}
export interface MenuGroup {
  kind: 'group';
  key: string;
  label: MenuLabel;
  children: MenuLink[];
}
export type MenuEntry = MenuLink | MenuGroup;

const link = (path: string, label: MenuLabel): MenuLink => ({ kind: 'link', path, label });

const dashboard = link('/', 'dashboard');
const map = link('/map', 'map');
const vehicleSummary = link('/vehicle-summary', 'vehicleSummary');
const geofenceReport = link('/report/geofence-report', 'geofenceReport');
const overSpeedReport = link('/report/over-speed-report', 'overSpeedReport');
const overStopReport = link('/report/over-stop-report', 'overStopReport');
const overRouteReport = link('/report/over-route-report', 'overRouteReport');

const administratorMenu: MenuEntry[] = [
  dashboard,
  map,
  vehicleSummary,
  link('/availability', 'availability'),
  link('/violation-traffic', 'violationTraffic'),
  {
    kind: 'group',
    key: 'spk',
    label: 'spk',
    children: [link('/spk/ccr', 'spkCcr'), link('/spk/dt', 'spkDt')],
  },
  {
    kind: 'group',
    key: 'car-carrier',
    label: 'carCarrier',
    children: [
      link('/car-carrier/activity', 'ccActivity'),
      link('/car-carrier/summary', 'ccSummary'),
      link('/car-carrier/utility', 'ccUtility'),
      link('/car-carrier/traffic', 'ccTraffic'),
    ],
  },
  {
    kind: 'group',
    key: 'report',
    label: 'report',
    children: [
      geofenceReport,
      overSpeedReport,
      overStopReport,
      overRouteReport,
      link('/report/detail-activity', 'detailActivity'),
    ],
  },
  {
    kind: 'group',
    key: 'management',
    label: 'management',
    children: [
      link('/management/vehicle-management', 'vehicleManagement'),
      link('/management/driver-management', 'driverManagement'),
      link('/management/fleet-management', 'fleetManagement'),
      link('/management/user-management', 'userManagement'),
    ],
  },
];

const userMenu: MenuEntry[] = [
  dashboard,
  map,
  vehicleSummary,
  {
    kind: 'group',
    key: 'report',
    label: 'report',
    children: [geofenceReport, overSpeedReport, overStopReport, overRouteReport],
  },
];

const guestMenu: MenuEntry[] = [dashboard, map, vehicleSummary];

/** The sidebar menu of a role (spec §2): User and Guest get reduced menus, every other role the full one. */
export function menuForRole(role: string | null | undefined): MenuEntry[] {
  if (role === 'User') return userMenu;
  if (role === 'Guest') return guestMenu;
  return administratorMenu;
}

/** Every link of a menu, groups flattened. */
export function menuLinks(menu: MenuEntry[]): MenuLink[] {
  return menu.flatMap((e) => (e.kind === 'link' ? [e] : e.children));
}

/** The group that holds a path, to open it when the route is inside. */
export function groupOfPath(menu: MenuEntry[], path: string): string | undefined {
  for (const entry of menu) {
    if (entry.kind === 'group' && entry.children.some((c) => c.path === path)) return entry.key;
  }
  return undefined;
}
