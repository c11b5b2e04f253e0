import type { Map as MapLibreMap } from 'maplibre-gl';
import { createContext, useContext, useEffect } from 'react';

export interface MapContextValue {
  map: MapLibreMap;
  /** Goes up each time the style is (re)loaded: layers re-add their sources when it changes. */
  styleVersion: number;
  baseMap: 'remote' | 'offline';
}

/** A map and what its React side needs: the context value once its style is loaded. */
export interface MapHandle {
  map: MapLibreMap;
  /** Null until the style is loaded; a new value after every style (re)load. */
  value: MapContextValue | null;
  /** Told of every new value. */
  onChange: ((value: MapContextValue) => void) | null;
  /**
   * Adds the base map's layers of detail now rather than once the first frame has settled
   * (`deferDetailLayers`); nothing when they are in already or the style has none.
   */
  addDetail?: () => void;
}

export const MapContext = createContext<MapContextValue | null>(null);

/** The map of the nearest `<MapView>`; only its children may call this. */
export function useMap(): MapContextValue {
  const value = useContext(MapContext);
  if (!value) throw new Error('useMap() outside <MapView>');
  return value;
}

/** Removes layers then sources, skipping what a style swap already took away. */
export function removeOwned(map: MapLibreMap, layers: string[], sources: string[]): void {
  if (!map.style) return;
  for (const id of layers) if (map.getLayer(id)) map.removeLayer(id);
  for (const id of sources) if (map.getSource(id)) map.removeSource(id);
}

/** Shows or hides a layer component's own layers; re-applied when the style is replaced. */
export function useLayersVisible(
  map: MapLibreMap,
  styleVersion: number,
  layers: readonly string[],
  visible: boolean,
): void {
  useEffect(() => {
    for (const id of layers)
      if (map.getLayer(id)) map.setLayoutProperty(id, 'visibility', visible ? 'visible' : 'none');
    // `layers` is a module constant of each caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, styleVersion, visible]);
}
