import type { Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { hideBaseMap } from './hide-base-map';

/** A style's layers: id → source (none for a background) and visibility. */
function fakeMap(layers: { id: string; source?: string; visibility?: 'visible' | 'none' }[]) {
  const byId = new Map(layers.map((l) => [l.id, { ...l }]));
  const map = {
    getLayersOrder: () => [...byId.keys()],
    getLayer: (id: string) => byId.get(id),
    getLayoutProperty: (id: string, _name: string) => byId.get(id)?.visibility,
    setLayoutProperty: (id: string, _name: string, value: 'visible' | 'none') => {
      byId.get(id)!.visibility = value;
    },
    remove: (id: string) => byId.delete(id),
    visibility: (id: string) => byId.get(id)?.visibility ?? 'visible',
  };
  return map as typeof map & Parameters<typeof hideBaseMap>[0] & Partial<MapLibreMap>;
}

describe('hideBaseMap', () => {
  it('hides the layers with a source, leaves the background and hidden layers, and shows them again once', () => {
    const map = fakeMap([
      { id: 'background' },
      { id: 'land', source: 'land' },
      { id: 'roads', source: 'roads', visibility: 'visible' },
      { id: 'ferries', source: 'roads', visibility: 'none' },
    ]);
    const show = hideBaseMap(map);
    expect(['background', 'land', 'roads', 'ferries'].map(map.visibility)).toEqual([
      'visible',
      'none',
      'none',
      'none',
    ]);
    show();
    expect(['background', 'land', 'roads', 'ferries'].map(map.visibility)).toEqual([
      'visible',
      'visible',
      'visible',
      'none',
    ]);
    // Only once: a layer hidden later by someone else stays hidden.
    map.setLayoutProperty('land', 'visibility', 'none');
    show();
    expect(map.visibility('land')).toBe('none');
  });

  it('shows again only the layers still in the style', () => {
    const map = fakeMap([
      { id: 'land', source: 'land' },
      { id: 'cities', source: 'cities' },
    ]);
    const show = hideBaseMap(map);
    map.remove('cities');
    expect(() => show()).not.toThrow();
    expect(map.visibility('land')).toBe('visible');
  });
});
