import type { LayerSpecification, Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';

const isDeferred = (layer: LayerSpecification) =>
  (layer.metadata as Record<string, unknown> | undefined)?.['pantau:after-first-frame'] === true;

/**
 * The base map's layers of detail (AFTER_FIRST_FRAME in offline/offline-style.ts) taken out of `style`
 * and added once the map's first frame is drawn, below whatever was added on top meanwhile (the
 * vehicles). With software WebGL the first frame is one long task, most of it compiling a shader
 * program for each kind of layer it draws; the coast, roads and cities then compile in a frame of
 * their own, ~0.1 s that the first one no longer waits for (bench/map-bench.mjs, docs/performance.md).
 */
export function deferDetailLayers(style: StyleSpecification): {
  style: StyleSpecification;
  addDetail?: (map: MapLibreMap) => void;
} {
  const later = style.layers.filter(isDeferred);
  if (!later.length) return { style };
  return {
    style: { ...style, layers: style.layers.filter((layer) => !isDeferred(layer)) },
    addDetail(map) {
      const own = new Set(style.layers.map((layer) => layer.id));
      // The first layer added on top of the base map (or none): the detail goes beneath it.
      const above = map.getStyle().layers.find((layer) => !own.has(layer.id))?.id;
      for (const layer of later) {
        const source = 'source' in layer ? layer.source : undefined;
        if (map.getLayer(layer.id) || (source && !map.getSource(source))) continue;
        map.addLayer(layer, above);
      }
    },
  };
}
