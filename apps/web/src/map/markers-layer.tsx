import type { MarkerRow } from '@pantau/contracts';
import type { GeoJSONSource } from 'maplibre-gl';
import { useEffect, useMemo } from 'react';
import { GEO_LABEL_PREFIX, POI_PREFIX } from './canvas-images';
import { markerCollection } from './geofence-features';
import { removeOwned, useLayersVisible, useMap } from './map-context';

/** The source starts empty; the data effect (after this one) fills it. */
const EMPTY_COLLECTION: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };
const SOURCE = 'markers';
const LAYERS = ['markers-icons', 'markers-labels'];

/** The POIs as one GeoJSON source: an icon per kind, the name from zoom 13. Renders nothing. */
export function MarkersLayer({ markers, visible }: { markers: readonly MarkerRow[]; visible: boolean }) {
  const { map, styleVersion } = useMap();
  const data = useMemo(() => markerCollection(markers), [markers]);

  useEffect(() => {
    const before = map.getLayer('vehicles-clusters') ? 'vehicles-clusters' : undefined;
    map.addSource(SOURCE, { type: 'geojson', data: EMPTY_COLLECTION });
    map.addLayer(
      {
        id: 'markers-icons',
        type: 'symbol',
        source: SOURCE,
        layout: { 'icon-image': ['concat', POI_PREFIX, ['get', 'icon']], 'icon-allow-overlap': true },
      },
      before,
    );
    map.addLayer(
      {
        id: 'markers-labels',
        type: 'symbol',
        source: SOURCE,
        minzoom: 13,
        layout: {
          'icon-image': ['concat', GEO_LABEL_PREFIX, ['get', 'name']],
          'icon-anchor': 'top',
          'icon-offset': [0, 12],
        },
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
