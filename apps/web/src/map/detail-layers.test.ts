import type { LayerSpecification, Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { deferDetailLayers } from './detail-layers';
import { offlineStyle } from './offline/offline-style';

/** Just the layer list of a map, as maplibre orders it. */
function fakeMap(layers: LayerSpecification[], sources: string[]) {
  const list = [...layers];
  return {
    list,
    getStyle: () => ({ layers: list }),
    getLayer: (id: string) => list.find((l) => l.id === id),
    getSource: (id: string) => (sources.includes(id) ? {} : undefined),
    addLayer(layer: LayerSpecification, before?: string) {
      const at = before ? list.findIndex((l) => l.id === before) : -1;
      list.splice(at < 0 ? list.length : at, 0, layer);
    },
  };
}

describe('the offline base map’s detail', () => {
  it('sea and land make the first frame; coast, roads and cities come after it, beneath what was added on top', () => {
    const full = offlineStyle();
    const { style, addDetail } = deferDetailLayers(full);
    expect(style.layers.map((l) => l.id)).toEqual(['offline-sea', 'offline-land']);

    const vehicles = { id: 'vehicles-points', type: 'symbol', source: 'vehicles' } as LayerSpecification;
    const map = fakeMap([...style.layers, vehicles], ['land', 'roads', 'cities', 'vehicles']);
    addDetail!(map as unknown as MapLibreMap);
    expect(map.list.map((l) => l.id)).toEqual([...full.layers.map((l) => l.id), 'vehicles-points']);

    // Twice, or on a map that has them: nothing more.
    addDetail!(map as unknown as MapLibreMap);
    expect(map.list).toHaveLength(full.layers.length + 1);
  });

  it('a style without such layers is taken whole', () => {
    const style = { version: 8 as const, sources: {}, layers: [{ id: 'bg', type: 'background' as const }] };
    expect(deferDetailLayers(style)).toEqual({ style });
  });
});
