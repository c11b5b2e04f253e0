import { z } from 'zod';
import { listOf, pagingQuery } from './common.js';
import { id, idParam, text } from './input.js';
import {
  isoDate,
  optionalText,
  nonNegative,
  sortDir,
  boolQuery,
  PLATE_PATTERN,
  normalisePlate,
  GSM_PATTERN,
  normaliseGsm,
  SPEED_LIMIT_RANGE,
  CAPACITY_RANGE,
  modelYear,
  SIM_CLASSES,
} from './fields.js';
import { vehicleClasses } from './vehicles.js';
/** The field rules the forms and the server share (plate, GSM number, ranges, SIM classes). */
export {
  CAPACITY_RANGE,
  GSM_PATTERN,
  normaliseGsm,
  normalisePlate,
  PHONE_PATTERN,
  PLATE_PATTERN,
  SIM_CLASSES,
  SPEED_LIMIT_RANGE,
  YEAR_MIN,
  yearMax,
} from './fields.js';

// ── Vehicles (kendaraan) ──────────────────────────────────────────────────────────────────────────

export const documentStatuses = ['valid', 'due_soon', 'expired'] as const;
/** A document is due soon within this many days of its date (domain research §3.2). */
export const DOCUMENT_DUE_SOON_DAYS = 30;

/** `GET /api/kendaraan` query (every role reads; the map and dashboard need it). */
export const vehicleSearchQuery = pagingQuery.extend({
  /** Matches plate, hull number or tracker id, ignoring case and spaces. */
  search: text().trim().max(64).optional(),
  fleetId: idParam().optional(),
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
    .min(1, 'Tracker id is required')
    .regex(/^[0-9A-Za-z_-]{4,32}$/, 'Tracker id: 4–32 letters or digits (a GT06 IMEI has 15 digits)'),
  nomorPolisi: text('Plate number is required')
    .transform(normalisePlate)
    .pipe(
      z
        .string()
        .min(1, 'Plate number is required')
        .regex(PLATE_PATTERN, 'Plate number must look like B 9471 UEY'),
    ),
  nomorKendaraan: text('Hull number is required')
    .trim()
    .min(1, 'Hull number is required')
    .max(20, 'At most 20 characters'),
  registrationNumber: optionalText(40),
  merkId: id()
    .nullish()
    .transform((v) => v ?? null),
  tipeId: id()
    .nullish()
    .transform((v) => v ?? null),
  vehicleClass: z.enum(vehicleClasses, 'Vehicle class must be CC or TRUCK'),
  capacity: z
    .number('Capacity must be a number')
    .int('Capacity must be a whole number')
    .min(CAPACITY_RANGE.min, `Capacity must be between ${CAPACITY_RANGE.min} and ${CAPACITY_RANGE.max} cars`)
    .max(CAPACITY_RANGE.max, `Capacity must be between ${CAPACITY_RANGE.min} and ${CAPACITY_RANGE.max} cars`)
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
  tahun: modelYear.nullish().transform((v) => v ?? null),
  notes: optionalText(500),
  icon: optionalText(40),
  gsmNumber: text()
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
  fleetIds: z.array(id()).max(50).default([]),
  /** Assigned driver (driver 1) and second driver, drivers of the same unit. */
  pengemudiId: id()
    .nullish()
    .transform((v) => v ?? null),
  coPengemudiId: id()
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
  search: text().trim().max(64).optional(),
  aktif: boolQuery.optional(),
  simClass: z.enum(SIM_CLASSES).optional(),
  /** SIM expired, due within 30 days, or valid. */
  documentStatus: z.enum(documentStatuses).optional(),
  sortBy: z.enum(['name', 'employeeNumber', 'simExpiry']).default('name'),
  sortDir,
});

export const driverInput = z.object({
  name: text('Name is required').trim().min(2, 'Name must be at least 2 characters').max(100),
  employeeNumber: z
    .string('Employee number is required')
    .trim()
    .regex(/^[0-9A-Za-z./-]{2,30}$/, 'Employee number: 2–30 letters, digits, dot, slash or dash'),
  phone: text()
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
