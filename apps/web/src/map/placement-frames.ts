import type { Map as MapLibreMap } from 'maplibre-gl';

/** The parts of maplibre's map this reads and writes; none is public API, so each is checked. */
interface PlacementInternals {
  _placementDirty?: unknown;
  _sourcesDirty?: unknown;
  style?: {
    placement?: { stale?: unknown };
    pauseablePlacement?: { isDone?: () => boolean };
  };
}

/**
 * Saves the second frame maplibre paints after every frame whose symbol tiles changed (each live
 * refresh of the vehicles' labels and clusters).
 *
 * maplibre marks a placement stale when symbol buckets changed in the frame that made it, and then
 * paints once more to place again: with a symbol fade, placement spans frames and may have begun on
 * the old tiles. Without a fade (`fadeDuration: 0`, as here) every frame's placement is made in full
 * from the tiles of that frame, so the next frame places the same symbols the same way. With software
 * WebGL that frame is a full canvas, as long as the refresh's own (docs/performance.md).
 *
 * After such a frame, when nothing else asks for another, this clears the stale mark. Anything else
 * dirty, a placement not finished, or maplibre's fields not where this looks: maplibre's own way.
 */
export function skipRepeatedPlacementFrames(map: MapLibreMap): () => void {
  const onRender = () => {
    const m = map as unknown as PlacementInternals;
    const placement = m.style?.placement;
    if (m._placementDirty !== true || m._sourcesDirty !== false || placement?.stale !== true) return;
    if (typeof m.style?.pauseablePlacement?.isDone !== 'function' || !m.style.pauseablePlacement.isDone())
      return;
    placement.stale = false;
    m._placementDirty = false;
  };
  map.on('render', onRender);
  return () => map.off('render', onRender);
}
