import { z } from 'zod';
import { listOf, pagingQuery } from './common.js';
import { boolQuery, id, idParam, optionalText, sortDir, text } from './input.js';

// ── Work orders (SPK) ────────────────────────────────────────────────────────────────────────────
// An SPK is one planned trip of one vehicle on one route (domain research §1). Its milestones come
// from the vehicle's geofence visits (§2.2), its times and anomalies from the milestones and the
// violations during the trip, and its status follows them (§3.3).

/** The two kinds; the sidebar's /spk/ccr and /spk/dt. Their labels are the unit's to edit. */
export const WORK_ORDER_KINDS = ['ccr', 'dt'] as const;
export type WorkOrderKind = (typeof WORK_ORDER_KINDS)[number];

export const WORK_ORDER_STATUSES = ['waiting', 'on_progress', 'abnormal', 'done', 'cancelled'] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];
/** An SPK in one of these is the vehicle's current one (`spk/current`). */
export const ACTIVE_WORK_ORDER_STATUSES = [
  'waiting',
  'on_progress',
  'abnormal',
] as const satisfies readonly WorkOrderStatus[];
export const isActiveWorkOrder = (s: WorkOrderStatus) =>
  (ACTIVE_WORK_ORDER_STATUSES as readonly WorkOrderStatus[]).includes(s);

/**
 * The timeline of a trip (domain research §2.2), in order: out of the pool, arrival at and exit from
 * loading (the route's origin), enter and exit unloading (its destination), back into a pool or base.
 * A kosongan (empty) run has no loading or unloading: out of the pool, then into its destination (a
 * pool or base), which is its `enter_pool`.
 */
export const MILESTONES = [
  'out_pool',
  'arrive_loading',
  'exit_loading',
  'enter_unloading',
  'exit_unloading',
  'enter_pool',
] as const;
export type MilestoneKind = (typeof MILESTONES)[number];
export const KOSONGAN_MILESTONES = ['out_pool', 'enter_pool'] as const satisfies readonly MilestoneKind[];

/** Where a milestone's time came from: a geofence visit, or an Administrator's correction. */
export const MILESTONE_SOURCES = ['detected', 'manual'] as const;
export type MilestoneSource = (typeof MILESTONE_SOURCES)[number];

export const ANOMALY_KINDS = [
  'over_lead_time',
  'over_circle_time',
  'overspeed',
  'overstop',
  'overroute',
  'gps_lost',
  'missing_milestone',
  'wrong_pool',
] as const;
export type AnomalyKind = (typeof ANOMALY_KINDS)[number];

/** Thresholds of the anomalies (docs/decisions.md). */
export const WORK_ORDER_DEFAULTS = {
  /** Hours before the run date a pool exit may count as the trip's start. */
  earlyStartHours: 12,
  /** The planned period of an SPK whose route has no standard circle time, hours. */
  defaultPeriodHours: 24,
  /** A visit shorter than this does not count as arriving at a site (a drive past the fence). */
  minVisitMinutes: 3,
} as const;

/** One anomaly found on an SPK. */
export const anomaly = z.object({
  kind: z.enum(ANOMALY_KINDS),
  /** over lead/circle time and gps lost: minutes; violations: how many. */
  value: z.number().nullable(),
  /** missing_milestone: which. */
  milestone: z.enum(MILESTONES).nullable(),
  /** When it was found to begin (the violation's start, the gap's start). */
  at: z.string().nullable(),
});
export type Anomaly = z.infer<typeof anomaly>;

export const milestoneRow = z.object({
  milestone: z.enum(MILESTONES),
  /** ISO time, or null while it has not happened. */
  at: z.string().nullable(),
  source: z.enum(MILESTONE_SOURCES).nullable(),
  /** The geofence whose visit gave it. */
  polygonId: z.number().int().nullable(),
  polygonName: z.string().nullable(),
  /** For a manual correction: who and when (also in the audit history), and the detected time it replaced. */
  correctedBy: z.string().nullable(),
  correctedAt: z.string().nullable(),
  detectedAt: z.string().nullable(),
});
export type MilestoneRow = z.infer<typeof milestoneRow>;

/** A row of `/api/spk` (the spec's SPK columns) and the body of `/api/spk/{spkId}`. */
export const workOrderRow = z.object({
  spkId: z.number().int(),
  unitId: z.number().int(),
  kind: z.enum(WORK_ORDER_KINDS),
  spkNumber: z.string(),
  dtNumber: z.string().nullable(),
  kendaraanId: z.number().int(),
  nomorPolisi: z.string(),
  nomorKendaraan: z.string(),
  pengemudiId: z.number().int().nullable(),
  pengemudiName: z.string().nullable(),
  coPengemudiId: z.number().int().nullable(),
  coPengemudiName: z.string().nullable(),
  trayekId: z.number().int().nullable(),
  trayekCode: z.string().nullable(),
  trayekName: z.string().nullable(),
  /** Planned departure (the run date), ISO. */
  runDate: z.string(),
  /** End of the planned period: run date + the route's standard circle time (or a day). */
  plannedEnd: z.string(),
  originPolygonId: z.number().int().nullable(),
  originName: z.string().nullable(),
  destinationPolygonId: z.number().int().nullable(),
  destinationName: z.string().nullable(),
  customer: z.string().nullable(),
  loadCount: z.number().int().nullable(),
  loadDescription: z.string().nullable(),
  kosongan: z.boolean(),
  notes: z.string().nullable(),
  status: z.enum(WORK_ORDER_STATUSES),
  statusChangedAt: z.string(),
  /** Who changed the status last; null when the milestones moved it. */
  statusChangedBy: z.string().nullable(),
  /** Monitored route: the route the over-route rule checks while the SPK runs. */
  monitoredRoute: z.boolean(),
  /** Standard times from the route, minutes. */
  standardLeadMinutes: z.number().int().nullable(),
  standardCircleMinutes: z.number().int().nullable(),
  /** Actual times from the milestones, minutes (null until both ends are known). */
  actualLeadMinutes: z.number().int().nullable(),
  actualCircleMinutes: z.number().int().nullable(),
  /** max(0, actual − standard), minutes. */
  overLeadMinutes: z.number().int().nullable(),
  overCircleMinutes: z.number().int().nullable(),
  /** The milestones' times (also in `milestones` with their sources). */
  outPoolAt: z.string().nullable(),
  arriveLoadingAt: z.string().nullable(),
  exitLoadingAt: z.string().nullable(),
  enterUnloadingAt: z.string().nullable(),
  exitUnloadingAt: z.string().nullable(),
  enterPoolAt: z.string().nullable(),
  /** The next milestone the trip waits for; null when done or cancelled. */
  nextMilestone: z.enum(MILESTONES).nullable(),
  /** Estimated arrival back at the pool or base: out of pool (or run date) + the standard circle time. */
  etaToBase: z.string().nullable(),
  anomalies: z.array(anomaly),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WorkOrderRow = z.infer<typeof workOrderRow>;
export const workOrderList = listOf(workOrderRow);
export type WorkOrderList = z.infer<typeof workOrderList>;

export const workOrderDetail = workOrderRow.extend({ milestones: z.array(milestoneRow) });
export type WorkOrderDetail = z.infer<typeof workOrderDetail>;

/** Body of `POST /api/spk` and `PUT /api/spk/{spkId}`. */
export const workOrderInput = z.object({
  kind: z.enum(WORK_ORDER_KINDS, 'Choose the kind'),
  spkNumber: text('SPK number is required')
    .trim()
    .min(1, 'SPK number is required')
    .max(40, 'At most 40 characters'),
  dtNumber: optionalText(40),
  kendaraanId: id('Choose the vehicle'),
  pengemudiId: id('Choose driver 1')
    .nullish()
    .transform((v) => v ?? null),
  coPengemudiId: id('Choose driver 2')
    .nullish()
    .transform((v) => v ?? null),
  trayekId: id('Choose the route')
    .nullish()
    .transform((v) => v ?? null),
  /** Planned departure, ISO date-time (a date alone means 00:00 in the unit's time zone). */
  runDate: text('Run date is required').min(1, 'Run date is required').max(40),
  /** Default: the route's. */
  originPolygonId: id('Choose the origin')
    .nullish()
    .transform((v) => v ?? null),
  destinationPolygonId: id('Choose the destination')
    .nullish()
    .transform((v) => v ?? null),
  customer: optionalText(100),
  loadCount: z
    .number('Load must be a number of cars')
    .int('Load must be a whole number of cars')
    .min(0, 'Load cannot be negative')
    .max(100, 'Load must be at most 100 cars')
    .nullish()
    .transform((v) => v ?? null),
  loadDescription: optionalText(200),
  kosongan: z.boolean().default(false),
  notes: optionalText(500),
});
export type WorkOrderInput = z.infer<typeof workOrderInput>;
export type WorkOrderInputDraft = z.input<typeof workOrderInput>;

/**
 * A save's answer, with what it allowed but warns of (a KIR, STNK or driver's licence due within 30
 * days). What it refuses (inactive, expired, an overlapping SPK) is a 400 or 409 naming the field.
 */
export const workOrderSaved = z.object({
  spk: workOrderDetail,
  warnings: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type WorkOrderSaved = z.infer<typeof workOrderSaved>;

/** `POST /api/spk/{spkId}/cancel`. */
export const workOrderCancel = z.object({ reason: optionalText(200) });

/** `PUT /api/spk/{spkId}/milestones/{milestone}`: an Administrator's correction; `at: null` clears it. */
export const milestoneCorrection = z.object({
  at: z.iso.datetime({ offset: true, message: 'Use an ISO date-time' }).nullable(),
  /** True: drop the correction and go back to the detected time. */
  revert: z.boolean().default(false),
});
export type MilestoneCorrection = z.infer<typeof milestoneCorrection>;

export const workOrderSortKeys = [
  'runDate',
  'spkNumber',
  'dtNumber',
  'status',
  'nomorPolisi',
  'trayekCode',
  'actualLeadMinutes',
  'actualCircleMinutes',
  'overLeadMinutes',
  'overCircleMinutes',
] as const;

/** `GET /api/spk`. */
export const workOrderSearchQuery = pagingQuery.extend({
  kind: z.enum(WORK_ORDER_KINDS).optional(),
  /** One status or several, comma-separated. */
  status: text().max(100).optional(),
  kendaraanId: idParam().optional(),
  pengemudiId: idParam().optional(),
  trayekId: idParam().optional(),
  fleetId: idParam().optional(),
  /** Run date from/to, ISO (inclusive from, exclusive to). */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** Matches SPK number, DT number, plate, hull number, customer, route code. */
  search: text().trim().max(64).optional(),
  /** Only SPKs with (true) or without (false) anomalies. */
  anomaly: boolQuery.optional(),
  kosongan: boolQuery.optional(),
  sortBy: z.enum(workOrderSortKeys).default('runDate'),
  sortDir: sortDir,
});
export type WorkOrderSearchQuery = z.infer<typeof workOrderSearchQuery>;

/** `GET /api/spk/current?kendaraanId=`: the vehicle's active SPK, or null. */
export const currentWorkOrderQuery = z.object({ kendaraanId: idParam() });
export const currentWorkOrder = z.object({ spk: workOrderDetail.nullable() });

/**
 * `GET /api/spk/unit`: every vehicle of the unit (the trucks, "units" in the operator's speech) with
 * its current SPK and how many it ran in the period.
 */
export const workOrderUnitRow = z.object({
  kendaraanId: z.number().int(),
  nomorPolisi: z.string(),
  nomorKendaraan: z.string(),
  current: workOrderRow.nullable(),
  done: z.number().int(),
  abnormal: z.number().int(),
});
export const workOrderUnitList = listOf(workOrderUnitRow);
export const workOrderUnitQuery = pagingQuery.extend({
  kind: z.enum(WORK_ORDER_KINDS).optional(),
  search: text().trim().max(64).optional(),
});

/** The unit's labels of the two kinds (`GET`/`PUT /api/spk/kinds`). */
export const workOrderKindLabel = z.object({
  kind: z.enum(WORK_ORDER_KINDS),
  label: text('Label is required').trim().min(1, 'Label is required').max(40, 'At most 40 characters'),
  description: optionalText(200),
});
export type WorkOrderKindLabel = z.infer<typeof workOrderKindLabel>;
export const workOrderKindLabels = z.object({
  results: z.array(
    z.object({ kind: z.enum(WORK_ORDER_KINDS), label: z.string(), description: z.string().nullable() }),
  ),
});
export const workOrderKindLabelsInput = z.object({
  results: z.array(workOrderKindLabel).min(1).max(WORK_ORDER_KINDS.length),
});
