import { z } from 'zod';
import { listOf, pagingQuery } from './common.js';
import { idParam, isoDate } from './input.js';

// ── Car-carrier activity and utility (spec §2 Car Carrier group, §3 CC activity and Utility report;
// domain research §5.2) ──────────────────────────────────────────────────────────────────────────
// Every car-carrier unit-day is in exactly one class — idle trouble, else active, else idle ready — so
// the three percentages add up to 100 and a day counted active on one page is active on every page.

export const CC_DAY_CLASSES = ['active', 'idle_ready', 'idle_trouble'] as const;
export type CcDayClass = (typeof CC_DAY_CLASSES)[number];

export const CC_DEFAULTS = {
  /** Hours of a day in maintenance, an incident or with expired papers that make it a trouble day. */
  troubleHours: 12,
  /** Engine-on hours that make a day active in the E/G ON version. */
  engineOnHours: 1,
  /** Target utilisation, %, for the deficiency: max(0, target × unit-days − active unit-days). */
  targetUtilisationPct: 85,
} as const;

/** The figures of a set of unit-days (a day, a week, a month, a fleet over a period). */
export const ccFigures = z.object({
  /** Car carriers in the set (distinct units). */
  totalCc: z.number().int(),
  /** Unit-days (N). */
  unitDays: z.number().int(),
  /** Day version: unit-days with an SPK under way (A). */
  totalActivity: z.number().int(),
  totalIdleReady: z.number().int(),
  totalIdleTrouble: z.number().int(),
  /** E/G ON version: unit-days with the engine on for at least an hour. */
  activityEngineOn: z.number().int(),
  /** A / N × 100, R / N × 100, T / N × 100 (they add up to 100), one decimal. */
  utilityPct: z.number(),
  readyPct: z.number(),
  troublePct: z.number(),
  /** E/G ON version of % utility. */
  utilityEngineOnPct: z.number(),
  /** Unit-days short of the target utilisation: max(0, 0.85 × N − A), one decimal. */
  deficiency: z.number(),
  /** Per day on average: units active or idle ready, and units in trouble; they add up to the fleet. */
  dailyAverageReady: z.number(),
  dailyAverageTrouble: z.number(),
});
export type CcFigures = z.infer<typeof ccFigures>;

/** `GET /api/activities/daily`: the figures of each day of the period. */
export const ccDailyRow = ccFigures.extend({ day: z.string() });
export const ccDaily = z.object({ results: z.array(ccDailyRow), total: ccFigures });
export type CcDaily = z.infer<typeof ccDaily>;

/** A period of days in the unit's zone, both inclusive, at most a year. */
export const CC_MAX_DAYS = 366;
export const ccPeriodQuery = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  fleetId: idParam().optional(),
});
export type CcPeriodQuery = z.infer<typeof ccPeriodQuery>;

/** `GET /api/activities/summary`: the unit (parent) and each of its fleets (children) over the period. */
export const ccSummary = z.object({
  unit: ccFigures.extend({ unitId: z.number().int(), unitName: z.string() }),
  fleets: z.array(ccFigures.extend({ fleetId: z.number().int(), fleetName: z.string() })),
  from: z.string(),
  to: z.string(),
});
export type CcSummary = z.infer<typeof ccSummary>;

/** `GET /api/reports/activities/daily`: each car carrier's day with its class (paged). */
export const ccVehicleDay = z.object({
  kendaraanId: z.number().int(),
  nomorPolisi: z.string(),
  nomorKendaraan: z.string(),
  day: z.string(),
  dayClass: z.enum(CC_DAY_CLASSES),
  engineOnHours: z.number(),
  troubleHours: z.number(),
  /** Numbers of the SPKs under way that day. */
  spkNumbers: z.array(z.string()),
});
export const ccVehicleDayList = listOf(ccVehicleDay);
export const ccVehicleDayQuery = pagingQuery.extend(ccPeriodQuery.shape).extend({
  kendaraanId: idParam().optional(),
  dayClass: z.enum(CC_DAY_CLASSES).optional(),
});

/** `GET /api/utilitas/weekly|monthly|yearly`: a row per day (week, month) or per month (year), and the total. */
export const ccUtilityRow = ccFigures.extend({
  /** A day (YYYY-MM-DD) or a month (YYYY-MM). */
  period: z.string(),
});
export const ccUtility = z.object({ results: z.array(ccUtilityRow), total: ccFigures });
export type CcUtility = z.infer<typeof ccUtility>;
export const ccWeeklyQuery = z.object({ from: isoDate.optional(), fleetId: idParam().optional() });
export const ccMonthlyQuery = z.object({
  month: z.string().optional(),
  fleetId: idParam().optional(),
});
export const ccYearlyQuery = z.object({ year: z.string().optional(), fleetId: idParam().optional() });

/** The spec's exact messages (§5). */
export const CC_MESSAGES = {
  period: 'Period Time Cannot Null',
  month: 'Please Enter Month !!!',
  year: 'Please Enter Year !!!',
} as const;

/** `GET /api/kendaraan/status`: each car carrier now, ready or trouble (spec §4 Car carrier status). */
export const ccStatusRow = z.object({
  kendaraanId: z.number().int(),
  nomorPolisi: z.string(),
  nomorKendaraan: z.string(),
  status: z.enum(['ready', 'trouble']),
  /** The availability reason behind it. */
  reason: z.string(),
});
export const ccStatusList = z.object({
  ready: z.number().int(),
  trouble: z.number().int(),
  results: z.array(ccStatusRow),
});
