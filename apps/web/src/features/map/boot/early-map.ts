import type { TrackingItem } from '@pantau/contracts';
import type { Map as MapLibreMap, MapSourceDataEvent } from 'maplibre-gl';
import { useLiveStore } from '../../../lib/live/live-store';
import { markMetric, writeMetric } from '../../../lib/metrics';
import { baseMap } from '../../../map/base-style';
import { fitFleet } from '../../../map/camera';
import {
  hasEarlyVehicles,
  offerEarlyMap,
  offerEarlyVehicles,
  withdrawEarlyMap,
  type EarlyMap,
  type EarlyVehicles,
} from '../../../map/early-handoff';
import { createMap, createMapContainer } from '../../../map/map-view';
import { addVehicleLayers, VEHICLES_SOURCE } from '../../../map/vehicle-layer-style';
import { vehicleCollection } from '../../../map/vehicle-features';

/** A map its page has not taken by then is given up (the page went elsewhere: sign-in, an error). */
const EARLY_MAP_GIVE_UP_MS = 20_000;

export interface EarlyMapOptions {
  /** The tracking snapshot on its way (the same request the page's query uses). */
  snapshot: Promise<readonly TrackingItem[]>;
  /** The boot shell's map stage, where the page's map will be. */
  stage: HTMLElement;
  /**
   * The boot shell is visible: the map is shown in it once its vehicles' tiles are in, and that frame
   * is the one that counts as drawn. Otherwise the map stays hidden until its page takes it.
   */
  visible: boolean;
  /** Labels of the built-in controls in the user's language. */
  locale?: Record<string, string>;
  /** Fit the camera to the fleet (as FitFleetOnce will; not when the page opens on one vehicle). */
  fit: boolean;
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
 * Resolves once the GPU has run every command the map's context issued so far (a fence, polled between
 * tasks), or after `maxMs` at the latest.
 */
function gpuDone(map: MapLibreMap, maxMs = 400): Promise<void> {
  const gl = map.getCanvas().getContext('webgl2');
  const sync = gl?.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
  if (!gl || !sync) return Promise.resolve();
  gl.flush();
  const until = performance.now() + maxMs;
  return new Promise((resolve) => {
    const poll = () => {
      if (gl.getSyncParameter(sync, gl.SYNC_STATUS) === gl.SIGNALED || performance.now() > until) {
        gl.deleteSync(sync);
        resolve();
      } else setTimeout(poll, 4);
    };
    setTimeout(poll, 4);
  });
}

/**
 * Starts the live map at boot, before React has rendered the page. The map is made hidden in the boot
 * shell's map stage and holds its frames: its style loads while the snapshot downloads. When the
 * snapshot is in, the live store is seeded and the vehicles go to the worker at once; once they are
 * clustered one hidden frame asks for the tiles. In a visible boot shell, once the vehicles' tiles are
 * in, the map is shown and that frame is the one that counts as drawn. The page's MapView then adopts
 * the map (`adoptEarly`), its VehiclesLayer the vehicles source and the frames; in a hidden boot shell
 * the first frame painted in the page is the drawn one.
 *
 * Answers when the vehicles are with the worker (`sent`) and, in a visible boot shell, drawn there
 * (`drawn`); both also settle when the map is not needed or the page has taken it.
 */
export function startEarlyMap({ snapshot, stage, visible, locale, fit }: EarlyMapOptions): {
  sent: Promise<void>;
  drawn: Promise<void>;
} {
  const el = createMapContainer();
  el.style.cssText = 'width:100%;height:100%;visibility:hidden;pointer-events:none';
  stage.appendChild(el);
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
      if (!hasEarlyVehicles(map)) held?.release(true);
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
        offerEarlyVehicles(map, taken);
        markMetric('vehicles-sent', vehicles.length);
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
          if (visible) map.on('sourcedata', reveal);
        };
        // In the boot shell: once the vehicles' tiles are in, one frame is drawn hidden, and once the GPU
        // has run it the map is shown and painted; that frame is the fleet drawn, and the app is rendered.
        // Its other frames stay held until the page takes it. The first frame to draw the fleet is the
        // costly one (shaders compiled, and with software WebGL a routine for each program and state,
        // ~0.1 s here): hidden, the page's thread does not wait for it; shown, the frame would be handed
        // to the compositor and the thread would wait for the GPU to run it.
        const count = collection.features.length;
        const reveal = () => {
          if (shown || removed) return map.off('sourcedata', reveal);
          if (!map.isSourceLoaded(VEHICLES_SOURCE)) return;
          map.off('sourcedata', reveal);
          map.once('render', () => void gpuDone(map).then(show));
          held?.paintOnce();
        };
        const show = () => {
          if (shown || removed) return settle();
          el.style.visibility = '';
          map.once('render', () => {
            if (!shown && !removed) {
              writeMetric(el, 'vehiclesDrawn', count);
              markMetric('vehicles-drawn', count);
              // The map's next frames are held until the page takes it; the base map's detail then
              // loads with the page's layers and is drawn in their frames, not in frames of its own.
              setTimeout(() => made.addDetail?.(), 0);
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
