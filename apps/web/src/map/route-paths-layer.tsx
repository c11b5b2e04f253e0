import type { RoutePath } from '@pantau/contracts';
import type { GeoJSONSource } from 'maplibre-gl';
import { useEffect, useMemo } from 'react';
import { corridorWidthPx, routeCollection } from './geofence-features';
import { removeOwned, useLayersVisible, useMap } from './map-context';

/** The source starts empty; the data effect (after this one) fills it. */
const EMPTY_COLLECTION: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };
const SOURCE = 'route-paths';
const LAYERS = ['route-paths-corridor', 'route-paths-line'];

/** The routes' paths: the corridor as a faint band of its true width, the road as a line. Renders nothing. */
export function RoutePathsLayer({
  paths,
  names,
  visible,
}: {
  paths: readonly RoutePath[];
  names: ReadonlyMap<number, string>;
  visible: boolean;
}) {
  const { map, styleVersion } = useMap();
  const data = useMemo(() => routeCollection(paths, names), [paths, names]);

  useEffect(() => {
    const before = map.getLayer('vehicles-clusters') ? 'vehicles-clusters' : undefined;
    map.addSource(SOURCE, { type: 'geojson', data: EMPTY_COLLECTION });
    map.addLayer(
      {
        id: 'route-paths-corridor',
        type: 'line',
        source: SOURCE,
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: {
          'line-color': '#7c3aed',
          'line-opacity': 0.12,
          'line-width': corridorWidthPx,
        },
      },
      before,
    );
    map.addLayer(
      {
        id: 'route-paths-line',
        type: 'line',
        source: SOURCE,
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': '#7c3aed', 'line-width': 3, 'line-opacity': 0.8 },
      },
      before,
    );
    return () => removeOwned(map, LAYERS, [SOURCE]);
  }, [map, styleVersion]);

  useEffect(() => {
    map.getSource<GeoJSONSource>(SOURCE)?.setData(data);
  }, [map, styleVersion, data]);

  useLayersVisible(map, styleVersion, LAYERS, visible);

  return null;
}
