import type {
  GeoJSONSource,
  Map as MapLibreMap,
  MapGeoJSONFeature,
  MapSourceDataEvent,
  PointLike,
} from 'maplibre-gl';

/** What a clicked cluster holds. */
export interface ClusterContents {
  /** The cluster as the map draws it now (its coordinates). */
  feature: MapGeoJSONFeature;
  /** The zoom at which it comes apart. */
  zoom: number;
  /** Its vehicles. */
  leaves: GeoJSON.Feature[];
}

/** How long a click waits for the source's tiles before it is tested again. */
const SETTLE_MS = 1_000;

/**
 * The zoom that takes a clicked cluster apart and its vehicles.
 *
 * A cluster's id is the worker's numbering of the data it took last. A live refresh renumbers the
 * clusters, and for a moment the tiles a click is tested against are the ones from before it: their
 * id then names another cluster, or none. So the vehicles that come back are counted against the
 * count the click saw; when they differ (or the id is gone) the click is tested again once the source
 * has its new tiles, at most `attempts` times. Null: no cluster is under the point any more.
 */
export async function clusterContents(
  map: MapLibreMap,
  sourceId: string,
  layerId: string,
  clicked: MapGeoJSONFeature,
  point: PointLike,
  attempts = 3,
): Promise<ClusterContents | null> {
  let feature: MapGeoJSONFeature | undefined = clicked;
  for (let attempt = 0; attempt < attempts && feature; attempt += 1) {
    const props = feature.properties as { cluster_id?: number; point_count?: number } | undefined;
    const id = props?.cluster_id;
    const count = props?.point_count;
    const source = map.getSource<GeoJSONSource>(sourceId);
    if (id === undefined || count === undefined || !source) return null;
    try {
      // One more than the count: a bigger cluster under the same id shows as one.
      const [zoom, leaves] = await Promise.all([
        source.getClusterExpansionZoom(id),
        source.getClusterLeaves(id, count + 1, 0),
      ]);
      if (leaves.length === count) return { feature, zoom, leaves };
    } catch {
      // The id is not in the worker's clusters any more.
    }
    await sourceSettled(map, sourceId);
    feature = map.queryRenderedFeatures(point, { layers: [layerId] })[0];
  }
  return null;
}

/** Resolves when the source's tiles are all loaded after a change, or after SETTLE_MS. */
function sourceSettled(map: MapLibreMap, sourceId: string): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      map.off('sourcedata', onData);
      resolve();
    };
    const onData = (e: MapSourceDataEvent) => {
      if (e.sourceId === sourceId && map.isSourceLoaded(sourceId)) done();
    };
    const timer = setTimeout(done, SETTLE_MS);
    map.on('sourcedata', onData);
  });
}
