import type { MarkerRow } from '@pantau/contracts';
import type { GeoJSONSource, MapLayerMouseEvent } from 'maplibre-gl';
import { useEffect, useMemo, useRef } from 'react';
import { GEO_LABEL_PREFIX, POI_PREFIX } from './canvas-images';
import { markerCollection } from './geofence-features';
import { removeOwned, useLayersVisible, useMap } from './map-context';

/** The source starts empty; the data effect (after this one) fills it. */
const EMPTY_COLLECTION: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };
const SOURCE = 'markers';
const LAYERS = ['markers-icons', 'markers-labels'];

interface MarkersLayerProps {
  markers: readonly MarkerRow[];
  visible: boolean;
  /** Leave out while drawing or placing: clicks then go to the tool. */
  onSelect?: (marker: MarkerRow) => void;
}

/** The POIs as one GeoJSON source: an icon per kind, the name from zoom 13. Renders nothing. */
export function MarkersLayer({ markers, visible, onSelect }: MarkersLayerProps) {
  const { map, styleVersion } = useMap();
  const data = useMemo(() => markerCollection(markers), [markers]);
  const byId = useRef(new Map<number, MarkerRow>());
  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
    byId.current = new Map(markers.map((m) => [m.markerId, m]));
  });

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
    const onClick = (e: MapLayerMouseEvent) => {
      const id = e.features?.[0]?.id;
      const marker = typeof id === 'number' ? byId.current.get(id) : undefined;
      if (marker && onSelectRef.current) onSelectRef.current(marker);
    };
    const pointer = () => {
      if (onSelectRef.current) map.getCanvas().style.cursor = 'pointer';
    };
    const unpointer = () => {
      if (onSelectRef.current) map.getCanvas().style.cursor = '';
    };
    map.on('click', 'markers-icons', onClick);
    map.on('mouseenter', 'markers-icons', pointer);
    map.on('mouseleave', 'markers-icons', unpointer);
    return () => {
      map.off('click', 'markers-icons', onClick);
      map.off('mouseenter', 'markers-icons', pointer);
      map.off('mouseleave', 'markers-icons', unpointer);
      removeOwned(map, LAYERS, [SOURCE]);
    };
  }, [map, styleVersion]);

  useEffect(() => {
    map.getSource<GeoJSONSource>(SOURCE)?.setData(data);
    map.getContainer().dataset.markersDrawn = String(markers.length);
  }, [map, styleVersion, data, markers.length]);

  useLayersVisible(map, styleVersion, LAYERS, visible);

  return null;
}
