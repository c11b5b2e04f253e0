import { z } from 'zod';
import { listOf, pagingQuery } from './common.js';
import { vehicleClasses } from './vehicles.js';

// ── Shared field rules (domain research §7.3, §7.6) ──────────────────────────────────────────────

/** Indonesian plate (TNKB): region 1–2 letters, 1–4 digits, 1–3 letters, e.g. `B 9471 UEY`. */
export const PLATE_PATTERN = /^[A-Z]{1,2} [1-9]\d{0,3} [A-Z]{1,3}$/;
/** Uppercases and collapses spaces, and splits letters from digits: `b9471uey` → `B 9471 UEY`. */
export function normalisePlate(raw: string): string {
  const compact = raw.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const m = /^([A-Z]{1,2})(\d{1,4})([A-Z]{1,3})$/.exec(compact);
  return m ? `${m[1]} ${m[2]} ${m[3]}` : raw.trim().toUpperCase().replace(/\s+/g, ' ');
}
/** E.164 Indonesian mobile: +62 8…, 10–13 digits after +62. */
export const GSM_PATTERN = /^\+628\d{8,11}$/;
/** `0812-8765-4321`, `+62 812 8765 4321`, `62812…` → `+6281287654321`; anything else unchanged. */
export function normaliseGsm(raw: string): string {
  const digits = raw.replace(/[\s().-]/g, '');
  if (/^08\d+$/.test(digits)) return `+62${digits.slice(1)}`;
  if (/^628\d+$/.test(digits)) return `+${digits}`;
  return digits;
}
export const SPEED_LIMIT_RANGE = { min: 20, max: 120 } as const;
export const YEAR_MIN = 1980;
/** A model year may be next year's. */
export const yearMax = (now = new Date()) => now.getUTCFullYear() + 1;
export const SIM_CLASSES = ['SIM A', 'SIM A Umum', 'SIM B1', 'SIM B1 Umum', 'SIM B2', 'SIM B2 Umum'] as const;

const isoDate = z.iso.date('Use the date format YYYY-MM-DD');
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
const nonNegative = (label: string) =>
  z.number(`${label} must be a number`).min(0, `${label} cannot be negative`);

/** Query of the management lists: paging plus search and filters. */
const sortDir = z.enum(['ascend', 'descend']).default('ascend');
const boolQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

// ── Vehicles (kendaraan) ──────────────────────────────────────────────────────────────────────────

export const documentStatuses = ['valid', 'due_soon', 'expired'] as const;
/** A document is due soon within this many days of its date (domain research §3.2). */
export const DOCUMENT_DUE_SOON_DAYS = 30;

/** `GET /api/kendaraan` query (every role reads; the map and dashboard need it). */
export const vehicleSearchQuery = pagingQuery.extend({
  /** Matches plate, hull number or tracker id, ignoring case and spaces. */
  search: z.string().trim().max(64).optional(),
  fleetId: z.coerce.number().int().positive().optional(),
  vehicleClass: z.enum(vehicleClasses).optional(),
  aktif: boolQuery.optional(),
  /** STNK or KIR: expired, due within 30 days, or both valid. */
  documentStatus: z.enum(documentStatuses).optional(),
  sortBy: z
    .enum(['nomorKendaraan', 'nomorPolisi', 'pantauKendaraanId', 'tahun', 'stnkDue', 'kirDue', 'speedLimit'])
    .default('nomorKendaraan'),
  sortDir,
});
export type VehicleSearchQuery = z.infer<typeof vehicleSearchQuery>;

/** Body of `POST /api/kendaraan` and `PUT /api/kendaraan/{kendaraanId}`, in the spec's field names. */
export const vehicleInput = z.object({
  pantauKendaraanId: z
    .string('Tracker id is required')
    .trim()
    .regex(/^[0-9A-Za-z_-]{4,32}$/, 'Tracker id: 4–32 letters or digits (a GT06 IMEI has 15 digits)'),
  nomorPolisi: z
    .string('Plate number is required')
    .transform(normalisePlate)
    .pipe(z.string().regex(PLATE_PATTERN, 'Plate number must look like B 9471 UEY')),
  nomorKendaraan: z
    .string('Hull number is required')
    .trim()
    .min(1, 'Hull number is required')
    .max(20, 'At most 20 characters'),
  registrationNumber: optionalText(40),
  merkId: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  tipeId: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  vehicleClass: z.enum(vehicleClasses, 'Vehicle class must be CC or TRUCK'),
  capacity: z
    .number()
    .int()
    .min(0)
    .max(20, 'At most 20 cars')
    .nullish()
    .transform((v) => v ?? null),
  dedicated: optionalText(100),
  pool: optionalText(100),
  erpOdometer: nonNegative('ERP odometer')
    .nullish()
    .transform((v) => v ?? null),
  gpsOdometer: nonNegative('GPS odometer')
    .nullish()
    .transform((v) => v ?? null),
  odometer: nonNegative('Odometer')
    .nullish()
    .transform((v) => v ?? null),
  engineHour: nonNegative('Engine hours')
    .nullish()
    .transform((v) => v ?? null),
  tahun: z
    .number('Year must be a number')
    .int('Year must be a whole number')
    .min(YEAR_MIN, `Year must be ${YEAR_MIN} or later`)
    .refine((y) => y <= yearMax(), 'Year cannot be after next year')
    .nullish()
    .transform((v) => v ?? null),
  notes: optionalText(500),
  icon: optionalText(40),
  gsmNumber: z
    .string()
    .transform(normaliseGsm)
    .pipe(
      z.string().regex(GSM_PATTERN, 'GSM number must be an Indonesian mobile number, e.g. +6281287654321'),
    )
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((v) => v ?? null),
  smsAlert: z.boolean().default(false),
  speedLimit: z
    .number('Speed limit must be a number')
    .min(
      SPEED_LIMIT_RANGE.min,
      `Speed limit must be between ${SPEED_LIMIT_RANGE.min} and ${SPEED_LIMIT_RANGE.max} km/h`,
    )
    .max(
      SPEED_LIMIT_RANGE.max,
      `Speed limit must be between ${SPEED_LIMIT_RANGE.min} and ${SPEED_LIMIT_RANGE.max} km/h`,
    )
    .nullish()
    .transform((v) => v ?? null),
  stnkDue: isoDate.nullish().transform((v) => v ?? null),
  kirDue: isoDate.nullish().transform((v) => v ?? null),
  aktif: z.boolean().default(true),
  /** Fleets of the unit the vehicle belongs to. */
  fleetIds: z.array(z.number().int().positive()).max(50).default([]),
  /** Assigned driver (driver 1) and second driver, drivers of the same unit. */
  pengemudiId: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  coPengemudiId: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
});
export type VehicleInput = z.infer<typeof vehicleInput>;
export type VehicleInputDraft = z.input<typeof vehicleInput>;

/** Brands with their types, for the vehicle form (`GET /api/kendaraan/merk`). */
export const brandOption = z.object({
  merkId: z.number().int(),
  merk: z.string(),
  tipe: z.array(z.object({ tipeId: z.number().int(), tipe: z.string() })),
});
export const brandOptions = listOf(brandOption);

// ── Drivers (pengemudi) ──────────────────────────────────────────────────────────────────────────

export const driverRow = z.object({
  pengemudiId: z.number().int(),
  unitId: z.number().int(),
  name: z.string(),
  employeeNumber: z.string(),
  phone: z.string().nullable(),
  simClass: z.string(),
  /** YYYY-MM-DD or null. */
  simExpiry: z.string().nullable(),
  aktif: z.boolean(),
  /** Vehicles the driver is assigned to (as driver 1 or 2). */
  vehicles: z.array(z.object({ kendaraanId: z.number().int(), nomorPolisi: z.string() })),
});
export type DriverRow = z.infer<typeof driverRow>;
export const driverList = listOf(driverRow);

export const driverSearchQuery = pagingQuery.extend({
  /** Matches name, employee number or phone. */
  search: z.string().trim().max(64).optional(),
  aktif: boolQuery.optional(),
  simClass: z.enum(SIM_CLASSES).optional(),
  /** SIM expired, due within 30 days, or valid. */
  documentStatus: z.enum(documentStatuses).optional(),
  sortBy: z.enum(['name', 'employeeNumber', 'simExpiry']).default('name'),
  sortDir,
});

export const driverInput = z.object({
  name: z.string('Name is required').trim().min(2, 'Name must be at least 2 characters').max(100),
  employeeNumber: z
    .string('Employee number is required')
    .trim()
    .regex(/^[0-9A-Za-z./-]{2,30}$/, 'Employee number: 2–30 letters, digits, dot, slash or dash'),
  phone: z
    .string()
    .transform(normaliseGsm)
    .pipe(z.string().regex(GSM_PATTERN, 'Phone must be an Indonesian mobile number, e.g. +6281287654321'))
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((v) => v ?? null),
  simClass: z.enum(SIM_CLASSES, 'Choose a SIM class'),
  simExpiry: isoDate.nullish().transform((v) => v ?? null),
  aktif: z.boolean().default(true),
});
export type DriverInput = z.infer<typeof driverInput>;
export type DriverInputDraft = z.input<typeof driverInput>;

// ── Import (vehicles and drivers) ────────────────────────────────────────────────────────────────

/**
 * `POST /api/kendaraan/import` and `POST /api/pengemudi/import`: the rows the browser read from an
 * .xlsx or .csv file, as objects keyed by the spec's field names (values as typed in the cells).
 * `dryRun: true` only validates (the preview); otherwise every row is stored or, if any row is at
 * fault, none is (400 with `rows`).
 */
export const IMPORT_MAX_ROWS = 2000;
export const importRequest = z.object({
  rows: z.array(z.record(z.string(), z.unknown())).min(1, 'The file has no rows').max(IMPORT_MAX_ROWS),
  dryRun: z.boolean().default(false),
});
export type ImportRequest = z.infer<typeof importRequest>;
/** One row's result: `row` is 1-based over the data rows (the sheet row is row + 1 with a header). */
export const importRowResult = z.object({
  row: z.number().int(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })),
});
export const importResponse = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  /** Rows stored (0 on a dry run or when any row is at fault). */
  created: z.number().int(),
  rows: z.array(importRowResult),
});
export type ImportResponse = z.infer<typeof importResponse>;

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
export const fleetSearchQuery = pagingQuery.extend({ search: z.string().trim().max(64).optional() });
export type FleetSearchQuery = z.infer<typeof fleetSearchQuery>;
export const fleetInput = z.object({
  fleetName: z
    .string('Fleet name is required')
    .trim()
    .min(2, 'Fleet name must be at least 2 characters')
    .max(80),
});
export type FleetInput = z.infer<typeof fleetInput>;
/** `PUT /api/units/fleet/{fleetId}/vehicles`: the fleet's vehicles, replaced as a whole. */
export const fleetVehiclesInput = z.object({ kendaraanIds: z.array(z.number().int().positive()).max(5000) });
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
  unitName: z
    .string('Unit name is required')
    .trim()
    .min(2, 'Unit name must be at least 2 characters')
    .max(100),
  address: optionalText(300),
  phone: optionalText(30),
  timeZone: z.enum(['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'], 'Choose an Indonesian time zone'),
});
export type UnitInfoInput = z.infer<typeof unitInfoInput>;

// ── Users of the unit (user management) ──────────────────────────────────────────────────────────

export const roleName = z.enum(
  ['Administrator', 'User', 'Guest'],
  'Role must be Administrator, User or Guest',
);
export type RoleName = z.infer<typeof roleName>;
export const userSearchQuery = pagingQuery.extend({
  search: z.string().trim().max(64).optional(),
  role: roleName.optional(),
  disabled: boolQuery.optional(),
});
export type UserSearchQuery = z.infer<typeof userSearchQuery>;
/** `POST /api/users`: a new account in this unit, or — with only `username` (or e-mail) and `role` — an existing one added to it. */
export const userCreateInput = z.object({
  username: z.string('Username is required').trim().min(3, 'Username must be at least 3 characters').max(254),
  displayName: z.string().trim().min(1).max(100).optional(),
  email: z.email('Enter a valid e-mail address').max(254).optional(),
  /** Required for a new account; absent when adding an existing user. */
  password: z.string().min(8, 'Password must be at least 8 characters').max(128).optional(),
  role: roleName,
});
export type UserCreateInput = z.infer<typeof userCreateInput>;
/** `PUT /api/users/{userId}`: role in this unit, disable/enable, display name and e-mail. */
export const userUpdateInput = z.object({
  role: roleName.optional(),
  disabled: z.boolean().optional(),
  displayName: z.string().trim().min(1, 'Display name is required').max(100).optional(),
  email: z.email('Enter a valid e-mail address').max(254).optional(),
});
export type UserUpdateInput = z.infer<typeof userUpdateInput>;
/** `POST /api/users/{userId}/reset-password`: sets a new password (the user's sessions end). */
export const userPasswordInput = z.object({
  password: z.string().min(8, 'Password must be at least 8 characters').max(128),
});
export type UserPasswordInput = z.infer<typeof userPasswordInput>;

// ── The signed-in user's own profile and settings ────────────────────────────────────────────────

/** `PUT /api/auth/profile`. */
export const profileInput = z.object({
  displayName: z.string('Display name is required').trim().min(1, 'Display name is required').max(100),
  email: z.email('Enter a valid e-mail address').max(254),
});
/** `PUT /api/auth/password`: the current password is required. */
export const passwordChangeInput = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(128),
  newPassword: z.string().min(8, 'Password must be at least 8 characters').max(128),
});
export const TIME_ZONES = ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'] as const;
/** `default`: the configured (remote) base map, falling back to the built-in one; `offline`: always the built-in one. */
export const MAP_STYLES = ['default', 'offline'] as const;
/** `GET/PUT /api/auth/settings`: follows the user across browsers. */
export const userSettings = z.object({
  language: z.enum(['en', 'id']).default('en'),
  timeZone: z.enum(TIME_ZONES).default('Asia/Jakarta'),
  mapStyle: z.enum(MAP_STYLES).default('default'),
  notificationSound: z.boolean().default(true),
});
export type UserSettings = z.infer<typeof userSettings>;
/** The answer of `GET/PUT /api/auth/settings`: the settings plus when the user last saved them (null: never, all defaults). */
export const userSettingsResponse = userSettings.extend({ savedAt: z.string().nullable() });
export type UserSettingsResponse = z.infer<typeof userSettingsResponse>;

// ── Audit trail ──────────────────────────────────────────────────────────────────────────────────

export const auditRow = z.object({
  auditId: z.number().int(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  label: z.string().nullable(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })).nullable(),
});
export type AuditRow = z.infer<typeof auditRow>;
export const auditList = listOf(auditRow);
export const auditQuery = pagingQuery.extend({
  entity: z.enum(['vehicle', 'driver', 'fleet', 'unit', 'user', 'share_link']).optional(),
  entityId: z.string().max(40).optional(),
});

// ── Shared live location (/preview-vehicle) ──────────────────────────────────────────────────────

export const SHARE_DEFAULT_HOURS = 24;
export const SHARE_MAX_HOURS = 24 * 30;
export const shareLinkInput = z.object({
  kendaraanId: z.number('Vehicle is required').int().positive(),
  expiresInHours: z
    .number()
    .int()
    .min(1, 'At least 1 hour')
    .max(SHARE_MAX_HOURS, `At most ${SHARE_MAX_HOURS / 24} days`)
    .default(SHARE_DEFAULT_HOURS),
  note: optionalText(100),
});
export const shareLinkRow = z.object({
  shareLinkId: z.number().int(),
  kendaraanId: z.number().int(),
  nomorPolisi: z.string(),
  note: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
});
export type ShareLinkRow = z.infer<typeof shareLinkRow>;
export const shareLinkList = listOf(shareLinkRow);
/** `GET /api/share-links?kendaraanId=`: the unit's links (one vehicle's when given), newest first. */
export const shareLinkQuery = pagingQuery.extend({
  kendaraanId: z.coerce.number().int().positive().optional(),
});
/** The answer to a create: the only time the token (in `url`) is shown. */
export const shareLinkCreated = shareLinkRow.extend({ token: z.string(), url: z.string() });
/** `GET /api/share/{token}` (public): what the preview page shows; nothing else about the unit. */
export const sharedVehicle = z.object({
  nomorPolisi: z.string(),
  nomorKendaraan: z.string(),
  vehicleClass: z.enum(vehicleClasses),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  speed: z.number(),
  course: z.number().nullable(),
  fixTime: z.string().nullable(),
  gpsStatus: z.enum(['on', 'off']),
  motion: z.string(),
  location: z.string().nullable(),
  expiresAt: z.string(),
  /** Work order destination and ETA once work orders exist; null until then. */
  destination: z.string().nullable(),
  eta: z.string().nullable(),
});
export type SharedVehicle = z.infer<typeof sharedVehicle>;
/** Why a link is refused: unknown (404), expired or revoked (410). */
export const SHARE_REFUSALS = ['SHARE_NOT_FOUND', 'SHARE_EXPIRED', 'SHARE_REVOKED'] as const;
