import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './common.js';
import { importResponse } from './imports.js';
import { INT4_MAX, idParam, intQuery, text } from './input.js';
import { idListQuery, REPORT_MAX_ROWS, reportPeriod, withPeriodCheck } from './reports.js';
import { ANOMALY_KINDS, WORK_ORDER_KINDS, WORK_ORDER_STATUSES } from './work-orders.js';

// ── SPK import, matching to recorded trips, and recaps ───────────────────────────────────────────

/**
 * Columns of an SPK import file (`POST /api/spk/import`, rows as in `importRequest`): the vehicle by
 * plate, drivers by employee number (NIK) or name, the route by code, origin and destination by
 * geofence code; `runDate` a date (00:00 in the unit's zone) or a date-time.
 */
export const WORK_ORDER_IMPORT_COLUMNS = [
  'kind',
  'spkNumber',
  'dtNumber',
  'nomorPolisi',
  'pengemudi',
  'coPengemudi',
  'trayek',
  'runDate',
  'origin',
  'destination',
  'customer',
  'loadCount',
  'loadDescription',
  'kosongan',
  'notes',
] as const;
export type WorkOrderImportColumn = (typeof WORK_ORDER_IMPORT_COLUMNS)[number];

/** The import's answer: the rows' errors, and what a create would allow but warns of (a KIR due soon). */
export const workOrderImportResponse = importResponse.extend({
  warnings: z.array(z.object({ row: z.number().int(), path: z.string(), message: z.string() })),
});
export type WorkOrderImportResponse = z.infer<typeof workOrderImportResponse>;

// ── Matching ────────────────────────────────────────────────────────────────────────────────────

/** Unbilled use: a trip at least this long that leaves or reaches a work site (docs/decisions.md). */
export const UNBILLED_MIN_KM = 5;

const matchingBase = z.object({
  ...reportPeriod,
  kind: z.enum(WORK_ORDER_KINDS).optional(),
  kendaraanId: idListQuery.optional(),
  fleetId: idParam().optional(),
  Take: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  Skip: intQuery(0, INT4_MAX).default(0),
  /** The page of unbilled trips. */
  unbilledTake: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  unbilledSkip: intQuery(0, INT4_MAX).default(0),
});
/** `GET /api/spk/matching`: SPKs whose run date is in [from, to) (at most 31 days), and unbilled trips. */
export const workOrderMatchingQuery = withPeriodCheck(matchingBase);
export type WorkOrderMatchingQuery = z.infer<typeof workOrderMatchingQuery>;
/** `GET /api/reports/spk/matching`: every row up to `REPORT_MAX_ROWS` unless Take says fewer. */
export const workOrderMatchingReportQuery = withPeriodCheck(
  matchingBase.extend({
    Take: z.coerce.number().int().min(1).max(REPORT_MAX_ROWS).default(REPORT_MAX_ROWS),
    unbilledTake: z.coerce.number().int().min(1).max(REPORT_MAX_ROWS).default(REPORT_MAX_ROWS),
  }),
);

export const matchedTrip = z.object({
  tripId: z.number().int(),
  start: z.string(),
  end: z.string(),
  open: z.boolean(),
  distanceKm: z.number(),
});
export type MatchedTrip = z.infer<typeof matchedTrip>;

/** An SPK with the recorded trips in its trip window. */
export const workOrderMatchRow = z.object({
  spkId: z.number().int(),
  kind: z.enum(WORK_ORDER_KINDS),
  spkNumber: z.string(),
  dtNumber: z.string().nullable(),
  status: z.enum(WORK_ORDER_STATUSES),
  kendaraanId: z.number().int(),
  nomorPolisi: z.string(),
  nomorKendaraan: z.string(),
  trayekCode: z.string().nullable(),
  customer: z.string().nullable(),
  kosongan: z.boolean(),
  runDate: z.string(),
  /** The trip window: out of pool (else the run date) to back in pool (else the planned period after its start). */
  windowStart: z.string(),
  windowEnd: z.string(),
  /** Whether the window's ends are the detected pool exit and return, or the plan. */
  windowFromPool: z.object({ start: z.boolean(), end: z.boolean() }),
  trips: z.array(matchedTrip),
  distanceKm: z.number(),
});
export type WorkOrderMatchRow = z.infer<typeof workOrderMatchRow>;

/** A trip that ran with no SPK covering it and looks like work. */
export const unbilledTrip = z.object({
  tripId: z.number().int(),
  kendaraanId: z.number().int(),
  nomorPolisi: z.string(),
  nomorKendaraan: z.string(),
  start: z.string(),
  end: z.string(),
  open: z.boolean(),
  distanceKm: z.number(),
  /** The loading or unloading sites it left or reached. */
  sites: z.array(z.string()),
});
export type UnbilledTrip = z.infer<typeof unbilledTrip>;

export const workOrderMatching = z.object({
  count: z.number().int(),
  results: z.array(workOrderMatchRow),
  totals: z.object({
    spks: z.number().int(),
    /** SPKs with at least one trip in their window. */
    withTrips: z.number().int(),
    withoutTrips: z.number().int(),
    trips: z.number().int(),
    distanceKm: z.number(),
  }),
  unbilled: z.object({
    count: z.number().int(),
    distanceKm: z.number(),
    results: z.array(unbilledTrip),
  }),
});
export type WorkOrderMatching = z.infer<typeof workOrderMatching>;

// ── Recaps ──────────────────────────────────────────────────────────────────────────────────────

/** The longest period a recap covers: twelve months (plus a day, for a leap year). */
export const RECAP_MAX_DAYS = 366;

/**
 * `from`/`to` of a recap: ISO with an offset, `to` after `from` and at most `RECAP_MAX_DAYS` later
 * (the message names `to`). Months are the unit's calendar months of the run date.
 */
const withRecapPeriodCheck = <T extends z.ZodObject<{ from: z.ZodType<string>; to: z.ZodType<string> }>>(
  schema: T,
) =>
  schema.superRefine((q, ctx) => {
    const { from, to } = q as { from?: string; to?: string };
    if (!from || !to) return;
    const span = Date.parse(to) - Date.parse(from);
    if (!(span > 0)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Must be after from' });
    else if (span > RECAP_MAX_DAYS * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'At most 12 months after from' });
  });

/** `GET /api/recap/monthly`. */
export const monthlyRecapQuery = withRecapPeriodCheck(
  z.object({
    ...reportPeriod,
    kind: z.enum(WORK_ORDER_KINDS).optional(),
    fleetId: idParam().optional(),
    trayekId: idParam().optional(),
  }),
);
export type MonthlyRecapQuery = z.infer<typeof monthlyRecapQuery>;

const countsOf = <K extends readonly [string, ...string[]]>(keys: K) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.number().int()])) as Record<K[number], z.ZodNumber>);

/** SPKs counted by status; times and anomalies over the SPKs that are not cancelled. */
export const recapFigures = z.object({
  total: z.number().int(),
  byStatus: countsOf(WORK_ORDER_STATUSES),
  /** Lead time within the standard, over it, or not known (no actual time or no standard). */
  lead: z.object({ onTime: z.number().int(), over: z.number().int(), unknown: z.number().int() }),
  circle: z.object({ onTime: z.number().int(), over: z.number().int(), unknown: z.number().int() }),
  /** Averages of the known actual times, minutes; null when none is known. */
  avgLeadMinutes: z.number().nullable(),
  avgCircleMinutes: z.number().nullable(),
  /** SPKs with an anomaly of each kind. */
  anomalies: countsOf(ANOMALY_KINDS),
});
export type RecapFigures = z.infer<typeof recapFigures>;

export const monthlyRecap = z.object({
  /** Every month of the period, `YYYY-MM` in the unit's zone, the empty ones too. */
  months: z.array(recapFigures.extend({ month: z.string() })),
  routes: z.array(
    recapFigures.extend({
      trayekId: z.number().int().nullable(),
      trayekCode: z.string().nullable(),
      trayekName: z.string().nullable(),
    }),
  ),
  totals: recapFigures,
});
export type MonthlyRecap = z.infer<typeof monthlyRecap>;

export const driverRecapSortKeys = [
  'name',
  'spks',
  'done',
  'abnormal',
  'over',
  'actualHours',
  'distanceKm',
] as const;

/** `GET /api/recap/pengemudi`. */
export const driverRecapQuery = withRecapPeriodCheck(
  z.object({
    ...reportPeriod,
    kind: z.enum(WORK_ORDER_KINDS).optional(),
    fleetId: idParam().optional(),
    search: text().trim().max(64).optional(),
    Take: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    Skip: intQuery(0, INT4_MAX).default(0),
    sortBy: z.enum(driverRecapSortKeys).default('spks'),
    sortDir: z.enum(['ascend', 'descend']).default('descend'),
  }),
);
export type DriverRecapQuery = z.infer<typeof driverRecapQuery>;

export const driverRecapRow = z.object({
  pengemudiId: z.number().int(),
  name: z.string(),
  employeeNumber: z.string(),
  /** SPKs (not cancelled) with the driver as driver 1 or driver 2. */
  spks: z.number().int(),
  asDriver1: z.number().int(),
  asDriver2: z.number().int(),
  done: z.number().int(),
  /** SPKs with an anomaly. */
  abnormal: z.number().int(),
  /** SPKs over their standard lead or circle time. */
  over: z.number().int(),
  /** Sum of the known actual circle times, hours. */
  actualHours: z.number(),
  /** Distance of the trips in the driver's SPKs' windows, km. */
  distanceKm: z.number(),
});
export type DriverRecapRow = z.infer<typeof driverRecapRow>;
export const driverRecap = z.object({
  count: z.number().int(),
  results: z.array(driverRecapRow),
  totals: driverRecapRow.omit({ pengemudiId: true, name: true, employeeNumber: true }),
});
export type DriverRecap = z.infer<typeof driverRecap>;
