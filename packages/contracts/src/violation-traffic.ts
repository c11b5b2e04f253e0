import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, listOf } from './common.js';
import { lngLat } from './geometry.js';
import { placeRef } from './places.js';
import { INT4_MAX, idParam, intQuery } from './input.js';
import { idListQuery } from './reports.js';
import { hasAdministratorMenu } from './roles.js';

// ── Violation Traffic (/violation-traffic): counts, traffic over time, the top 10 drivers ───────────

/** The kinds of violation the page counts, in the order its charts stack them. */
export const VIOLATION_KINDS = ['overspeed', 'overstop', 'overroute'] as const;
export type ViolationKindName = (typeof VIOLATION_KINDS)[number];

/**
 * Who reads the page: the roles whose menu has it (spec §2), the Administrator and any role name the
 * product does not know; a User's and a Guest's menus lack it.
 */
export const readsViolationTraffic = hasAdministratorMenu;

/** Spec §5: what a request (or the page's picker) without a period is told, word for word. */
export const PERIOD_REQUIRED_MESSAGE = 'Period Time Cannot Null';

/** The longest period the page asks for at once: a year (spec §9 report periods weekly, monthly, yearly). */
export const VIOLATION_TRAFFIC_MAX_DAYS = 366;
const DAY_MS = 86_400_000;

/**
 * Severity points of one violation: 1, plus 1 for each step its measure goes past. Over speed by km/h
 * over the limit (the bands of domain research §6.2: minor up to +10, major up to +20, critical
 * beyond), over stop by minutes beyond the place's allowance, over route by km driven off the corridor.
 */
export const VIOLATION_SEVERITY = {
  overspeed: { unit: 'km/h', steps: [10, 20] },
  overstop: { unit: 'min', steps: [30, 60] },
  overroute: { unit: 'km', steps: [5, 20] },
} as const satisfies Record<ViolationKindName, { unit: string; steps: readonly number[] }>;

/** The points of a violation whose measure (km/h over, minutes over, km off route) is `measure`. */
export function severityPoints(kind: ViolationKindName, measure: number): number {
  return 1 + VIOLATION_SEVERITY[kind].steps.filter((step) => measure > step).length;
}

/** The formula in words (English), as the answer carries it for API clients; the page words its own. */
export function severityFormulaText(): string {
  const s = VIOLATION_SEVERITY;
  const band = (k: ViolationKindName, what: string) =>
    `${what}: 1 point, 2 over ${s[k].steps[0]} ${s[k].unit}, 3 over ${s[k].steps[1]} ${s[k].unit}`;
  return [
    'Score = sum of the points of each violation',
    band('overspeed', 'over speed by km/h over the limit'),
    band('overstop', 'over stop by minutes beyond the allowance'),
    band('overroute', 'over route by km driven off the route'),
  ].join('; ');
}

/** An instant of the period; empty is no period (`Period Time Cannot Null`). */
const periodEdge = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.iso.datetime({
    offset: true,
    error: (issue) =>
      issue.input === undefined ? PERIOD_REQUIRED_MESSAGE : 'Use an ISO 8601 date and time with an offset',
  }),
);

/** A fleet or driver filter: its id, or `none` for violations of vehicles in no fleet / with no driver. */
const groupFilter = z.union([z.literal('none'), idParam()]);

const withTrafficPeriodCheck = <T extends z.ZodObject<{ from: z.ZodType<string>; to: z.ZodType<string> }>>(
  schema: T,
) =>
  schema.superRefine((q, ctx) => {
    const { from, to } = q as { from?: string; to?: string };
    if (!from || !to) return;
    const span = Date.parse(to) - Date.parse(from);
    if (Number.isNaN(span)) return; // a bad instant, already named
    if (!(span > 0)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Must be after from' });
    else if (span > VIOLATION_TRAFFIC_MAX_DAYS * DAY_MS)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `At most ${VIOLATION_TRAFFIC_MAX_DAYS} days after from`,
      });
  });

/** How the traffic over time is cut: per day, week (Monday first) or month of the unit's time zone. */
export const TRAFFIC_BUCKETS = ['day', 'week', 'month'] as const;
export type TrafficBucket = (typeof TRAFFIC_BUCKETS)[number];

/** The bucket a period is cut in when none is asked: days up to a month, weeks up to a quarter, then months. */
export function bucketOf(from: string, to: string): TrafficBucket {
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS;
  return days <= 31 ? 'day' : days <= 92 ? 'week' : 'month';
}

const trafficFilters = {
  from: periodEdge,
  to: periodEdge,
  fleetId: groupFilter.optional(),
  kendaraanId: idListQuery.optional(),
};

/** `GET /api/violation-traffic`: the whole page for a period [from, to) and filters. */
export const violationTrafficQuery = withTrafficPeriodCheck(
  z.object({ ...trafficFilters, bucket: z.enum(TRAFFIC_BUCKETS).optional() }),
);
export type ViolationTrafficQuery = z.infer<typeof violationTrafficQuery>;

const kindCounts = {
  overspeed: z.number().int(),
  overstop: z.number().int(),
  overroute: z.number().int(),
  total: z.number().int(),
};

/** One bar of the traffic: the violations that started in [from, to). */
export const trafficBucket = z.object({
  /** The bucket's first local day, `YYYY-MM-DD`. */
  day: z.string(),
  /** ISO 8601 UTC, clipped to the period. */
  from: z.string(),
  to: z.string(),
  ...kindCounts,
});
export type TrafficBucketRow = z.infer<typeof trafficBucket>;

/** Counts of a fleet (a vehicle in several fleets counts in each; `fleetId` null: in none). */
export const fleetViolations = z.object({
  fleetId: z.number().int().nullable(),
  fleetName: z.string().nullable(),
  ...kindCounts,
  points: z.number().int(),
});
export type FleetViolations = z.infer<typeof fleetViolations>;

/** Counts of a driver (`pengemudiId` null: no driver was assigned to the vehicle at the time). */
export const driverViolations = z.object({
  pengemudiId: z.number().int().nullable(),
  name: z.string().nullable(),
  employeeNumber: z.string().nullable(),
  ...kindCounts,
  points: z.number().int(),
});
export type DriverViolations = z.infer<typeof driverViolations>;

export const severityFormula = z.object({
  /** The formula in English words; the page words it from `steps` in its language. */
  text: z.string(),
  steps: z.object({
    overspeed: z.object({ unit: z.literal('km/h'), steps: z.array(z.number()) }),
    overstop: z.object({ unit: z.literal('min'), steps: z.array(z.number()) }),
    overroute: z.object({ unit: z.literal('km'), steps: z.array(z.number()) }),
  }),
});

export const violationTraffic = z.object({
  from: z.string(),
  to: z.string(),
  /** The unit's time zone, whose days and weeks the buckets are. */
  timeZone: z.string(),
  bucket: z.enum(TRAFFIC_BUCKETS),
  totals: z.object({ ...kindCounts, points: z.number().int() }),
  /** Every bucket of the period, empty ones too, oldest first. */
  traffic: z.array(trafficBucket),
  /** Fleets with violations, most first. */
  byFleet: z.array(fleetViolations),
  /** Drivers with violations (and the violations without one), most first. */
  byDriver: z.array(driverViolations),
  /** The ten drivers with the most points (then the most violations), with their rank. */
  topDrivers: z.array(driverViolations.extend({ rank: z.number().int() })),
  formula: severityFormula,
});
export type ViolationTraffic = z.infer<typeof violationTraffic>;

/** `GET /api/violation-traffic/violations`: the violations behind a bar, newest first, paged. */
export const trafficViolationsQuery = withTrafficPeriodCheck(
  z.object({
    ...trafficFilters,
    kind: z.enum(VIOLATION_KINDS).optional(),
    pengemudiId: groupFilter.optional(),
    Take: z.coerce.number().int().min(1).max(1000).default(DEFAULT_PAGE_SIZE),
    Skip: intQuery(0, INT4_MAX).default(0),
  }),
);
export type TrafficViolationsQuery = z.infer<typeof trafficViolationsQuery>;

export const trafficViolation = z.object({
  logId: z.number().int(),
  kind: z.enum(VIOLATION_KINDS),
  kendaraanId: z.number().int(),
  nomorPolisi: z.string(),
  nomorKendaraan: z.string(),
  pengemudiId: z.number().int().nullable(),
  driver: z.string().nullable(),
  /** ISO 8601 UTC. */
  start: z.string(),
  end: z.string().nullable(),
  /** Seconds (to now while it goes on). */
  duration: z.number().int(),
  open: z.boolean(),
  position: lngLat.nullable(),
  /** Where it began, in English: the geofence, else the place; `place` for a client to word. */
  location: z.string().nullable(),
  place: placeRef.nullable(),
  /** What the points are measured by: km/h over the limit, minutes beyond the allowance, km off route. */
  measure: z.number(),
  points: z.number().int(),
  /** The period to play it back on /map: from a few minutes before to a few minutes after. */
  playback: z.object({ kendaraanId: z.number().int(), from: z.string(), to: z.string() }),
});
export type TrafficViolation = z.infer<typeof trafficViolation>;
export const trafficViolationList = listOf(trafficViolation);
export type TrafficViolationList = z.infer<typeof trafficViolationList>;
