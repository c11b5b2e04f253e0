import { z } from 'zod';
import { listOf, pagingQuery } from './common.js';
import { documentStatuses } from './documents.js';
import { boolQuery, id, idParam, isoDate, nonNegative, optionalText, sortDir, text } from './input.js';
import { optionalMobile } from './phone.js';

// ── Vehicles (kendaraan) ──────────────────────────────────────────────────────────────────────────

export const vehicleClasses = ['CC', 'TRUCK'] as const;
export type VehicleClass = (typeof vehicleClasses)[number];

/** Indonesian plate (TNKB): region 1–2 letters, 1–4 digits, 1–3 letters, e.g. `B 9471 UEY`. */
const PLATE_PATTERN = /^[A-Z]{1,2} [1-9]\d{0,3} [A-Z]{1,3}$/;
/** Uppercases and collapses spaces, and splits letters from digits: `b9471uey` → `B 9471 UEY`. */
export function normalisePlate(raw: string): string {
  const compact = raw.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const m = /^([A-Z]{1,2})(\d{1,4})([A-Z]{1,3})$/.exec(compact);
  return m ? `${m[1]} ${m[2]} ${m[3]}` : raw.trim().toUpperCase().replace(/\s+/g, ' ');
}
const SPEED_LIMIT_RANGE = { min: 20, max: 120 } as const;
const CAPACITY_RANGE = { min: 0, max: 20 } as const;
const YEAR_MIN = 1980;
/** A model year may be next year's. */
const yearMax = (now = new Date()) => now.getUTCFullYear() + 1;
/** A model year from YEAR_MIN to next year; the message names the range (it moves with the calendar). */
const modelYear = z
  .number('Year must be a number')
  .int('Year must be a whole number')
  .superRefine((y, ctx) => {
    const max = yearMax();
    if (y < YEAR_MIN || y > max)
      ctx.addIssue({ code: 'custom', message: `Year must be between ${YEAR_MIN} and ${max}` });
  });

/** Vehicle report row (spec §3), plus vehicle class, tracker, STNK and KIR dates. */
export const vehicleRow = z.object({
  kendaraanId: z.number().int(),
  unitId: z.number().int(),
  fleet: z.array(z.object({ fleetId: z.number().int(), fleetName: z.string() })),
  /** The tracker's unique id (IMEI / OsmAnd id). */
  pantauKendaraanId: z.string(),
  registrationNumber: z.string().nullable(),
  nomorPolisi: z.string(),
  nomorKendaraan: z.string(),
  merk: z.string().nullable(),
  merkId: z.number().int().nullable(),
  tipe: z.string().nullable(),
  tipeId: z.number().int().nullable(),
  /** Customer the unit is contracted to exclusively, or null for a pool unit. */
  dedicated: z.string().nullable(),
  pool: z.string().nullable(),
  erpOdometer: z.number().nullable(),
  gpsOdometer: z.number().nullable(),
  tahun: z.number().int().nullable(),
  notes: z.string().nullable(),
  icon: z.string().nullable(),
  engineHour: z.number().nullable(),
  odometer: z.number().nullable(),
  gsmNumber: z.string().nullable(),
  smsAlert: z.boolean(),
  speedLimit: z.number().nullable(),
  aktif: z.boolean(),
  vehicleClass: z.enum(vehicleClasses),
  capacity: z.number().int().nullable(),
  stnkDue: z.string().nullable(),
  kirDue: z.string().nullable(),
  /** Assigned driver (driver 1) and second driver, or null. */
  pengemudiId: z.number().int().nullable(),
  pengemudi: z.string().nullable(),
  coPengemudiId: z.number().int().nullable(),
  coPengemudi: z.string().nullable(),
});
export type VehicleRow = z.infer<typeof vehicleRow>;

export const vehicleList = listOf(vehicleRow);
export type VehicleList = z.infer<typeof vehicleList>;

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
  gsmNumber: optionalMobile('GSM number must be an Indonesian mobile number, e.g. +6281287654321'),
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
const brandOption = z.object({
  merkId: z.number().int(),
  merk: z.string(),
  tipe: z.array(z.object({ tipeId: z.number().int(), tipe: z.string() })),
});
export type BrandOption = z.infer<typeof brandOption>;
export const brandOptions = listOf(brandOption);
