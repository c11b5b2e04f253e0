/**
 * The toll roads the fleet drives (research/domain.md §7.2; the waypoints the demo routes and the
 * offline base map use, approximate). A vertex may carry its KM post where it is known (gates and rest
 * areas of the Trans-Java chain, numbered from Jakarta); between and after those the KM is measured
 * along the line. Roads without KM posts here (JORR, the port access) read by name only.
 */
export type Vertex = [lat: number, lon: number, km?: number];
export interface TollRoad {
  name: string;
  vertices: Vertex[];
}

export const tollRoads: readonly TollRoad[] = [
  {
    name: 'Tol Jakarta–Cikampek',
    vertices: [
      [-6.262, 106.963, 11],
      [-6.25, 106.99, 13],
      [-6.257, 107.016, 16],
      [-6.266, 107.052, 21],
      [-6.279, 107.088, 25],
      [-6.298, 107.137, 31],
      [-6.318, 107.172, 37],
      [-6.336, 107.274, 47],
      [-6.356, 107.334, 54],
      [-6.39, 107.36, 57],
      [-6.4, 107.428, 67],
      [-6.43, 107.47, 72],
    ],
  },
  {
    name: 'Tol Cipali',
    vertices: [
      [-6.43, 107.47, 72],
      [-6.47, 107.6, 86],
      [-6.515, 107.65],
      [-6.5, 107.73, 101],
      [-6.49, 107.78],
      [-6.52, 108.05],
      [-6.605, 108.17],
      [-6.706, 108.425, 188],
    ],
  },
  {
    name: 'Tol Palikanci',
    vertices: [
      [-6.706, 108.425, 188],
      [-6.78, 108.63],
    ],
  },
  {
    name: 'Tol Kanci–Pejagan',
    vertices: [
      [-6.78, 108.63, 214],
      [-6.865, 108.87],
    ],
  },
  {
    name: 'Tol Pejagan–Pemalang',
    vertices: [
      [-6.865, 108.87, 249],
      [-6.885, 109.06],
      [-6.905, 109.38],
    ],
  },
  {
    name: 'Tol Pemalang–Batang',
    vertices: [
      [-6.905, 109.38, 306],
      [-6.93, 109.73],
    ],
  },
  {
    name: 'Tol Batang–Semarang',
    vertices: [
      [-6.93, 109.73, 345],
      [-6.995, 110.3],
    ],
  },
  {
    name: 'Tol Semarang',
    vertices: [
      [-6.995, 110.3],
      [-7.03, 110.425],
    ],
  },
  {
    name: 'Tol Semarang–Solo',
    vertices: [
      [-7.03, 110.425, 428],
      [-7.14, 110.4],
      [-7.24, 110.43],
      [-7.33, 110.51],
      [-7.51, 110.61],
      [-7.545, 110.74],
    ],
  },
  {
    name: 'Tol Solo–Ngawi',
    vertices: [
      [-7.545, 110.74, 503],
      [-7.42, 111.0],
      [-7.4, 111.42],
    ],
  },
  {
    name: 'Tol Ngawi–Kertosono',
    vertices: [
      [-7.4, 111.42, 588],
      [-7.55, 111.65],
      [-7.61, 111.9],
      [-7.595, 112.09],
    ],
  },
  {
    name: 'Tol Kertosono–Mojokerto',
    vertices: [
      [-7.595, 112.09, 675],
      [-7.52, 112.23],
      [-7.47, 112.42],
    ],
  },
  {
    name: 'Tol Surabaya–Mojokerto',
    vertices: [
      [-7.47, 112.42, 715],
      [-7.35, 112.73],
    ],
  },
  {
    name: 'Tol Cipularang',
    vertices: [
      [-6.4, 107.428, 67],
      [-6.487, 107.441],
      [-6.54, 107.41],
      [-6.66, 107.4],
      [-6.735, 107.43],
      [-6.79, 107.465],
      [-6.84, 107.495],
    ],
  },
  {
    name: 'Tol Padaleunyi',
    vertices: [
      [-6.84, 107.495],
      [-6.89, 107.535],
      [-6.925, 107.58],
      [-6.957, 107.638],
    ],
  },
  {
    name: 'Tol JORR',
    vertices: [
      [-6.262, 106.963],
      [-6.21, 106.953],
      [-6.178, 106.951],
      [-6.14, 106.952],
    ],
  },
  {
    name: 'Tol Akses Tanjung Priok',
    vertices: [
      [-6.14, 106.952],
      [-6.118, 106.937],
      [-6.109, 106.914],
    ],
  },
  {
    name: 'Tol Jakarta–Tangerang',
    vertices: [
      [-6.12, 106.79],
      [-6.185, 106.74],
      [-6.205, 106.715],
      [-6.21, 106.64, 26],
    ],
  },
  {
    name: 'Tol Tangerang–Merak',
    vertices: [
      [-6.21, 106.64, 26],
      [-6.225, 106.56],
      [-6.225, 106.51],
      [-6.2, 106.46],
      [-6.135, 106.3],
      [-6.12, 106.18],
      [-6.03, 106.07],
    ],
  },
];
