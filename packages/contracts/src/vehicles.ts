import { z } from 'zod';
import { listOf, pagingQuery } from './common.js';

export const vehicleClasses = ['CC', 'TRUCK'] as const;

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

export const vehicleListQuery = pagingQuery;
export const vehicleList = listOf(vehicleRow);
export type VehicleList = z.infer<typeof vehicleList>;
