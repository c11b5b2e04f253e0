import { z } from 'zod';
import { listOf, pagingQuery } from './common.js';
import { lngLat, lngLatInputOf } from './geometry.js';
import { optionalText, text } from './input.js';

// ── Markers (POIs) ───────────────────────────────────────────────────────────────────────────────

export const markerIcons = ['fuel', 'workshop', 'rest_area', 'customer', 'other'] as const;
export type MarkerIcon = (typeof markerIcons)[number];

/** Body of `POST /api/markers` and `PUT /api/markers/{markerId}`. */
export const markerInput = z.object({
  name: text('Name is required').trim().min(1, 'Name is required').max(100, 'At most 100 characters'),
  icon: z.enum(markerIcons, 'Choose an icon').default('other'),
  position: lngLatInputOf('Click the map to place the point'),
  notes: optionalText(500),
});
export type MarkerInput = z.infer<typeof markerInput>;
export type MarkerInputDraft = z.input<typeof markerInput>;
export const markerRow = z.object({
  markerId: z.number().int(),
  unitId: z.number().int(),
  name: z.string(),
  icon: z.enum(markerIcons),
  position: lngLat,
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MarkerRow = z.infer<typeof markerRow>;
export const markerList = listOf(markerRow);
export type MarkerList = z.infer<typeof markerList>;
export const markerSearchQuery = pagingQuery.extend({
  search: text().trim().max(64).optional(),
  icon: z.enum(markerIcons).optional(),
});
export type MarkerSearchQuery = z.infer<typeof markerSearchQuery>;
