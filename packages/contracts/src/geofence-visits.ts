import { z } from 'zod';
import { listOf, pagingQuery } from './common.js';
import { geofenceCategories } from './geofences.js';
import { boolQuery, idParam } from './input.js';
import { idListQuery } from './reports.js';

// ── Geofence visits (loggeopoint) ────────────────────────────────────────────────────────────────

/** A stay of a vehicle inside a geofence; an open visit is "inside since" `enter`. */
export const geofenceVisit = z.object({
  visitId: z.number().int(),
  kendaraanId: z.number().int(),
  nomorPolisi: z.string(),
  nomorKendaraan: z.string(),
  polygonId: z.number().int(),
  polygonCode: z.string(),
  polygonName: z.string(),
  category: z.enum(geofenceCategories),
  /** ISO 8601 UTC of the first fix inside. */
  enter: z.string(),
  /** ISO 8601 UTC of the first fix outside, or null while inside. */
  exit: z.string().nullable(),
  /** Seconds from enter to exit; while open, to the latest fix. */
  duration: z.number().int(),
  /** Still inside. */
  open: z.boolean(),
});
export type GeofenceVisit = z.infer<typeof geofenceVisit>;
export const geofenceVisitList = listOf(geofenceVisit).extend({
  /** Over every visit that matches, not only the page: seconds inside (open visits to their latest fix). */
  totals: z.object({ count: z.number().int(), duration: z.number().int() }).optional(),
});
export type GeofenceVisitList = z.infer<typeof geofenceVisitList>;

/** `GET /api/loggeopoint` and `GET /api/reports/loggeopoint`. */
export const geofenceVisitQuery = pagingQuery.extend({
  /** One vehicle or several (`kendaraanId=1&kendaraanId=2` or `kendaraanId=1,2`). */
  kendaraanId: idListQuery.optional(),
  fleetId: idParam().optional(),
  polygonId: idParam().optional(),
  category: z.enum(geofenceCategories).optional(),
  /** Visits overlapping [from, to). */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** Only the visits still open (who is inside now). */
  open: boolQuery.optional(),
});
export type GeofenceVisitQuery = z.infer<typeof geofenceVisitQuery>;
