import { z } from 'zod';
import { listOf, pagingQuery } from './common.js';
import { optionalPhone, optionalText, boolQuery } from './fields.js';
import { id, text } from './input.js';
import { TIME_ZONES } from './time-zones.js';

// ── Fleets (units/fleet) and the unit ────────────────────────────────────────────────────────────

export const fleetRow = z.object({
  fleetId: z.number().int(),
  unitId: z.number().int(),
  fleetName: z.string(),
  vehicleCount: z.number().int(),
});
export type FleetRow = z.infer<typeof fleetRow>;
export const fleetList = listOf(fleetRow);
export type FleetList = z.infer<typeof fleetList>;
/** `GET /api/units/fleet`: paging plus a search on the fleet name. */
export const fleetSearchQuery = pagingQuery.extend({ search: text().trim().max(64).optional() });
export type FleetSearchQuery = z.infer<typeof fleetSearchQuery>;
export const fleetInput = z.object({
  fleetName: text('Fleet name is required').trim().min(2, 'Fleet name must be at least 2 characters').max(80),
});
export type FleetInput = z.infer<typeof fleetInput>;
/** `PUT /api/units/fleet/{fleetId}/vehicles`: the fleet's vehicles, replaced as a whole. */
export const fleetVehiclesInput = z.object({ kendaraanIds: z.array(id()).max(5000) });
export type FleetVehiclesInput = z.infer<typeof fleetVehiclesInput>;
/** `GET /api/units/fleet/{fleetId}/vehicles`: the unit's vehicles in the fleet. */
export const fleetVehicle = z.object({
  kendaraanId: z.number().int(),
  nomorPolisi: z.string(),
  nomorKendaraan: z.string(),
});
export type FleetVehicle = z.infer<typeof fleetVehicle>;
export const fleetVehicleList = listOf(fleetVehicle);
/** `GET/PUT /api/units/info`: the chosen unit's own information. */
export const unitInfo = z.object({
  unitId: z.number().int(),
  unitName: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  timeZone: z.string(),
  vehicleCount: z.number().int(),
  userCount: z.number().int(),
});
export type UnitInfo = z.infer<typeof unitInfo>;
export const unitInfoInput = z.object({
  unitName: text('Unit name is required')
    .trim()
    .min(1, 'Unit name is required')
    .min(2, 'Unit name must be at least 2 characters')
    .max(100),
  address: optionalText(300),
  phone: optionalPhone,
  timeZone: z.enum(TIME_ZONES, 'Choose an Indonesian time zone'),
});
export type UnitInfoInput = z.infer<typeof unitInfoInput>;

// ── Users of the unit (user management) ──────────────────────────────────────────────────────────

export const roleName = z.enum(
  ['Administrator', 'User', 'Guest'],
  'Role must be Administrator, User or Guest',
);
export type RoleName = z.infer<typeof roleName>;
export const userSearchQuery = pagingQuery.extend({
  search: text().trim().max(64).optional(),
  role: roleName.optional(),
  disabled: boolQuery.optional(),
});
export type UserSearchQuery = z.infer<typeof userSearchQuery>;
/** `POST /api/users`: a new account in this unit, or — with only `username` (or e-mail) and `role` — an existing one added to it. */
export const userCreateInput = z.object({
  username: text('Username is required')
    .trim()
    .min(1, 'Username is required')
    .min(3, 'Username must be at least 3 characters')
    .max(254),
  displayName: text().trim().min(1).max(100).optional(),
  email: z.email('Enter a valid e-mail address').max(254).optional(),
  /** Required for a new account; absent when adding an existing user. */
  password: text().min(8, 'Password must be at least 8 characters').max(128).optional(),
  role: roleName,
});
export type UserCreateInput = z.infer<typeof userCreateInput>;
/** A new account as the add-user form sends it: e-mail and password are needed. */
export const newUserInput = userCreateInput.extend({
  email: z
    .string('E-mail is required for a new account')
    .trim()
    .min(1, 'E-mail is required for a new account')
    .pipe(z.email('Enter a valid e-mail address').max(254)),
  password: z
    .string('Password is required')
    .min(1, 'Password is required')
    .min(8, 'Password must be at least 8 characters')
    .max(128, 'Password must be at most 128 characters'),
});
/** `PUT /api/users/{userId}`: role in this unit, disable/enable, display name and e-mail. */
export const userUpdateInput = z.object({
  role: roleName.optional(),
  disabled: z.boolean().optional(),
  displayName: text().trim().min(1, 'Display name is required').max(100).optional(),
  email: z.email('Enter a valid e-mail address').max(254).optional(),
});
export type UserUpdateInput = z.infer<typeof userUpdateInput>;
/** `POST /api/users/{userId}/reset-password`: sets a new password (the user's sessions end). */
export const userPasswordInput = z.object({
  password: text('Password is required')
    .min(1, 'Password is required')
    .min(8, 'Password must be at least 8 characters')
    .max(128, 'Password must be at most 128 characters'),
});
export type UserPasswordInput = z.infer<typeof userPasswordInput>;

// ── The signed-in user's own profile and settings ────────────────────────────────────────────────

/** `PUT /api/auth/profile`. */
export const profileInput = z.object({
  displayName: text('Display name is required').trim().min(1, 'Display name is required').max(100),
  email: z.email('Enter a valid e-mail address').max(254),
});
/** `PUT /api/auth/password`: the current password is required. */
export const passwordChangeInput = z.object({
  currentPassword: text().min(1, 'Current password is required').max(128),
  newPassword: text().min(8, 'Password must be at least 8 characters').max(128),
});
/** `default`: the configured (remote) base map, falling back to the built-in one; `offline`: always the built-in one. */
export const MAP_STYLES = ['default', 'offline'] as const;
/** `GET/PUT /api/auth/settings`: follows the user across browsers. */
export const userSettings = z.object({
  language: z.enum(['en', 'id']).default('en'),
  /** null: the unit's zone (WIB where the unit has none). */
  timeZone: z.enum(TIME_ZONES, 'Choose an Indonesian time zone').nullable().default(null),
  mapStyle: z.enum(MAP_STYLES).default('default'),
  notificationSound: z.boolean().default(true),
});
export type UserSettings = z.infer<typeof userSettings>;
/** The answer of `GET/PUT /api/auth/settings`: the settings plus when the user last saved them (null: never, all defaults). */
export const userSettingsResponse = userSettings.extend({ savedAt: z.string().nullable() });
export type UserSettingsResponse = z.infer<typeof userSettingsResponse>;
