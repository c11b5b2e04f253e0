import type { RoutePath } from '@pantau/contracts';
import type { GeoJSONSource } from 'maplibre-gl';
import { useEffect, useMemo } from 'react';
import { corridorWidthPx, routeCollection } from './geofence-features';
import { removeOwned, useMap } from './map-context';

const EMPTY_COLLECTION: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };
const SOURCE = 'route-highlight';
const LAYERS = ['route-highlight-corridor', 'route-highlight-casing', 'route-highlight-line'];
const COLOR = '#7c3aed';

/**
 * One route picked from the list, above the others: its corridor at its true width and the road drawn
 * bold. `data-route-highlighted` on the map container names the route shown. Renders nothing.
 */
export function RouteHighlightLayer({ path }: { path: RoutePath | null }) {
  const { map, styleVersion } = useMap();
  const data = useMemo(() => (path ? routeCollection([path], new Map()) : EMPTY_COLLECTION), [path]);

  useEffect(() => {
    const before = map.getLayer('vehicles-clusters') ? 'vehicles-clusters' : undefined;
    map.addSource(SOURCE, { type: 'geojson', data: EMPTY_COLLECTION });
    map.addLayer(
      {
        id: 'route-highlight-corridor',
        type: 'line',
        source: SOURCE,
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: {
          'line-color': COLOR,
          'line-opacity': 0.18,
          'line-width': corridorWidthPx,
        },
      },
      before,
    );
    map.addLayer(
      {
        id: 'route-highlight-casing',
        type: 'line',
        source: SOURCE,
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': '#ffffff', 'line-width': 8, 'line-opacity': 0.9 },
      },
      before,
    );
    map.addLayer(
      {
        id: 'route-highlight-line',
        type: 'line',
        source: SOURCE,
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': COLOR, 'line-width': 5 },
      },
      before,
    );
    return () => removeOwned(map, LAYERS, [SOURCE]);
  }, [map, styleVersion]);

  useEffect(() => {
    map.getSource<GeoJSONSource>(SOURCE)?.setData(data);
    const container = map.getContainer();
    if (path) container.dataset.routeHighlighted = String(path.trayekId);
    else delete container.dataset.routeHighlighted;
  }, [map, styleVersion, data, path]);

  useEffect(
    () => () => {
      delete map.getContainer().dataset.routeHighlighted;
    },
    [map],
  );

  return null;
}
