import { z } from 'zod';
import { listOf, pagingQuery, problem } from './common.js';
import { idParam, sortDir } from './input.js';
import { idListQuery } from './reports.js';
import { violationCounts } from './trips.js';

// ── Detail activity: a vehicle's local day ───────────────────────────────────────────────────────

/** One vehicle's local day (its unit's time zone). Times in seconds, engine hours in hours. */
export const detailActivityRow = z.object({
  kendaraanId: z.number().int(),
  nomorPolisi: z.string(),
  nomorKendaraan: z.string(),
  /** YYYY-MM-DD in the unit's zone. */
  day: z.string(),
  distanceKm: z.number(),
  drivingTime: z.number().int(),
  /** Standing with the ignition on. */
  idleTime: z.number().int(),
  /** Ignition on, hours. */
  engineHours: z.number(),
  /** Stops that began that day. */
  stops: z.number().int(),
  /** ISO 8601 UTC of the day's first and last movement, or null on a day without. */
  firstMovement: z.string().nullable(),
  lastMovement: z.string().nullable(),
  maxSpeed: z.number(),
  /** km/h: distance over driving time. */
  avgSpeed: z.number(),
  violations: violationCounts,
});
export type DetailActivityRow = z.infer<typeof detailActivityRow>;

export const detailActivitySorts = [
  'day',
  'nomorPolisi',
  'distanceKm',
  'drivingTime',
  'idleTime',
  'engineHours',
  'stops',
  'maxSpeed',
] as const;

/**
 * `GET /api/detail_activity` and `GET /api/reports/detail_activity`: the local days overlapping
 * [from, to) (at most 31 days), of the chosen vehicles (`kendaraanId`, repeatable) or a fleet's, else
 * the unit's. Sorted by day then plate unless `sortBy` says otherwise.
 */
export const detailActivityQuery = pagingQuery.extend({
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  /** Repeated (`kendaraanId=1&kendaraanId=2`) or comma-separated (`kendaraanId=1,2`). */
  kendaraanId: idListQuery.optional(),
  fleetId: idParam().optional(),
  sortBy: z.enum(detailActivitySorts).optional(),
  sortDir: sortDir.optional(),
});
export type DetailActivityQuery = z.infer<typeof detailActivityQuery>;

/** Sums over every row of the period and filters, not only the page. */
export const detailActivityTotals = z.object({
  distanceKm: z.number(),
  drivingTime: z.number().int(),
  idleTime: z.number().int(),
  engineHours: z.number(),
  stops: z.number().int(),
  maxSpeed: z.number(),
  avgSpeed: z.number(),
  violations: violationCounts,
});
export const detailActivityList = listOf(detailActivityRow).extend({ totals: detailActivityTotals });
export type DetailActivityList = z.infer<typeof detailActivityList>;

/** The report: every row (up to the export limit) and the sums over all of them. */
export const detailActivityReport = detailActivityList;
export type DetailActivityReport = z.infer<typeof detailActivityReport>;

// ── Recalculate (the playback route recalculation of the dev logs API) ───────────────────────────

/** `POST /api/logs/recalculate`: work a vehicle's trips, stops, visits and violations out again. */
export const recalculateRequest = z.object({
  kendaraanId: z.coerce.number().int().positive().max(2_147_483_647),
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
});
export type RecalculateRequest = z.infer<typeof recalculateRequest>;

export const recalculateStates = ['queued', 'running', 'done', 'failed'] as const;

/** A recalculation and how far it is; `GET /api/logs/recalculate/:jobId`. */
export const recalculateJob = z.object({
  jobId: z.string(),
  kendaraanId: z.number().int(),
  /** What is worked out again: from (moved back to the stop the vehicle was in) to the latest fix. */
  from: z.string(),
  to: z.string(),
  state: z.enum(recalculateStates),
  /** 0 to 1. */
  progress: z.number(),
  /** When done: what it wrote. */
  result: z
    .object({
      positions: z.number().int(),
      trips: z.number().int(),
      stops: z.number().int(),
      events: z.number().int(),
      visits: z.number().int(),
    })
    .nullable(),
  /** When failed. */
  error: problem.nullable(),
});
export type RecalculateJob = z.infer<typeof recalculateJob>;

export const recalculateJobList = listOf(recalculateJob);
export type RecalculateJobList = z.infer<typeof recalculateJobList>;
/** `GET /api/logs/recalculate`: the unit's latest recalculations, or the one `jobId` names, or a vehicle's. */
export const recalculateJobQuery = z.object({
  jobId: z.string().max(64).optional(),
  kendaraanId: idParam().optional(),
});
export type RecalculateJobQuery = z.infer<typeof recalculateJobQuery>;
export type DetailActivityTotals = z.infer<typeof detailActivityTotals>;
