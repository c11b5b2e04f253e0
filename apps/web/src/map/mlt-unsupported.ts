// What maplibre imports from @maplibre/mlt, in the app's build (map-worker.ts): the map's sources are
// GeoJSON and Mapbox Vector Tiles, never MapLibre Tiles (a source with `encoding: "mlt"`), whose decoder
// (~35 kB compressed) would otherwise be in every first load.
export { GEOMETRY_TYPE } from '@maplibre/mlt/dist/vector/geometry/geometryType.js';

export function decodeTile(): never {
  throw new Error('MapLibre Tiles (encoding "mlt") are not part of this build');
}
