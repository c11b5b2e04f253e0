import enAuth from './en/auth.json';
import enCommon from './en/common.json';
import enErrors from './en/errors.json';
import enNotifications from './en/notifications.json';
import enPlaceholder from './en/placeholder.json';
import enShell from './en/shell.json';
import enVehicles from './en/vehicles.json';
import idAuth from './id/auth.json';
import idCommon from './id/common.json';
import idErrors from './id/errors.json';
import idNotifications from './id/notifications.json';
import idPlaceholder from './id/placeholder.json';
import idShell from './id/shell.json';
import idVehicles from './id/vehicles.json';

/** English is the source: its shape is the type every language must match. */
export const en = {
  common: enCommon,
  errors: enErrors,
  shell: enShell,
  auth: enAuth,
  notifications: enNotifications,
  placeholder: enPlaceholder,
  vehicles: enVehicles,
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
} satisfies Resources;

export const namespaces = Object.keys(en) as (keyof Resources)[];
