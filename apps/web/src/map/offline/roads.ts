/**
 * Main toll roads of Java for the offline base map, from the demo route waypoints (domain research
 * §7.2; approximate, lon/lat). Enough to recognise the corridors the fleet drives.
 */
type Line = [number, number][];

const jakartaMerak: Line = [
  [106.74, -6.185],
  [106.715, -6.205],
  [106.64, -6.21],
  [106.56, -6.225],
  [106.51, -6.225],
  [106.46, -6.2],
  [106.3, -6.135],
  [106.18, -6.12],
  [106.07, -6.03],
  [106.004, -5.931],
];

/** Jakarta outer ring (JORR) east + Akses Priok, then the harbour road west to the Merak toll. */
const jorrPriok: Line = [
  [106.963, -6.262],
  [106.953, -6.21],
  [106.951, -6.178],
  [106.952, -6.14],
  [106.937, -6.118],
  [106.914, -6.109],
  [106.884, -6.139],
  [106.84, -6.125],
  [106.79, -6.12],
  [106.74, -6.185],
];

/** Jakarta–Cikampek, Cipali, Palikanci, Kanci–Pejagan … Batang–Semarang. */
const transJavaWest: Line = [
  [106.963, -6.262],
  [106.99, -6.25],
  [107.016, -6.257],
  [107.052, -6.266],
  [107.088, -6.279],
  [107.137, -6.298],
  [107.172, -6.318],
  [107.274, -6.336],
  [107.334, -6.356],
  [107.428, -6.4],
  [107.47, -6.43],
  [107.65, -6.515],
  [107.78, -6.49],
  [108.05, -6.52],
  [108.17, -6.605],
  [108.425, -6.706],
  [108.63, -6.78],
  [108.87, -6.865],
  [109.06, -6.885],
  [109.38, -6.905],
  [109.73, -6.93],
  [110.3, -6.995],
  [110.425, -7.03],
];

/** Semarang–Solo, Solo–Ngawi, Ngawi–Kertosono, Kertosono–Mojokerto, Mojokerto–Surabaya. */
const transJavaEast: Line = [
  [110.425, -7.03],
  [110.4, -7.14],
  [110.43, -7.24],
  [110.51, -7.33],
  [110.61, -7.51],
  [110.74, -7.545],
  [111.0, -7.42],
  [111.42, -7.4],
  [111.65, -7.55],
  [111.9, -7.61],
  [112.09, -7.595],
  [112.23, -7.52],
  [112.42, -7.47],
  [112.73, -7.35],
  [112.732, -7.312],
];

/** Cipularang and Padaleunyi to Bandung. */
const cipularang: Line = [
  [107.428, -6.4],
  [107.441, -6.487],
  [107.41, -6.54],
  [107.4, -6.66],
  [107.43, -6.735],
  [107.465, -6.79],
  [107.495, -6.84],
  [107.535, -6.89],
  [107.58, -6.925],
  [107.638, -6.957],
];

export const TOLL_ROADS: Record<string, Line> = {
  jakartaMerak,
  jorrPriok,
  transJavaWest,
  transJavaEast,
  cipularang,
};

export const roadsGeoJson: GeoJSON.FeatureCollection<GeoJSON.LineString> = {
  type: 'FeatureCollection',
  features: Object.entries(TOLL_ROADS).map(([name, coordinates]) => ({
    type: 'Feature',
    properties: { name },
    geometry: { type: 'LineString', coordinates },
  })),
};
