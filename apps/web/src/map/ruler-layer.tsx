import type { GeoJSONSource, MapMouseEvent } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { removeOwned, useMap } from './map-context';
import { rulerGeoJson, type LngLat } from './ruler';

const SOURCE = 'ruler';
const LAYERS = ['ruler-line', 'ruler-points'];

interface RulerLayerProps {
  points: readonly LngLat[];
  /** While active, each click on the map adds a point and the cursor is a crosshair. */
  active: boolean;
  onAddPoint: (point: LngLat) => void;
}

/** The measured path: a dashed line through the clicked points. Renders nothing. */
export function RulerLayer({ points, active, onAddPoint }: RulerLayerProps) {
  const { map, styleVersion } = useMap();
  const onAdd = useRef(onAddPoint);
  useEffect(() => {
    onAdd.current = onAddPoint;
  });

  useEffect(() => {
    map.addSource(SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    map.addLayer({
      id: 'ruler-line',
      type: 'line',
      source: SOURCE,
      filter: ['==', ['geometry-type'], 'LineString'],
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': '#0f172a', 'line-width': 2.5, 'line-dasharray': [2, 1.5] },
    });
    map.addLayer({
      id: 'ruler-points',
      type: 'circle',
      source: SOURCE,
      filter: ['==', ['geometry-type'], 'Point'],
      paint: {
        'circle-radius': 5,
        'circle-color': '#ffffff',
        'circle-stroke-color': '#0f172a',
        'circle-stroke-width': 2,
      },
    });
    return () => removeOwned(map, LAYERS, [SOURCE]);
  }, [map, styleVersion]);

  useEffect(() => {
    map.getSource<GeoJSONSource>(SOURCE)?.setData(rulerGeoJson(points));
  }, [map, styleVersion, points]);

  useEffect(() => {
    if (!active) return;
    const canvas = map.getCanvas();
    canvas.style.cursor = 'crosshair';
    const onClick = (e: MapMouseEvent) => onAdd.current([e.lngLat.lng, e.lngLat.lat]);
    map.on('click', onClick);
    map.doubleClickZoom.disable();
    return () => {
      canvas.style.cursor = '';
      map.off('click', onClick);
      map.doubleClickZoom.enable();
    };
  }, [map, active]);

  return null;
}
