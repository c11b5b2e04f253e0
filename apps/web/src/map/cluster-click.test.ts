import type { Map as MapLibreMap, MapGeoJSONFeature } from 'maplibre-gl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clusterContents } from './cluster-click';

const leaf = (id: number): GeoJSON.Feature => ({
  type: 'Feature',
  id,
  properties: {},
  geometry: { type: 'Point', coordinates: [111, -7] },
});
const cluster = (id: number, count: number) =>
  ({
    properties: { cluster_id: id, point_count: count },
    geometry: { type: 'Point', coordinates: [111, -7] },
  }) as unknown as MapGeoJSONFeature;

/**
 * The worker's clusters by id, and what the map's tiles show under the click; `refresh` renumbers
 * the clusters as a live refresh does and, once the tiles are in, fires `sourcedata`.
 */
function fakeMap(worker: Map<number, number[]>, drawn: MapGeoJSONFeature[]) {
  const handlers = new Set<(e: unknown) => void>();
  const source = {
    getClusterExpansionZoom: vi.fn(async (id: number) => {
      if (!worker.has(id)) throw new Error('No cluster with the specified id.');
      return 14;
    }),
    getClusterLeaves: vi.fn(async (id: number, limit: number) => {
      const ids = worker.get(id);
      if (!ids) throw new Error('No cluster with the specified id.');
      return ids.slice(0, limit).map(leaf);
    }),
  };
  const map = {
    getSource: () => source,
    isSourceLoaded: () => true,
    queryRenderedFeatures: vi.fn(() => drawn),
    on: (_: string, fn: (e: unknown) => void) => handlers.add(fn),
    off: (_: string, fn: (e: unknown) => void) => handlers.delete(fn),
    tilesIn: () => handlers.forEach((fn) => fn({ sourceId: 'vehicles' })),
  };
  return { map, source, asMap: map as unknown as MapLibreMap };
}

describe('a clicked cluster', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('answers its vehicles and the zoom that takes it apart', async () => {
    const { asMap } = fakeMap(new Map([[7, [1, 2, 3]]]), []);
    const found = await clusterContents(asMap, 'vehicles', 'clusters', cluster(7, 3), [10, 10]);
    expect(found?.zoom).toBe(14);
    expect(found?.leaves.map((f) => f.id)).toEqual([1, 2, 3]);
  });

  it('renumbered by a refresh to another cluster: tested again on the new tiles', async () => {
    // Id 7 now names a cluster of 5 elsewhere; the click's 3 vehicles are cluster 9 in the new tiles.
    const worker = new Map([
      [7, [10, 11, 12, 13, 14]],
      [9, [1, 2, 3]],
    ]);
    const { map, asMap } = fakeMap(worker, [cluster(9, 3)]);
    const pending = clusterContents(asMap, 'vehicles', 'clusters', cluster(7, 3), [10, 10]);
    await vi.advanceTimersByTimeAsync(0);
    map.tilesIn();
    const found = await pending;
    expect(map.queryRenderedFeatures).toHaveBeenCalledWith([10, 10], { layers: ['clusters'] });
    expect(found?.leaves.map((f) => f.id)).toEqual([1, 2, 3]);
  });

  it('a bigger cluster under the same id is not taken for it', async () => {
    const { asMap, source } = fakeMap(new Map([[7, [1, 2, 3, 4]]]), []);
    const pending = clusterContents(asMap, 'vehicles', 'clusters', cluster(7, 3), [10, 10]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await pending).toBeNull();
    expect(source.getClusterLeaves).toHaveBeenCalledWith(7, 4, 0);
  });

  it('an id the worker no longer has, and nothing under the point in the new tiles: nothing happens', async () => {
    const { asMap } = fakeMap(new Map(), []);
    const pending = clusterContents(asMap, 'vehicles', 'clusters', cluster(7, 3), [10, 10]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await pending).toBeNull();
  });

  it('gives up after a few tries when the tiles keep changing', async () => {
    const stale = cluster(7, 3);
    const { asMap, source } = fakeMap(new Map([[7, [1, 2]]]), [stale]);
    const pending = clusterContents(asMap, 'vehicles', 'clusters', stale, [10, 10]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await pending).toBeNull();
    expect(source.getClusterLeaves).toHaveBeenCalledTimes(3);
  });
});
