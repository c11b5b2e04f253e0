import type { TrackingItem } from '@pantau/contracts';
import type { Map as MapLibreMap, MapSourceDataEvent } from 'maplibre-gl';
import { useLiveStore } from '../lib/live/live-store';
import { baseMap } from './base-style';
import { fitFleet } from './camera';
import {
  createMap,
  createMapContainer,
  offerEarlyMap,
  prewarmMap,
  withdrawEarlyMap,
  type EarlyMap,
} from './map-view';
import { addVehicleLayers, VEHICLES_SOURCE } from './vehicle-layer-style';
import { vehicleCollection } from './vehicle-features';

/** A map its page has not taken by then is given up (the page went elsewhere: sign-in, an error). */
const EARLY_MAP_GIVE_UP_MS = 20_000;

export interface EarlyMapOptions {
  /** The tracking snapshot on its way (the same request the page's query uses). */
  snapshot: Promise<readonly TrackingItem[]>;
  /** The size the page will give the map, as near as can be told before it is rendered. */
  size: { width: number; height: number };
  /** Labels of the built-in controls in the user's language. */
  locale?: Record<string, string>;
  /** Fit the camera to the fleet (as FitFleetOnce will; not when the page opens on one vehicle). */
  fit: boolean;
  /**
   * Where the map may be shown before its page takes it (the boot shell's map stage, sized as the page
   * will size it): it is, once its vehicles' tiles are in, and that frame is the one that counts as
   * drawn. Without, the map stays hidden until its page takes it.
   */
  stage?: HTMLElement;
}

/** What an early map's VehiclesLayer takes over. */
export interface EarlyVehicles {
  /** The vehicles the source was created with. */
  vehicles: readonly TrackingItem[];
  /** A hidden frame has asked for the source's tiles already (false: the page's first frame will). */
  tilesAsked: boolean;
  /** Lets the map's repaints through again (without painting): the layer's own gate takes over. */
  release(): void;
}

const earlyVehicles = new WeakMap<MapLibreMap, EarlyVehicles>();

/**
 * The vehicles source made for the map before any VehiclesLayer was mounted (startEarlyMap), or
 * undefined; answers once. Whoever takes it must `release()` the map's repaints.
 */
export function takeEarlyVehicles(map: MapLibreMap): EarlyVehicles | undefined {
  const early = earlyVehicles.get(map);
  earlyVehicles.delete(map);
  return early;
}

/**
 * Holds a map's repaints: a hidden map's frames (each a full canvas in software WebGL, ~0.1 s of CPU
 * with SwiftShader) would only take CPU from the page being rendered and from maplibre's worker.
 * Style, sources and vehicles still load. `paintOnce` lets one frame through (tiles are asked for by
 * frames); `release` puts the map's own method back, painting once if `paint` and one was asked for.
 */
function holdRepaints(map: MapLibreMap) {
  const paint = map.triggerRepaint.bind(map);
  let asked = false;
  map.triggerRepaint = () => {
    asked = true;
  };
  return {
    paintOnce: paint,
    release: (andPaint: boolean) => {
      if (!Object.hasOwn(map, 'triggerRepaint')) return;
      Reflect.deleteProperty(map, 'triggerRepaint');
      if (andPaint && asked) map.triggerRepaint();
    },
  };
}

/**
 * Starts a live fleet page's map at boot, before React has rendered the page (main.tsx, for /map with
 * a chosen role). The map is made hidden, in the boot shell's map stage or else in a container of the
 * size the page will give it, and holds its frames: its style loads while the snapshot downloads. When
 * the snapshot is in, the live store is seeded and the vehicles go to the worker at once; once they are
 * clustered one hidden frame asks for the tiles. In the boot shell, once the vehicles' tiles are in, the
 * map is shown and that frame is the one that counts as drawn. The page's MapView then adopts the map
 * (`adoptEarly`), its VehiclesLayer the vehicles source and the frames; without the boot shell the first
 * frame painted in the page is the drawn one. Before, the map and the vehicles waited for the shell and
 * the page (bench/map-bench.mjs, docs/performance.md).
 *
 * Answers when the vehicles are with the worker (`sent`) and, with a stage, drawn there (`drawn`); both
 * also settle when the map is not needed or the page has taken it. main.tsx renders the app after one
 * of them: without a stage once they are sent, so that React's first render (~0.25 s of main thread)
 * overlaps the worker's clustering; with one once they are drawn.
 */
export function startEarlyMap({ snapshot, size, locale, fit, stage }: EarlyMapOptions): {
  sent: Promise<void>;
  drawn: Promise<void>;
} {
  prewarmMap();
  const el = createMapContainer();
  if (stage) {
    el.style.cssText = 'width:100%;height:100%;visibility:hidden;pointer-events:none';
    stage.appendChild(el);
  } else {
    el.style.cssText =
      `position:fixed;left:0;top:0;width:${size.width}px;height:${size.height}px;` +
      'visibility:hidden;pointer-events:none;z-index:-1';
    document.body.appendChild(el);
  }
  let shown = false;
  let held: ReturnType<typeof holdRepaints> | undefined;
  let settleSent = () => {};
  let settleDrawn = () => {};
  const sent = new Promise<void>((resolve) => (settleSent = resolve));
  const drawn = new Promise<void>((resolve) => (settleDrawn = resolve));
  const settle = () => {
    settleSent();
    settleDrawn();
  };
  const handle = baseMap().then((base) => {
    const made = createMap(el, base, locale);
    held = holdRepaints(made.map);
    return made;
  });
  // MapView calls shown() once the handle is resolved. With the vehicles in, their layer releases the
  // frames; without, they go now.
  const early: EarlyMap = {
    el,
    handle,
    shown: (map) => {
      shown = true;
      settle();
      if (!earlyVehicles.has(map)) held?.release(true);
    },
  };
  offerEarlyMap(early);
  const giveUp = () => {
    settle();
    if (!withdrawEarlyMap(early)) return; // the page has it
    el.remove();
    void handle.then(({ map }) => map.remove());
  };
  setTimeout(giveUp, EARLY_MAP_GIVE_UP_MS);
  void handle.then((made) => {
    const { map } = made;
    let removed = false;
    map.once('remove', () => (removed = true));
    const styled = new Promise<void>((resolve) => {
      if (made.value) resolve();
      else map.once('style.load', () => resolve());
    });
    Promise.all([snapshot, styled]).then(
      ([vehicles]) => {
        // Shown already: the page's VehiclesLayer makes the source from the live store itself.
        if (shown || removed) return settle();
        useLiveStore.getState().seed(vehicles, vehicles);
        if (fit) fitFleet(map, vehicles);
        const collection = vehicleCollection(vehicles);
        addVehicleLayers(map, collection);
        const taken: EarlyVehicles = { vehicles, tilesAsked: false, release: () => held?.release(false) };
        earlyVehicles.set(map, taken);
        performance.mark('pantau:vehicles-sent', { detail: vehicles.length });
        settleSent();
        // Once the worker has clustered them, one hidden frame asks for every source's tiles, so that
        // they are in (or on their way) when the page shows the map.
        const clustered = (e: MapSourceDataEvent) => {
          if (e.sourceId !== VEHICLES_SOURCE || e.sourceDataType !== 'content') return;
          map.off('sourcedata', clustered);
          if (shown) return;
          map.on('sourcedataloading', asked);
          held?.paintOnce();
        };
        // Said only once the frame has asked (the page may take the map between the two).
        const asked = (e: MapSourceDataEvent) => {
          if (e.sourceId !== VEHICLES_SOURCE || !e.tile) return;
          map.off('sourcedataloading', asked);
          taken.tilesAsked = true;
          if (stage) map.on('sourcedata', reveal);
        };
        // In the boot shell: once the vehicles' tiles are in, the map is shown and painted, that frame
        // is the fleet drawn, and the app is rendered. Its other frames stay held until the page takes it.
        const count = collection.features.length;
        const reveal = () => {
          if (shown || removed) return map.off('sourcedata', reveal);
          if (!map.isSourceLoaded(VEHICLES_SOURCE)) return;
          map.off('sourcedata', reveal);
          el.style.visibility = '';
          map.once('render', () => {
            if (!shown && !removed) {
              el.dataset.vehiclesDrawn = String(count);
              performance.mark('pantau:vehicles-drawn', { detail: count });
            }
            settle();
          });
          held?.paintOnce();
        };
        map.on('sourcedata', clustered);
      },
      // No snapshot (the session ended): the page shows what happened; the map is not needed.
      giveUp,
    );
  }, giveUp);
  return { sent, drawn };
}
