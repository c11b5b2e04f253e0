import { distanceKm } from '../places/place-names.js';
import { knownSites } from '../places/sites.js';

export { distanceKm };

/** Where a stop is no violation: within 1 km of a plant, port, pool, hub, dealer or rest area. */
export function isStopAllowedAt(lat: number, lon: number): boolean {
  for (const s of knownSites) {
    // Cheap reject before the distance: 0.01° is over 1 km.
    if (Math.abs(s.lat - lat) > 0.01 || Math.abs(s.lon - lon) > 0.01) continue;
    if (distanceKm(lat, lon, s.lat, s.lon) <= 1) return true;
  }
  return false;
}
