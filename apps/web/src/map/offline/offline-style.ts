import type { StyleSpecification } from 'maplibre-gl';
import { CITY_MAJOR_PREFIX, CITY_PREFIX } from '../canvas-images';
import { citiesGeoJson } from './cities';
import { landGeoJson } from './land';
import { roadsGeoJson } from './roads';

/** A layer of detail drawn from the map's second frame on (`deferDetailLayers` in map-view.tsx). */
export const AFTER_FIRST_FRAME = { 'pantau:after-first-frame': true };

/**
 * The built-in base map for networks that cannot load tiles: sea, land, toll roads and cities, all
 * from data in the bundle. It has no `glyphs` and no sprite: city names are canvas images drawn on
 * demand (see canvas-images.ts), so nothing is ever fetched. Sea and land make the first frame; the
 * coast, roads and cities (AFTER_FIRST_FRAME) follow once it is drawn.
 */
export function offlineStyle(): StyleSpecification {
  return {
    version: 8,
    name: 'Pantau offline',
    sources: {
      land: { type: 'geojson', data: landGeoJson },
      roads: { type: 'geojson', data: roadsGeoJson },
      cities: { type: 'geojson', data: citiesGeoJson },
    },
    layers: [
      { id: 'offline-sea', type: 'background', paint: { 'background-color': '#cfe3f3' } },
      {
        id: 'offline-land',
        type: 'fill',
        source: 'land',
        // The coast layer draws the edge: no antialiased edge of the fill's own beneath it (with software
        // WebGL one more program to compile for the first frame, and a pass in every frame).
        paint: { 'fill-color': '#f4f1ea', 'fill-antialias': false },
      },
      {
        id: 'offline-coast',
        metadata: AFTER_FIRST_FRAME,
        type: 'line',
        source: 'land',
        paint: {
          'line-color': '#9fb6c9',
          'line-width': ['interpolate', ['linear'], ['zoom'], 4, 0.6, 10, 1.5],
        },
      },
      {
        id: 'offline-roads-casing',
        metadata: AFTER_FIRST_FRAME,
        type: 'line',
        source: 'roads',
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: {
          'line-color': '#c2410c',
          'line-opacity': 0.35,
          'line-width': ['interpolate', ['linear'], ['zoom'], 5, 2, 12, 8],
        },
      },
      {
        id: 'offline-roads',
        metadata: AFTER_FIRST_FRAME,
        type: 'line',
        source: 'roads',
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: {
          'line-color': '#f97316',
          'line-width': ['interpolate', ['linear'], ['zoom'], 5, 1, 12, 5],
        },
      },
      {
        id: 'offline-city-dots',
        metadata: AFTER_FIRST_FRAME,
        type: 'circle',
        source: 'cities',
        filter: ['any', ['==', ['get', 'rank'], 1], ['>=', ['zoom'], 7]],
        paint: {
          'circle-radius': ['match', ['get', 'rank'], 1, 3.5, 2.5],
          'circle-color': '#334155',
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 1,
        },
      },
      {
        id: 'offline-city-labels',
        metadata: AFTER_FIRST_FRAME,
        type: 'symbol',
        source: 'cities',
        filter: ['any', ['==', ['get', 'rank'], 1], ['>=', ['zoom'], 7]],
        layout: {
          'icon-image': [
            'concat',
            ['match', ['get', 'rank'], 1, CITY_MAJOR_PREFIX, CITY_PREFIX],
            ['get', 'name'],
          ],
          'icon-anchor': 'bottom',
          'icon-offset': [0, -3],
          'symbol-sort-key': ['get', 'rank'],
        },
      },
    ],
  };
}
