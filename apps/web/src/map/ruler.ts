import CheapRuler from 'cheap-ruler';

export type LngLat = [number, number];

export interface PathMeasure {
  /** Length of each leg, km. */
  segmentsKm: number[];
  totalKm: number;
}

/** Leg and total lengths of a clicked path, with cheap-ruler at each leg's middle latitude. */
export function measurePath(points: readonly LngLat[]): PathMeasure {
  const segmentsKm: number[] = [];
  for (let i = 1; i < points.length; i += 1) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const ruler = new CheapRuler((a[1] + b[1]) / 2, 'kilometers');
    segmentsKm.push(ruler.distance(a, b));
  }
  return { segmentsKm, totalKm: segmentsKm.reduce((sum, km) => sum + km, 0) };
}

export function rulerGeoJson(points: readonly LngLat[]): GeoJSON.FeatureCollection {
  const features: GeoJSON.Feature[] = points.map((p, i) => ({
    type: 'Feature',
    properties: { index: i },
    geometry: { type: 'Point', coordinates: p },
  }));
  if (points.length > 1)
    features.unshift({
      type: 'Feature',
      properties: {},
      geometry: { type: 'LineString', coordinates: points.map((p) => [...p]) },
    });
  return { type: 'FeatureCollection', features };
}
