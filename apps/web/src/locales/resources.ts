import enManagement from './en/management.json';
import idManagement from './id/management.json';
import enDrivers from './en/drivers.json';
import idDrivers from './id/drivers.json';
import enFleets from './en/fleets.json';
import idFleets from './id/fleets.json';
import enUsers from './en/users.json';
import idUsers from './id/users.json';
import enShare from './en/share.json';
import idShare from './id/share.json';
import enSettings from './en/settings.json';
import idSettings from './id/settings.json';
import enAuth from './en/auth.json';
import enGeography from './en/geography.json';
import enReports from './en/reports.json';
import idReports from './id/reports.json';
import idGeography from './id/geography.json';
import enRoutes from './en/routes.json';
import idRoutes from './id/routes.json';
import enPlayback from './en/playback.json';
import idPlayback from './id/playback.json';
import enWorkOrders from './en/workOrders.json';
import idWorkOrders from './id/workOrders.json';
import enViolationTraffic from './en/violationTraffic.json';
import idViolationTraffic from './id/violationTraffic.json';
import enAvailability from './en/availability.json';
import idAvailability from './id/availability.json';
import enCarCarrier from './en/carCarrier.json';
import idCarCarrier from './id/carCarrier.json';
import enVehicleHealth from './en/vehicleHealth.json';
import idVehicleHealth from './id/vehicleHealth.json';
import enCommon from './en/common.json';
import enDashboard from './en/dashboard.json';
import enErrors from './en/errors.json';
import enMap from './en/map.json';
import enNotifications from './en/notifications.json';
import enPlaceholder from './en/placeholder.json';
import enShell from './en/shell.json';
import enVehicles from './en/vehicles.json';
import enVehicleSummary from './en/vehicleSummary.json';
import idAuth from './id/auth.json';
import idCommon from './id/common.json';
import idDashboard from './id/dashboard.json';
import idErrors from './id/errors.json';
import idMap from './id/map.json';
import idNotifications from './id/notifications.json';
import idPlaceholder from './id/placeholder.json';
import idShell from './id/shell.json';
import idVehicles from './id/vehicles.json';
import idVehicleSummary from './id/vehicleSummary.json';

/** English is the source: its shape is the type every language must match. */
export const en = {
  common: enCommon,
  errors: enErrors,
  shell: enShell,
  auth: enAuth,
  notifications: enNotifications,
  placeholder: enPlaceholder,
  vehicles: enVehicles,
  dashboard: enDashboard,
  vehicleSummary: enVehicleSummary,
  map: enMap,
  management: enManagement,
  drivers: enDrivers,
  fleets: enFleets,
  users: enUsers,
  share: enShare,
  settings: enSettings,
  geography: enGeography,
  reports: enReports,
  routes: enRoutes,
  playback: enPlayback,
  workOrders: enWorkOrders,
  violationTraffic: enViolationTraffic,
  availability: enAvailability,
  carCarrier: enCarCarrier,
  vehicleHealth: enVehicleHealth,
};
export type Resources = typeof en;

/** `satisfies` makes a key missing from Indonesian a compile error. */
export const id = {
  common: idCommon,
  errors: idErrors,
  shell: idShell,
  auth: idAuth,
  notifications: idNotifications,
  placeholder: idPlaceholder,
  vehicles: idVehicles,
  dashboard: idDashboard,
  vehicleSummary: idVehicleSummary,
  map: idMap,
  management: idManagement,
  drivers: idDrivers,
  fleets: idFleets,
  users: idUsers,
  share: idShare,
  settings: idSettings,
  geography: idGeography,
  reports: idReports,
  routes: idRoutes,
  playback: idPlayback,
  workOrders: idWorkOrders,
  violationTraffic: idViolationTraffic,
  availability: idAvailability,
  carCarrier: idCarCarrier,
  vehicleHealth: idVehicleHealth,
} satisfies Resources;

export const namespaces = Object.keys(en) as (keyof Resources)[];
