import type { GeofenceRow } from '@pantau/contracts';
import type { ExpressionSpecification, GeoJSONSource, MapMouseEvent } from 'maplibre-gl';
import { useEffect, useMemo, useRef } from 'react';
import { GEO_LABEL_PREFIX } from './canvas-images';
import { corridorWidthPx, geofenceCollection } from './geofence-features';
import { removeOwned, useLayersVisible, useMap } from './map-context';

/** The source starts empty; the data effect (after this one) fills it. */
const EMPTY_COLLECTION: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };
const SOURCE = 'geofences';
export const GEOFENCE_LAYER = {
  fill: 'geofences-fill',
  outline: 'geofences-outline',
  corridor: 'geofences-corridor',
  corridorLine: 'geofences-corridor-line',
  selected: 'geofences-selected',
  labels: 'geofences-labels',
} as const;
const GEOFENCE_LAYER_IDS = Object.values(GEOFENCE_LAYER);
const CLICKABLE = [GEOFENCE_LAYER.fill, GEOFENCE_LAYER.corridor];
/** Sources drawn above geofences whose click wins (vehicles, POIs). */
const ABOVE_SOURCES = new Set(['vehicles', 'vehicle-selected', 'markers']);
/** Labels from this zoom: below it 2,000 names would be noise (and images to draw). */
const LABEL_MIN_ZOOM = 12;
/**
 * Outlines from this zoom. Below it a site of a few hundred metres is a few pixels across: a stronger
 * fill shows it as well, and each outline drawn is a second shape per geofence that the browser's
 * software WebGL pays for in every frame of a pan (docs/performance.md).
 */
const OUTLINE_MIN_ZOOM = 10;

const isPolygon: ExpressionSpecification = ['==', ['geometry-type'], 'Polygon'];
const isLine: ExpressionSpecification = ['==', ['geometry-type'], 'LineString'];

interface GeofencesLayerProps {
  geofences: readonly GeofenceRow[];
  visible: boolean;
  selectedId: number | null;
  /** Leave out while drawing or measuring: clicks then go to the tool. */
  onSelect?: (polygonId: number, at: [number, number]) => void;
}

/**
 * Every geofence as one GeoJSON source: polygons and circles filled, outlined from zoom 10, corridors as
 * a band of their true width with the centre line, names from zoom 12, the selected one outlined. Renders nothing.
 */
export function GeofencesLayer({ geofences, visible, selectedId, onSelect }: GeofencesLayerProps) {
  const { map, styleVersion } = useMap();
  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  });
  const data = useMemo(() => geofenceCollection(geofences), [geofences]);

  useEffect(() => {
    // Under the vehicles: a vehicle inside a geofence stays clickable and readable.
    const before = map.getLayer('vehicles-clusters') ? 'vehicles-clusters' : undefined;
    map.addSource(SOURCE, { type: 'geojson', data: EMPTY_COLLECTION });
    const color: ExpressionSpecification = ['get', 'color'];
    map.addLayer(
      {
        id: GEOFENCE_LAYER.fill,
        type: 'fill',
        source: SOURCE,
        filter: isPolygon,
        // The outline layer draws the edge: no antialiased edge of the fill's own beneath it.
        paint: {
          'fill-color': color,
          'fill-opacity': ['step', ['zoom'], 0.35, OUTLINE_MIN_ZOOM, 0.15],
          'fill-antialias': false,
        },
      },
      before,
    );
    map.addLayer(
      {
        id: GEOFENCE_LAYER.outline,
        type: 'line',
        source: SOURCE,
        minzoom: OUTLINE_MIN_ZOOM,
        filter: isPolygon,
        paint: { 'line-color': color, 'line-width': 1.5, 'line-opacity': 0.9 },
      },
      before,
    );
    map.addLayer(
      {
        id: GEOFENCE_LAYER.corridor,
        type: 'line',
        source: SOURCE,
        filter: isLine,
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': color, 'line-opacity': 0.2, 'line-width': corridorWidthPx },
      },
      before,
    );
    map.addLayer(
      {
        id: GEOFENCE_LAYER.corridorLine,
        type: 'line',
        source: SOURCE,
        filter: isLine,
        paint: { 'line-color': color, 'line-width': 1.5, 'line-dasharray': [3, 2] },
      },
      before,
    );
    map.addLayer(
      {
        id: GEOFENCE_LAYER.selected,
        type: 'line',
        source: SOURCE,
        filter: ['all', ['!=', ['geometry-type'], 'Point'], ['==', ['id'], -1]],
        paint: { 'line-color': '#0f172a', 'line-width': 3 },
      },
      before,
    );
    map.addLayer(
      {
        id: GEOFENCE_LAYER.labels,
        type: 'symbol',
        source: SOURCE,
        minzoom: LABEL_MIN_ZOOM,
        filter: ['==', ['geometry-type'], 'Point'],
        layout: { 'icon-image': ['concat', GEO_LABEL_PREFIX, ['get', 'name']], 'icon-allow-overlap': false },
      },
      before,
    );

    const onClick = (e: MapMouseEvent) => {
      if (!onSelectRef.current) return;
      const hits = map.queryRenderedFeatures(e.point);
      const first = hits[0];
      if (!first || ABOVE_SOURCES.has(first.source)) return;
      const hit = hits.find((f) => (CLICKABLE as string[]).includes(f.layer.id));
      if (typeof hit?.id === 'number') onSelectRef.current(hit.id, [e.lngLat.lng, e.lngLat.lat]);
    };
    const pointer = () => {
      if (onSelectRef.current) map.getCanvas().style.cursor = 'pointer';
    };
    const unpointer = () => {
      if (onSelectRef.current) map.getCanvas().style.cursor = '';
    };
    map.on('click', onClick);
    for (const id of CLICKABLE) {
      map.on('mouseenter', id, pointer);
      map.on('mouseleave', id, unpointer);
    }
    return () => {
      map.off('click', onClick);
      for (const id of CLICKABLE) {
        map.off('mouseenter', id, pointer);
        map.off('mouseleave', id, unpointer);
      }
      removeOwned(map, Object.values(GEOFENCE_LAYER), [SOURCE]);
    };
  }, [map, styleVersion]);

  useEffect(() => {
    map.getSource<GeoJSONSource>(SOURCE)?.setData(data);
    map.getContainer().dataset.geofencesDrawn = String(geofences.length);
  }, [map, styleVersion, data, geofences.length]);

  useLayersVisible(map, styleVersion, GEOFENCE_LAYER_IDS, visible);

  useEffect(() => {
    if (map.getLayer(GEOFENCE_LAYER.selected))
      map.setFilter(GEOFENCE_LAYER.selected, [
        'all',
        ['!=', ['geometry-type'], 'Point'],
        ['==', ['id'], selectedId ?? -1],
      ]);
  }, [map, styleVersion, selectedId]);

  return null;
}
