import { z } from 'zod';
import { listOf, pagingQuery } from './common.js';
import { idParam, text } from './input.js';

// ── Availability (spec §4 Availability categories; domain research §4) ──────────────────────────
// Every vehicle is in exactly one category at a time, the first that applies in `AVAILABILITY_PRECEDENCE`.
// "Total", "STNK paper count" and "KIR paper count" of the spec are counts beside them, not categories.

export const AVAILABILITY_CATEGORIES = [
  'on_delivery',
  'on_going',
  'way_back',
  'way_back_with_load',
  'wo_trouble',
  'pre_checking',
  'ready_to_go',
  'stand_by',
  'maintenance',
  'incident',
  'other',
] as const;
export type AvailabilityCategory = (typeof AVAILABILITY_CATEGORIES)[number];

/** Why a vehicle is in its category (the page says it in words). */
export const AVAILABILITY_REASONS = [
  'incident_open',
  'wo_trouble_open',
  'maintenance_open',
  'kir_expired',
  'stnk_expired',
  'loaded_backhaul',
  'loaded_on_the_way',
  'unloaded_returning',
  'kosongan_running',
  'to_loading',
  'p2h_running',
  'p2h_defects',
  'p2h_due',
  'p2h_passed',
  'in_pool_no_spk',
  'gps_stale',
  'no_gps',
  'outside_pool_no_spk',
  'waiting_outside_pool',
] as const;
export type AvailabilityReason = (typeof AVAILABILITY_REASONS)[number];

/** How a category counts in the car-carrier day classes (domain research §5.2). */
export const AVAILABILITY_BUCKETS: Record<AvailabilityCategory, 'activity' | 'idle_ready' | 'idle_trouble'> =
  {
    on_delivery: 'activity',
    on_going: 'activity',
    way_back: 'activity',
    way_back_with_load: 'activity',
    wo_trouble: 'idle_trouble',
    maintenance: 'idle_trouble',
    incident: 'idle_trouble',
    pre_checking: 'idle_ready',
    ready_to_go: 'idle_ready',
    stand_by: 'idle_ready',
    other: 'idle_ready',
  };

/** Minutes without a fix after which a vehicle's place is not known (the GPS-off threshold). */
export const AVAILABILITY_GPS_STALE_MINUTES = 60;

export const availabilityRow = z.object({
  kendaraanId: z.number().int(),
  nomorPolisi: z.string(),
  nomorKendaraan: z.string(),
  fleets: z.array(z.object({ fleetId: z.number().int(), fleetName: z.string() })),
  category: z.enum(AVAILABILITY_CATEGORIES),
  reason: z.enum(AVAILABILITY_REASONS),
  /** Since when the vehicle is in this category (from the kept history), ISO. */
  since: z.string().nullable(),
  /** The SPK that decides it, if any. */
  spkId: z.number().int().nullable(),
  spkNumber: z.string().nullable(),
  /** Its kind, so the page links to /spk/ccr or /spk/dt. */
  spkKind: z.enum(['ccr', 'dt']).nullable(),
  /** Document states on the unit's today (expired, due soon within 30 days, valid; null without a date). */
  stnk: z.enum(['expired', 'due_soon', 'valid']).nullable(),
  kir: z.enum(['expired', 'due_soon', 'valid']).nullable(),
  lastFixAt: z.string().nullable(),
});
export type AvailabilityRow = z.infer<typeof availabilityRow>;
export const availabilityList = listOf(availabilityRow);
export type AvailabilityList = z.infer<typeof availabilityList>;

/** `GET /api/kendaraan/availability`. */
export const availabilityQuery = pagingQuery.extend({
  fleetId: idParam().optional(),
  category: z.enum(AVAILABILITY_CATEGORIES).optional(),
  /** Only vehicles whose STNK (or KIR) is expired or due soon: the paper counts' rows. */
  paper: z.enum(['stnk', 'kir']).optional(),
  search: text().trim().max(64).optional(),
});
export type AvailabilityQuery = z.infer<typeof availabilityQuery>;

const counts = z.object(
  Object.fromEntries(AVAILABILITY_CATEGORIES.map((c) => [c, z.number().int()])) as Record<
    AvailabilityCategory,
    z.ZodNumber
  >,
);

/** `GET /api/availability/summary`: the spec's 14 figures, for the unit and for each of its fleets. */
export const availabilitySummaryCounts = z.object({
  total: z.number().int(),
  categories: counts,
  /** Vehicles whose STNK / KIR is expired or due within 30 days. */
  stnkPaper: z.number().int(),
  kirPaper: z.number().int(),
});
export const availabilitySummary = availabilitySummaryCounts.extend({
  fleets: z.array(availabilitySummaryCounts.extend({ fleetId: z.number().int(), fleetName: z.string() })),
  at: z.string(),
});
export type AvailabilitySummary = z.infer<typeof availabilitySummary>;
export const availabilitySummaryQuery = z.object({ fleetId: idParam().optional() });

/** `GET /api/kendaraan/availability/history?kendaraanId=&from=&to=`: the vehicle's categories over time. */
export const availabilityHistoryQuery = z.object({
  kendaraanId: idParam(),
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
});
export const availabilityHistory = z.object({
  results: z.array(
    z.object({
      category: z.enum(AVAILABILITY_CATEGORIES),
      reason: z.enum(AVAILABILITY_REASONS),
      from: z.string(),
      /** Null while it lasts. */
      to: z.string().nullable(),
    }),
  ),
});
export type AvailabilityHistory = z.infer<typeof availabilityHistory>;
