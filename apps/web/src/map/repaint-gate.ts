import type { Map as MapLibreMap, MapSourceDataEvent } from 'maplibre-gl';

export interface RepaintGate {
  /**
   * Holds the map's repaints until the source's tiles are all loaded again, or with `until: 'content'`
   * until the worker has taken the source's new data (a source not drawn yet has no tiles to wait
   * for: the next frame asks for them); `maxMs` at most either way.
   */
  hold(maxMs: number, until?: 'tiles' | 'content'): void;
  /** Lets repaints through again, painting once if one was asked for meanwhile. */
  release(): void;
  dispose(): void;
}

/**
 * Paints a source's refresh in one frame instead of three or four.
 *
 * After a GeoJSON source's data changes, maplibre repaints when the worker answers (the old tiles
 * again: nothing new to see), and again as each reloaded tile comes back; with software WebGL every
 * frame costs ~50–60 ms of main thread at 1366×800 whatever it draws (docs/performance.md), so a
 * refresh took three or four of them. While held, the map's repaint requests are noted and not
 * made; the first request after the source's tiles are all loaded (or after `maxMs`) paints once.
 *
 * The user always wins: a hold is not taken while the map moves, and a movement, a press or a touch
 * releases it, so panning, zooming, measuring and picking a vehicle are never delayed. A jump of the
 * camera (a resize, fitting the fleet) does not: its frame is the held one. Only the map's
 * own instance is wrapped (`triggerRepaint` is public API); `dispose` puts it back.
 */
export function createRepaintGate(map: MapLibreMap, sourceId: string): RepaintGate {
  const paint = map.triggerRepaint.bind(map);
  let holding = false;
  let until: 'tiles' | 'content' = 'tiles';
  let asked = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  map.triggerRepaint = () => {
    if (holding) asked = true;
    else paint();
  };

  const release = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!holding) return;
    holding = false;
    if (asked) {
      asked = false;
      paint();
    }
  };
  // A tile of the source came back and none is still loading (or the data is in): ready for one frame.
  const onSourceData = (e: MapSourceDataEvent) => {
    if (!holding || e.sourceId !== sourceId) return;
    if (until === 'content' ? e.sourceDataType === 'content' : e.tile && map.isSourceLoaded(sourceId))
      release();
  };
  map.on('sourcedata', onSourceData);
  // A camera that keeps moving (a gesture, an ease or a flight) paints every frame. A jump (a resize,
  // a fit with no duration) has ended by the time a microtask runs: it paints with the held frame.
  const onMoveStart = () => queueMicrotask(() => map.isMoving() && release());
  const userEvents = ['mousedown', 'touchstart'] as const;
  for (const type of userEvents) map.on(type, release);
  map.on('movestart', onMoveStart);

  return {
    hold(maxMs, what = 'tiles') {
      if (map.isMoving()) return;
      holding = true;
      until = what;
      clearTimeout(timer);
      timer = setTimeout(release, maxMs);
    },
    release,
    dispose() {
      release();
      map.off('sourcedata', onSourceData);
      for (const type of userEvents) map.off(type, release);
      map.off('movestart', onMoveStart);
      // Back to the prototype's method.
      Reflect.deleteProperty(map, 'triggerRepaint');
    },
  };
}
