import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * Hides the map's layers that draw from a source (the base map's, when called before any of ours are
 * added), so that a frame asks for no tile of theirs; answers the function that shows them again (once).
 *
 * For the map started at boot (early-map.ts): maplibre's worker takes tile requests in turn, and the
 * first frame asked for the base map's tiles before the vehicles'; the vehicles waited ~0.2 s behind
 * their cutting (and the city names' drawing). The fleet is drawn first; the land, roads and cities
 * follow in the next frames.
 */
export function hideBaseMap(
  map: Pick<MapLibreMap, 'getLayersOrder' | 'getLayer' | 'getLayoutProperty' | 'setLayoutProperty'>,
): () => void {
  const hidden = map
    .getLayersOrder()
    .filter((id) => map.getLayer(id)?.source && map.getLayoutProperty(id, 'visibility') !== 'none');
  for (const id of hidden) map.setLayoutProperty(id, 'visibility', 'none');
  let done = false;
  return () => {
    if (done) return;
    done = true;
    for (const id of hidden) if (map.getLayer(id)) map.setLayoutProperty(id, 'visibility', 'visible');
  };
}
