import { z } from 'zod';
import { listOf, pagingQuery } from './common.js';
import { placeRef } from './places.js';
import { id, idParam, optionalText } from './input.js';
import { vehicleClasses } from './vehicles.js';

// ── Shared live location (/preview-vehicle) ──────────────────────────────────────────────────────

export const SHARE_DEFAULT_HOURS = 24;
const SHARE_MAX_HOURS = 24 * 30;
export const shareLinkInput = z.object({
  kendaraanId: id('Vehicle is required'),
  expiresInHours: z
    .number()
    .int()
    .min(1, 'At least 1 hour')
    .max(SHARE_MAX_HOURS, `At most ${SHARE_MAX_HOURS / 24} days`)
    .default(SHARE_DEFAULT_HOURS),
  note: optionalText(100),
});
export type ShareLinkInput = z.input<typeof shareLinkInput>;
export const shareLinkRow = z.object({
  shareLinkId: z.number().int(),
  kendaraanId: z.number().int(),
  nomorPolisi: z.string(),
  note: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
});
export type ShareLinkRow = z.infer<typeof shareLinkRow>;
export const shareLinkList = listOf(shareLinkRow);
/** `GET /api/share-links?kendaraanId=`: the unit's links (one vehicle's when given), newest first. */
export const shareLinkQuery = pagingQuery.extend({
  kendaraanId: idParam().optional(),
});
/** The answer to a create: the only time the token (in `url`) is shown. */
export const shareLinkCreated = shareLinkRow.extend({ token: z.string(), url: z.string() });
export type ShareLinkCreated = z.infer<typeof shareLinkCreated>;
/** `GET /api/share/{token}` (public): what the preview page shows; nothing else about the unit. */
export const sharedVehicle = z.object({
  nomorPolisi: z.string(),
  nomorKendaraan: z.string(),
  vehicleClass: z.enum(vehicleClasses),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  speed: z.number(),
  course: z.number().nullable(),
  fixTime: z.string().nullable(),
  gpsStatus: z.enum(['on', 'off']),
  motion: z.string(),
  location: z.string().nullable(),
  place: placeRef.nullable(),
  expiresAt: z.string(),
  /** Work order destination and ETA once work orders exist; null until then. */
  destination: z.string().nullable(),
  eta: z.string().nullable(),
});
export type SharedVehicle = z.infer<typeof sharedVehicle>;
/** Why a link is refused: unknown (404), expired or revoked (410). */
export const SHARE_REFUSALS = ['SHARE_NOT_FOUND', 'SHARE_EXPIRED', 'SHARE_REVOKED'] as const;
export type ShareRefusal = (typeof SHARE_REFUSALS)[number];
