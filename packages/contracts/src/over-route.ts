import { z } from 'zod';
import { listOf, pagingQuery } from './common.js';
import { lngLat } from './geometry.js';
import { placeRef } from './places.js';
import { idParam } from './input.js';
import { idListQuery } from './reports.js';

// ── Over route ───────────────────────────────────────────────────────────────────────────────────

/**
 * Over-route defaults (domain research §6.2): outside the route's corridor (half its width on each
 * side of the path) for at least `minMinutes` or `minFixes` consecutive fixes, and `minOffRouteKm`
 * driven outside it, raises an over-route; the first fix back inside closes it.
 */
export const OVER_ROUTE_DEFAULTS = { minMinutes: 5, minFixes: 3, minOffRouteKm: 1 } as const;

/** `GET /api/overroute` and `GET /api/reports/overroute`: a vehicle off its route's corridor. */
export const overRouteRow = z.object({
  logId: z.number().int(),
  kendaraanId: z.number().int(),
  nomorPolisi: z.string(),
  nomorKendaraan: z.string(),
  trayekId: z.number().int().nullable(),
  trayekCode: z.string().nullable(),
  trayekName: z.string().nullable(),
  /** ISO 8601 UTC: the first fix outside the corridor. */
  start: z.string(),
  /** ISO 8601 UTC: the first fix back inside, or null while off route. */
  end: z.string().nullable(),
  /** Seconds (to the latest fix while open). */
  duration: z.number().int(),
  /** Furthest distance from the path, metres. */
  maxDeviationM: z.number(),
  /** Distance driven outside the corridor, km. */
  offRouteKm: z.number(),
  open: z.boolean(),
  /** Where it left the corridor and where it came back (null while open). */
  startPosition: lngLat.nullable(),
  endPosition: lngLat.nullable(),
  /** Where it left the corridor, in English; `place` for a client to word in its language. */
  location: z.string().nullable(),
  place: placeRef.nullable(),
});
export type OverRouteRow = z.infer<typeof overRouteRow>;
export const overRouteList = listOf(overRouteRow).extend({
  /** Over every over-route that matches, not only the page. */
  totals: z
    .object({
      count: z.number().int(),
      duration: z.number().int(),
      offRouteKm: z.number(),
      maxDeviationM: z.number(),
    })
    .optional(),
});
export const overRouteQuery = pagingQuery.extend({
  kendaraanId: idListQuery.optional(),
  fleetId: idParam().optional(),
  trayekId: idParam().optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type OverRouteQuery = z.infer<typeof overRouteQuery>;
