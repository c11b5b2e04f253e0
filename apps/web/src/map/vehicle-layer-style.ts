import type { FilterSpecification, Map as MapLibreMap } from 'maplibre-gl';
import { COUNT_PREFIX, PLATE_PREFIX } from './canvas-images';
import { COUNT_MAX_CHARS, countCharFilter, countCharImage, countCharOffset } from './cluster-count';

export const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

export const VEHICLES_SOURCE = 'vehicles';
export const SELECTED_SOURCE = 'vehicle-selected';
export const LAYER = {
  clusters: 'vehicles-clusters',
  clusterCount0: 'vehicles-cluster-count-0',
  clusterCount1: 'vehicles-cluster-count-1',
  clusterCount2: 'vehicles-cluster-count-2',
  clusterCount3: 'vehicles-cluster-count-3',
  points: 'vehicles-points',
  labels: 'vehicles-labels',
  selectedHalo: 'vehicle-selected-halo',
  selectedIcon: 'vehicle-selected-icon',
  selectedLabel: 'vehicle-selected-label',
} as const;
const CLUSTER_COUNT_LAYERS = [
  LAYER.clusterCount0,
  LAYER.clusterCount1,
  LAYER.clusterCount2,
  LAYER.clusterCount3,
];

/** The vehicles source (clustered, with `data`), the selected vehicle's source and their layers. */
export function addVehicleLayers(map: MapLibreMap, data: GeoJSON.FeatureCollection) {
  map.addSource(VEHICLES_SOURCE, {
    type: 'geojson',
    data,
    cluster: true,
    clusterRadius: 45,
    clusterMaxZoom: 12,
  });
  map.addSource(SELECTED_SOURCE, { type: 'geojson', data: EMPTY });
  const notCluster: FilterSpecification = ['!', ['has', 'point_count']];
  map.addLayer({
    id: LAYER.clusters,
    type: 'circle',
    source: VEHICLES_SOURCE,
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': ['step', ['get', 'point_count'], '#2563eb', 50, '#7c3aed', 500, '#be123c'],
      'circle-radius': ['step', ['get', 'point_count'], 14, 50, 18, 500, 23],
      'circle-opacity': 0.88,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  });
  // The count, a character a layer (cluster-count.ts).
  for (let i = 0; i < COUNT_MAX_CHARS; i += 1)
    map.addLayer({
      id: CLUSTER_COUNT_LAYERS[i]!,
      type: 'symbol',
      source: VEHICLES_SOURCE,
      filter: countCharFilter(i),
      layout: {
        'icon-image': countCharImage(COUNT_PREFIX, i),
        'icon-offset': countCharOffset(i),
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
    });
  map.addLayer({
    id: LAYER.points,
    type: 'symbol',
    source: VEHICLES_SOURCE,
    filter: notCluster,
    layout: {
      'icon-image': ['get', 'icon'],
      'icon-rotate': ['get', 'course'],
      'icon-rotation-alignment': 'map',
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    },
  });
  map.addLayer({
    id: LAYER.labels,
    type: 'symbol',
    source: VEHICLES_SOURCE,
    filter: notCluster,
    minzoom: 11,
    layout: {
      'icon-image': ['concat', PLATE_PREFIX, ['get', 'plate']],
      'icon-anchor': 'top',
      'icon-offset': [0, 15],
    },
  });
  map.addLayer({
    id: LAYER.selectedHalo,
    type: 'circle',
    source: SELECTED_SOURCE,
    paint: {
      'circle-radius': 20,
      'circle-color': 'rgba(29, 78, 216, 0.18)',
      'circle-stroke-color': '#1d4ed8',
      'circle-stroke-width': 2.5,
    },
  });
  map.addLayer({
    id: LAYER.selectedIcon,
    type: 'symbol',
    source: SELECTED_SOURCE,
    layout: {
      'icon-image': ['get', 'icon'],
      'icon-rotate': ['get', 'course'],
      'icon-rotation-alignment': 'map',
      'icon-size': 1.25,
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    },
  });
  map.addLayer({
    id: LAYER.selectedLabel,
    type: 'symbol',
    source: SELECTED_SOURCE,
    layout: {
      'icon-image': ['concat', PLATE_PREFIX, ['get', 'plate']],
      'icon-anchor': 'top',
      'icon-offset': [0, 20],
      'icon-allow-overlap': true,
    },
  });
}

/** Vehicles on screen, counting each cluster's members; written to the container for tests and the bench. */
export function countRendered(map: MapLibreMap): number {
  const seenPoints = new Set<unknown>();
  const seenClusters = new Set<unknown>();
  let total = 0;
  for (const f of map.queryRenderedFeatures({ layers: [LAYER.points, LAYER.clusters] })) {
    const props = f.properties as { cluster_id?: number; point_count?: number };
    if (props.point_count !== undefined) {
      if (seenClusters.has(props.cluster_id)) continue;
      seenClusters.add(props.cluster_id);
      total += props.point_count;
    } else {
      if (seenPoints.has(f.id)) continue;
      seenPoints.add(f.id);
      total += 1;
    }
  }
  return total;
}
