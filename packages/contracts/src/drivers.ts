import { z } from 'zod';
import { listOf, pagingQuery } from './common.js';
import { documentStatuses } from './documents.js';
import { boolQuery, isoDate, sortDir, text } from './input.js';
import { optionalMobile } from './phone.js';

// ── Drivers (pengemudi) ──────────────────────────────────────────────────────────────────────────

export const SIM_CLASSES = ['SIM A', 'SIM A Umum', 'SIM B1', 'SIM B1 Umum', 'SIM B2', 'SIM B2 Umum'] as const;

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
export type DriverSearchQuery = z.infer<typeof driverSearchQuery>;

export const driverInput = z.object({
  name: text('Name is required').trim().min(2, 'Name must be at least 2 characters').max(100),
  employeeNumber: z
    .string('Employee number is required')
    .trim()
    .regex(/^[0-9A-Za-z./-]{2,30}$/, 'Employee number: 2–30 letters, digits, dot, slash or dash'),
  phone: optionalMobile('Phone must be an Indonesian mobile number, e.g. +6281287654321'),
  simClass: z.enum(SIM_CLASSES, 'Choose a SIM class'),
  simExpiry: isoDate.nullish().transform((v) => v ?? null),
  aktif: z.boolean().default(true),
});
export type DriverInput = z.infer<typeof driverInput>;
export type DriverInputDraft = z.input<typeof driverInput>;
