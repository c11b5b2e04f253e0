import type { TrackingItem } from '@pantau/contracts';

const normalise = (s: string) => s.toLowerCase().replace(/[\s-]+/g, '');

/** Vehicles whose plate or hull number contains the text (spaces, dashes and case ignored), plates first. */
export function searchVehicles(vehicles: readonly TrackingItem[], text: string, limit = 20): TrackingItem[] {
  const q = normalise(text);
  if (!q) return [];
  const plate: TrackingItem[] = [];
  const hull: TrackingItem[] = [];
  for (const v of vehicles) {
    if (normalise(v.nomorPolisi).includes(q)) plate.push(v);
    else if (normalise(v.nomorKendaraan).includes(q)) hull.push(v);
    if (plate.length >= limit) break;
  }
  return plate.concat(hull).slice(0, limit);
}
