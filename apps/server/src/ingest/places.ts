import CheapRuler from 'cheap-ruler';

/**
 * Known places of the demo region (research/domain.md §7.1; coordinates approximate), used for the
 * `location` text of vehicles and events and for where stopping is allowed, until geofences exist
 * (the geofence issue replaces this list with the unit's own geofences and POIs).
 */
export type PlaceKind = 'plant' | 'port' | 'pool' | 'dealer' | 'hub' | 'rest_area';
export interface Place {
  name: string;
  kind: PlaceKind;
  lat: number;
  lon: number;
}

export const knownPlaces: readonly Place[] = [
  { name: 'TMMIN Sunter Plant', kind: 'plant', lat: -6.139, lon: 106.884 },
  { name: 'ADM Sunter Assembly Plant', kind: 'plant', lat: -6.143, lon: 106.89 },
  { name: 'TMMIN Karawang (KIIC)', kind: 'plant', lat: -6.362, lon: 107.29 },
  { name: 'ADM Karawang Assembly Plant', kind: 'plant', lat: -6.4, lon: 107.368 },
  { name: 'Honda Prospect Motor, Karawang', kind: 'plant', lat: -6.391, lon: 107.336 },
  { name: 'Suzuki Cikarang Plant (GIIC)', kind: 'plant', lat: -6.365, lon: 107.166 },
  { name: 'Suzuki Tambun Plant', kind: 'plant', lat: -6.263, lon: 107.063 },
  { name: 'Mitsubishi MMKI (GIIC)', kind: 'plant', lat: -6.357, lon: 107.158 },
  { name: 'Hyundai HMMI, Deltamas', kind: 'plant', lat: -6.383, lon: 107.163 },
  { name: 'Wuling SGMW (GIIC)', kind: 'plant', lat: -6.352, lon: 107.172 },
  { name: 'IPC Car Terminal, Tanjung Priok', kind: 'port', lat: -6.101, lon: 106.907 },
  { name: 'Patimban Car Terminal', kind: 'port', lat: -6.245, lon: 107.913 },
  { name: 'Pelabuhan Merak', kind: 'port', lat: -5.931, lon: 106.004 },
  { name: 'Pelabuhan Bakauheni', kind: 'port', lat: -5.866, lon: 105.752 },
  { name: 'Toyota Distribution Centre, Mojokerto', kind: 'hub', lat: -7.47, lon: 112.43 },
  { name: 'Dealer Bandung', kind: 'dealer', lat: -6.943, lon: 107.64 },
  { name: 'Dealer Cirebon', kind: 'dealer', lat: -6.722, lon: 108.555 },
  { name: 'Dealer Tegal', kind: 'dealer', lat: -6.87, lon: 109.125 },
  { name: 'Dealer Semarang', kind: 'dealer', lat: -6.999, lon: 110.448 },
  { name: 'Dealer Solo', kind: 'dealer', lat: -7.56, lon: 110.812 },
  { name: 'Dealer Yogyakarta', kind: 'dealer', lat: -7.76, lon: 110.362 },
  { name: 'Dealer Surabaya', kind: 'dealer', lat: -7.312, lon: 112.732 },
  { name: 'Dealer Bandar Lampung', kind: 'dealer', lat: -5.397, lon: 105.266 },
  { name: 'Pool Cibitung', kind: 'pool', lat: -6.29, lon: 107.095 },
  { name: 'Pool Karawang Barat', kind: 'pool', lat: -6.335, lon: 107.3 },
  { name: 'Pool Sunter/Cakung', kind: 'pool', lat: -6.16, lon: 106.93 },
  { name: 'Rest Area KM 57 Tol Japek', kind: 'rest_area', lat: -6.39, lon: 107.36 },
  { name: 'Rest Area KM 86 Tol Cipali', kind: 'rest_area', lat: -6.47, lon: 107.6 },
  { name: 'Rest Area KM 101 Tol Cipali', kind: 'rest_area', lat: -6.5, lon: 107.73 },
];

// One ruler for the region (Java lies within a few degrees of 6.5° S), accurate to well under 1 %.
const ruler = new CheapRuler(-6.5, 'kilometers');

/** Distance in km between two points (cheap-ruler, accurate near Java). */
export const distanceKm = (lat1: number, lon1: number, lat2: number, lon2: number) =>
  ruler.distance([lon1, lat1], [lon2, lat2]);

/** The nearest known place within `maxKm`, or null. */
export function nearestPlace(lat: number, lon: number, maxKm = 5): Place | null {
  let best: Place | null = null;
  let bestKm = maxKm;
  for (const p of knownPlaces) {
    // Cheap reject before the distance: 0.05° is over 5 km.
    if (Math.abs(p.lat - lat) > maxKm / 100 || Math.abs(p.lon - lon) > maxKm / 100) continue;
    const km = distanceKm(lat, lon, p.lat, p.lon);
    if (km <= bestKm) {
      best = p;
      bestKm = km;
    }
  }
  return best;
}

/** Where a stop is no violation: within 1 km of a plant, port, pool, hub, dealer or rest area. */
export const isStopAllowedAt = (lat: number, lon: number) => nearestPlace(lat, lon, 1) !== null;
