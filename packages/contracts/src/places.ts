import { z } from 'zod';

/**
 * Where a position is, in words an operator reads (one place-naming service for every screen):
 * `at` a known site (only inside its radius), on a toll `road` (with the approximate KM post when the
 * road is numbered), or `near` the nearest known site, town or city with the distance to it.
 * Clients format it in the user's language ("at Pool Cibitung", "near Cikarang, 3 km",
 * "Tol Cipali KM ~101"); never absent when a position exists.
 */
export const placeKinds = ['at', 'road', 'near'] as const;
export const placeRef = z.object({
  kind: z.enum(placeKinds),
  /** The site (at), the toll road (road), or the site, town or city nearby (near). */
  name: z.string(),
  /** near: km to `name`, rounded (0.1 km under 10 km); else null. */
  distanceKm: z.number().nullable(),
  /** road: the approximate KM post, when the road is numbered; else null. */
  km: z.number().nullable(),
});
export type PlaceRef = z.infer<typeof placeRef>;
