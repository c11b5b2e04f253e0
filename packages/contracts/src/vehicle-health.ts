import { z } from 'zod';
import { listOf, pagingQuery } from './common.js';
import { boolQuery, id, idParam, optionalText, text } from './input.js';

// ── Maintenance, incidents and pre-trip checks (P2H) ─────────────────────────────────────────────
// What makes a vehicle "trouble" or "ready" a fact (domain research §3.1, §4): maintenance work orders
// (preventive, corrective or breakdown, inspection, KIR test), incidents (accident, theft, other) and
// the daily pre-trip check. Each is opened and closed with times; Administrators write.

export const MAINTENANCE_KINDS = ['preventive', 'corrective', 'breakdown', 'inspection', 'kir'] as const;
export type MaintenanceKind = (typeof MAINTENANCE_KINDS)[number];
/** Kinds that are trouble (a repair the vehicle needs), not planned work. */
export const TROUBLE_MAINTENANCE_KINDS = [
  'corrective',
  'breakdown',
] as const satisfies readonly MaintenanceKind[];

export const INCIDENT_KINDS = ['accident', 'theft', 'other'] as const;
export type IncidentKind = (typeof INCIDENT_KINDS)[number];

const isoTime = (label: string) =>
  z.iso.datetime({ offset: true, message: `${label}: use an ISO date-time with its offset` });

/** Shared by maintenance orders and incidents: opened, and closed once over. */
const openClose = {
  openedAt: isoTime('Opened at'),
  closedAt: isoTime('Closed at')
    .nullish()
    .transform((v) => v ?? null),
  notes: optionalText(500),
};
const closedAfterOpened = (r: { openedAt: string; closedAt: string | null }, ctx: z.RefinementCtx) => {
  if (r.closedAt !== null && Date.parse(r.closedAt) < Date.parse(r.openedAt))
    ctx.addIssue({ code: 'custom', path: ['closedAt'], message: 'Closed at must be after opened at' });
};

/** Body of `POST /api/maintenance` and `PUT /api/maintenance/{maintenanceId}`. */
export const maintenanceInput = z
  .object({
    kendaraanId: id('Choose the vehicle'),
    kind: z.enum(MAINTENANCE_KINDS, 'Choose the kind of work'),
    ...openClose,
  })
  .superRefine(closedAfterOpened);
export type MaintenanceInput = z.infer<typeof maintenanceInput>;

export const maintenanceRow = z.object({
  maintenanceId: z.number().int(),
  kendaraanId: z.number().int(),
  nomorPolisi: z.string(),
  kind: z.enum(MAINTENANCE_KINDS),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  open: z.boolean(),
  notes: z.string().nullable(),
  createdBy: z.string().nullable(),
});
export type MaintenanceRow = z.infer<typeof maintenanceRow>;
export const maintenanceList = listOf(maintenanceRow);

/** Body of `POST /api/incidents` and `PUT /api/incidents/{incidentId}`. */
export const incidentInput = z
  .object({
    kendaraanId: id('Choose the vehicle'),
    kind: z.enum(INCIDENT_KINDS, 'Choose the kind of incident'),
    ...openClose,
  })
  .superRefine(closedAfterOpened);
export type IncidentInput = z.infer<typeof incidentInput>;

export const incidentRow = maintenanceRow
  .omit({ maintenanceId: true, kind: true })
  .extend({ incidentId: z.number().int(), kind: z.enum(INCIDENT_KINDS) });
export type IncidentRow = z.infer<typeof incidentRow>;
export const incidentList = listOf(incidentRow);

/** Body of `POST /api/p2h` (a check started) and `PUT /api/p2h/{checkId}` (its result). */
export const pretripCheckInput = z.object({
  kendaraanId: id('Choose the vehicle'),
  pengemudiId: id('Choose the driver')
    .nullish()
    .transform((v) => v ?? null),
  startedAt: isoTime('Started at'),
  /** When it passed; null while it runs or when defects hold the vehicle. */
  passedAt: isoTime('Passed at')
    .nullish()
    .transform((v) => v ?? null),
  defects: z
    .array(text().trim().min(1, 'A defect needs a description').max(200, 'At most 200 characters'))
    .max(50, 'At most 50 defects')
    .default([]),
  notes: optionalText(500),
});
export type PretripCheckInput = z.infer<typeof pretripCheckInput>;

export const pretripCheckRow = z.object({
  checkId: z.number().int(),
  kendaraanId: z.number().int(),
  nomorPolisi: z.string(),
  pengemudiId: z.number().int().nullable(),
  pengemudiName: z.string().nullable(),
  startedAt: z.string(),
  passedAt: z.string().nullable(),
  defects: z.array(z.string()),
  notes: z.string().nullable(),
  /** passed, defects (not passed and at least one defect) or running. */
  result: z.enum(['passed', 'defects', 'running']),
});
export type PretripCheckRow = z.infer<typeof pretripCheckRow>;
export const pretripCheckList = listOf(pretripCheckRow);

/** `GET /api/maintenance`, `/api/incidents`, `/api/p2h`. */
export const vehicleHealthQuery = pagingQuery.extend({
  kendaraanId: idParam().optional(),
  /** Only open ones (maintenance, incidents). */
  open: boolQuery.optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type VehicleHealthQuery = z.infer<typeof vehicleHealthQuery>;
