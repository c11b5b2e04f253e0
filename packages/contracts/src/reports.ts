import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, listOf } from './common.js';
import { geofenceCategories } from './geofences.js';
import { lngLat } from './geometry.js';
import { placeRef } from './places.js';
import { INT4_MAX, idParam, intQuery } from './input.js';

// ── Reports: who reads which, and the period every report takes ─────────────────────────────────

/**
 * The Report group of the sidebar (spec §2), by the name the server and the export use; then the SPK
 * list's export, the SPK matching and the SPK recaps, which follow the same rule (docs/decisions.md).
 */
export const REPORTS = [
  'loggeopoint',
  'overspeed',
  'overstop',
  'overroute',
  'detail_activity',
  'spk',
  'spk_matching',
  'spk_recap',
] as const;
export type ReportName = (typeof REPORTS)[number];

/**
 * The reports a role reads (spec §2): an Administrator (and any role name the product does not know)
 * all; a User all but detail activity; a Guest none.
 */
export function reportsOf(role: string): readonly ReportName[] {
  if (role === 'Guest') return [];
  if (role === 'User') return REPORTS.filter((r) => r !== 'detail_activity');
  return REPORTS;
}

/** The longest period one report call may ask for: a month of 31 days. */
export const REPORT_MAX_DAYS = 31;
const DAY_MS = 86_400_000;

/** `from` and `to`: ISO 8601 with an offset (`2026-11-01T00:00:00+07:00`), as `logs/gps` takes them. */
export const reportPeriod = {
  from: z.iso.datetime({ offset: true, message: 'Use an ISO 8601 date and time with an offset' }),
  to: z.iso.datetime({ offset: true, message: 'Use an ISO 8601 date and time with an offset' }),
};

/**
 * Checks a query's period when it has both ends: `to` after `from`, at most `REPORT_MAX_DAYS` apart;
 * the message names `to`. Applied last, on the finished query object (a refined object cannot be
 * extended).
 */
export const withPeriodCheck = <
  T extends z.ZodObject<{ from: z.ZodType<string | undefined>; to: z.ZodType<string | undefined> }>,
>(
  schema: T,
) =>
  schema.superRefine((q, ctx) => {
    const { from, to } = q as { from?: string; to?: string };
    if (!from || !to) return;
    const span = Date.parse(to) - Date.parse(from);
    if (!(span > 0)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Must be after from' });
    else if (span > REPORT_MAX_DAYS * DAY_MS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `At most ${REPORT_MAX_DAYS} days after from` });
  });

/** Vehicle ids in a query string: `kendaraanId=1&kendaraanId=2`, `kendaraanId[]=1`, or `kendaraanId=1,2`. */
export const idListQuery = z.preprocess(
  (v) => {
    const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : v === undefined ? [] : [v];
    return list.map((s) => (typeof s === 'string' ? s.trim() : s)).filter((s) => s !== '');
  },
  z.array(idParam()).max(500, 'At most 500 vehicles'),
);

/** The rows a report's `reports/` form answers at once (its export streams every row instead). */
export const REPORT_MAX_ROWS = 10_000;

const violationSorts = ['start', 'duration', 'max', 'nomorKendaraan'] as const;

/** `GET /api/overspeed` and `GET /api/overstop` (and their `reports/` forms): events in a period. */
export const violationQuery = z.object({
  ...reportPeriod,
  kendaraanId: idListQuery.optional(),
  fleetId: idParam().optional(),
  Take: z.coerce.number().int().min(1).max(REPORT_MAX_ROWS).default(DEFAULT_PAGE_SIZE),
  Skip: intQuery(0, INT4_MAX).default(0),
  sortBy: z.enum(violationSorts).default('start'),
  sortDir: z.enum(['ascend', 'descend']).default('descend'),
});
export type ViolationQuery = z.infer<typeof violationQuery>;
export const violationQueryChecked = withPeriodCheck(violationQuery);
/** The `reports/` form: every row up to `REPORT_MAX_ROWS` unless Take says fewer. */
export const violationReportQueryChecked = withPeriodCheck(
  violationQuery.extend({
    Take: z.coerce.number().int().min(1).max(REPORT_MAX_ROWS).default(REPORT_MAX_ROWS),
  }),
);

const violationBase = {
  logId: z.number().int(),
  kendaraanId: z.number().int(),
  nomorPolisi: z.string(),
  nomorKendaraan: z.string(),
  /** The driver on the vehicle when it happened, if one was assigned. */
  driver: z.string().nullable(),
  /** ISO 8601 UTC. */
  start: z.string(),
  /** ISO 8601 UTC, or null while it goes on. */
  end: z.string().nullable(),
  /** Seconds (to now while it goes on). */
  duration: z.number().int(),
  open: z.boolean(),
  position: lngLat.nullable(),
  /** The geofence it happened in, if any. */
  geofence: z.string().nullable(),
  geofenceCategory: z.enum(geofenceCategories).nullable(),
  /** Where, readable in English: the geofence, else the nearest named place (toll road, town). */
  location: z.string().nullable(),
  /** Where, for a client to word in its language: `at` the geofence, else the place of the position. */
  place: placeRef.nullable(),
};

/** An over-speed (spec §3 Speeding: over, location, duration). */
export const overspeedRow = z.object({
  ...violationBase,
  /** Highest speed, km/h. */
  max: z.number(),
  /** The limit that applied, km/h. */
  limit: z.number(),
  /** `max − limit`, km/h. */
  over: z.number(),
});
export type OverspeedRow = z.infer<typeof overspeedRow>;

/** Totals of every row of the period and filters, not only the page. */
export const violationTotals = z.object({
  count: z.number().int(),
  /** Seconds. */
  duration: z.number().int(),
  /** Highest speed among over-speeds; null for over-stops. */
  max: z.number().nullable(),
});
export const overspeedList = listOf(overspeedRow).extend({ totals: violationTotals });
export type OverspeedList = z.infer<typeof overspeedList>;

/** An over-stop (spec §3 Rest and stop: overstop, location, description). */
export const overstopRow = z.object({
  ...violationBase,
  /** Minutes a stop there may last (the unit's threshold, or a rest area's allowance). */
  allowance: z.number().nullable(),
  /** Seconds beyond the allowance. */
  overstop: z.number().int(),
  /** Why it counts, as a key the pages and exports word: outside any work site, or too long at a rest area. */
  reason: z.enum(['outside_work_site', 'rest_area']),
});
export type OverstopRow = z.infer<typeof overstopRow>;
export const overstopList = listOf(overstopRow).extend({ totals: violationTotals });
export type OverstopList = z.infer<typeof overstopList>;

// ── Export: a short-lived single-use link the page downloads ─────────────────────────────────────

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** What can be exported: the Report group's reports, and pages with a file of their own. */
export const EXPORTS = [...REPORTS, 'violation_traffic'] as const;
export type ExportName = (typeof EXPORTS)[number];
/** Seconds an export link stays valid; it is good for one download. */
export const EXPORT_TOKEN_TTL_S = 120;

/** `POST /api/export/token`: which report, its query (as the list takes it, without paging), how. */
export const exportTokenRequest = z.object({
  report: z.enum(EXPORTS, 'Choose a report'),
  format: z.enum(EXPORT_FORMATS, 'Choose xlsx or csv').default('xlsx'),
  query: z.record(z.string(), z.union([z.string(), z.array(z.string())])).default({}),
  /** The language of the column headings and words. */
  language: z.enum(['en', 'id']).default('en'),
  /** The time zone of the times in the file (IANA); the unit's when absent. */
  timeZone: z.string().max(64).optional(),
});
export type ExportTokenRequest = z.infer<typeof exportTokenRequest>;
export const exportTokenAnswer = z.object({
  token: z.string(),
  /** The download link: a plain GET, no header needed. */
  url: z.string(),
  expiresAt: z.string(),
});
export type ExportTokenAnswer = z.infer<typeof exportTokenAnswer>;
