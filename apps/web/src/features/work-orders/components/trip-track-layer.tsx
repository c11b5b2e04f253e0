import type { GeoJSONSource } from 'maplibre-gl';
import { useEffect, useMemo } from 'react';
import { removeOwned, useMap } from '../../../map/map-context';

const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };
const SOURCE = 'spk-trip-track';
const LAYERS = ['spk-trip-track-casing', 'spk-trip-track-line', 'spk-trip-track-ends'];
export const TRACK_COLOR = '#0369a1';

/** The vehicle's track over the trip: a line, with its start and end marked. Renders nothing. */
export function TripTrackLayer({ points }: { points: readonly [number, number][] }) {
  const { map, styleVersion } = useMap();
  const data = useMemo((): GeoJSON.FeatureCollection => {
    if (points.length < 2) return EMPTY;
    const ends = [points[0]!, points[points.length - 1]!];
    return {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: [...points] } },
        ...ends.map((p, i): GeoJSON.Feature => ({
          type: 'Feature',
          properties: { end: i === 0 ? 'start' : 'end' },
          geometry: { type: 'Point', coordinates: p },
        })),
      ],
    };
  }, [points]);

  useEffect(() => {
    map.addSource(SOURCE, { type: 'geojson', data: EMPTY });
    map.addLayer({
      id: 'spk-trip-track-casing',
      type: 'line',
      source: SOURCE,
      filter: ['==', ['geometry-type'], 'LineString'],
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': '#ffffff', 'line-width': 6, 'line-opacity': 0.9 },
    });
    map.addLayer({
      id: 'spk-trip-track-line',
      type: 'line',
      source: SOURCE,
      filter: ['==', ['geometry-type'], 'LineString'],
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': TRACK_COLOR, 'line-width': 3 },
    });
    map.addLayer({
      id: 'spk-trip-track-ends',
      type: 'circle',
      source: SOURCE,
      filter: ['==', ['geometry-type'], 'Point'],
      paint: {
        'circle-radius': 6,
        'circle-color': ['match', ['get', 'end'], 'start', '#16a34a', '#dc2626'],
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 2,
      },
    });
    return () => removeOwned(map, LAYERS, [SOURCE]);
  }, [map, styleVersion]);

  useEffect(() => {
    map.getSource<GeoJSONSource>(SOURCE)?.setData(data);
  }, [map, styleVersion, data]);

  return null;
}
