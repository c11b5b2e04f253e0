import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { skipRepeatedPlacementFrames } from './placement-frames';

/** What maplibre's map holds at its `render` event, as the module reads it. */
function fakeMap(state: {
  placementDirty?: unknown;
  sourcesDirty?: unknown;
  stale?: unknown;
  done?: boolean;
}) {
  const handlers = new Set<() => void>();
  const placement = { stale: state.stale };
  const map = {
    _placementDirty: state.placementDirty,
    _sourcesDirty: state.sourcesDirty,
    style: {
      placement,
      pauseablePlacement: state.done === undefined ? undefined : { isDone: () => state.done! },
    },
    on: (_: string, fn: () => void) => handlers.add(fn),
    off: (_: string, fn: () => void) => handlers.delete(fn),
    render: () => handlers.forEach((fn) => fn()),
  };
  skipRepeatedPlacementFrames(map as unknown as MapLibreMap);
  return { map, placement };
}

describe('a placement repeated only because its frame took new symbol tiles', () => {
  it('is not asked for again once its frame is drawn', () => {
    const { map, placement } = fakeMap({
      placementDirty: true,
      sourcesDirty: false,
      stale: true,
      done: true,
    });
    map.render();
    expect(map._placementDirty).toBe(false);
    expect(placement.stale).toBe(false);
  });

  it.each([
    ['sources still to update', { placementDirty: true, sourcesDirty: true, stale: true, done: true }],
    ['a placement not finished', { placementDirty: true, sourcesDirty: false, stale: true, done: false }],
    [
      'a placement that is not stale',
      { placementDirty: true, sourcesDirty: false, stale: false, done: true },
    ],
    ['maplibre without these fields', { placementDirty: true, sourcesDirty: false, stale: true }],
    [
      'a placement dirty by another name',
      { placementDirty: 1, sourcesDirty: false, stale: true, done: true },
    ],
  ])('is left to maplibre with %s', (_, state) => {
    const { map, placement } = fakeMap(state);
    map.render();
    expect(map._placementDirty).toBe(state.placementDirty);
    expect(placement.stale).toBe(state.stale);
  });
});

describe('the maplibre this relies on (an upgrade that changes it fails here, not on the map)', () => {
  const require = createRequire(import.meta.url);
  const dist = path.dirname(require.resolve('maplibre-gl/package.json'));
  const source = readFileSync(path.join(dist, 'dist/maplibre-gl-dev.mjs'), 'utf8');

  it('places every symbol in full each frame when there is no fade', () => {
    expect(source).toContain('forceFullPlacement ||= this._layerOrderChanged || fadeDuration === 0;');
  });

  it('marks a placement stale when its frame took new symbol buckets, and paints again for it', () => {
    expect(source).toContain('if (symbolBucketsChanged) this.pauseablePlacement.placement.setStale();');
    expect(source).toContain('return this.stale || now - this.lastPlacementChangeTime < this.fadeDuration;');
    const placed = source.indexOf('this._placementDirty = this.style?._updatePlacement(');
    const rendered = source.indexOf('this.fire(new MapLibreEvent("render"));', placed);
    const next = source.indexOf(
      'const somethingDirty = this._sourcesDirty || this._styleDirty || this._placementDirty',
      rendered,
    );
    expect(placed).toBeGreaterThan(0);
    expect(rendered).toBeGreaterThan(placed);
    expect(next).toBeGreaterThan(rendered);
  });
});
