import type { TrackingItem } from '@pantau/contracts';
import type { GeoJSONSource, MapGeoJSONFeature, MapMouseEvent, MapSourceDataEvent, Point } from 'maplibre-gl';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLiveStore } from '../lib/live/live-store';
import { markMetric, metricsOn, writeMetric } from '../lib/metrics';
import { clusterContents } from './cluster-click';
import type { SpotVehicles } from './cluster-list';
import { removeOwned, useMap } from './map-context';
import { takeEarlyVehicles } from './early-handoff';
import { createRepaintGate, type RepaintGate } from './repaint-gate';
import {
  addVehicleLayers,
  countRendered,
  EMPTY,
  LAYER,
  SELECTED_SOURCE,
  VEHICLES_SOURCE,
} from './vehicle-layer-style';
import {
  diffVehicles,
  emptySourceDiff,
  sourceDiff,
  vehicleCollection,
  vehicleFeature,
} from './vehicle-features';

/** The source is refreshed at most once a second, as often as the server batches positions. */
export const REFRESH_MS = 1_000;
/** Above this share of changed vehicles a whole `setData` beats an `updateData` diff (bench/map-bench.mjs). */
export const SET_DATA_SHARE = 0.5;
/** `data-vehicles-rendered` (a `queryRenderedFeatures` count, for tests) is refreshed at most this often. */
export const COUNT_RENDERED_MS = 5_000;
/**
 * A cluster whose vehicles would still lie within this many pixels once zoomed in is at one spot (a
 * yard, a loading bay): zooming would not take it apart, so it opens as a list instead.
 */
export const SPOT_PX = 48;
/** An update not painted after this long no longer holds the next one back. */
const STALLED_MS = 5_000;
/** Repaints wait at most this long for an update's tiles (one frame per refresh, see repaint-gate.ts). */
const HOLD_MS = 600;
/** … and at most this long for the worker to cluster the first data of a new source. */
const LOAD_HOLD_MS = 800;

const countWithFix = (vehicles: readonly TrackingItem[]) => {
  let n = 0;
  for (const v of vehicles) if (v.lat !== null && v.lon !== null) n += 1;
  return n;
};

interface VehiclesLayerProps {
  /** The vehicles to draw; leave out to draw the live store's whole fleet without re-rendering React. */
  vehicles?: readonly TrackingItem[];
  selected?: TrackingItem | null;
  /** Leave out to make vehicles unclickable (e.g. while measuring). */
  onSelect?: (kendaraanId: number) => void;
  /**
   * Vehicles at one spot were clicked (a cluster zooming cannot take apart, or points on top of each
   * other): the map shows their list. Null: the list is to close (the map moved).
   */
  onSpot?: (spot: SpotVehicles | null) => void;
}

/**
 * All vehicles as one clustered GeoJSON source with symbol layers (icon by class, colour by motion,
 * rotated by course, plate from zoom 11), refreshed incrementally at most once a second; the selected
 * vehicle in its own unclustered source. Renders nothing.
 *
 * With figures on (lib/metrics.ts: tests and bench/map-bench.mjs) the container's data attributes say
 * what is on screen: `data-vehicle-count` vehicles with a fix, `data-vehicles-drawn` vehicles in the
 * source at the last painted frame, `data-vehicle-updates` data refreshes painted so far, and
 * `data-vehicles-rendered` vehicles inside the viewport by `queryRenderedFeatures` (refreshed sparingly:
 * it is not free).
 */
export function VehiclesLayer({ vehicles, selected, onSelect, onSpot }: VehiclesLayerProps) {
  const { map, styleVersion } = useMap();
  const onSelectRef = useRef(onSelect);
  const onSpotRef = useRef(onSpot);
  const live = vehicles === undefined;
  const latest = useRef<readonly TrackingItem[]>(vehicles ?? useLiveStore.getState().vehicles);
  const applied = useRef<ReadonlyMap<number, TrackingItem> | null>(null);
  /** Made with the source (layers effect), used by the data effect. */
  const gateRef = useRef<RepaintGate | null>(null);
  useEffect(() => {
    onSelectRef.current = onSelect;
    onSpotRef.current = onSpot;
  });

  // Source, layers and pointer handlers, again after every style (re)load. This and the data effect
  // are layout effects: the vehicles go to maplibre's worker in this commit, not after the next frame.
  useLayoutEffect(() => {
    // The vehicles known now go into the new source itself: an empty source and then the data would be
    // two messages to maplibre's worker, the second waiting behind the first and a frame (~0.2 s).
    // A map started at boot (early-handoff.ts) may have its vehicles source already: it is taken as it is,
    // and its frames, held while it was hidden, are this layer's to let through.
    const early = live ? takeEarlyVehicles(map) : undefined;
    early?.release();
    const seed = early?.vehicles ?? latest.current;
    const gate = createRepaintGate(map, VEHICLES_SOURCE);
    gateRef.current = gate;
    let stopLoadHold = () => {};
    if (early?.tilesAsked) {
      // A hidden frame asked for the tiles: the first frame in the page waits for them.
      if (!map.isSourceLoaded(VEHICLES_SOURCE)) gate.hold(HOLD_MS);
    } else if (seed.length > 0) {
      // Until the seeded fleet is drawn, frames wait (the base map with them): first for the worker to
      // cluster it (adding the layers asks for one at once), then, once a frame has asked for the
      // source's tiles, for those tiles. Two frames instead of five or six, and the worker gets the
      // CPU they took.
      if (!early || !map.getSource(VEHICLES_SOURCE)?.loaded()) gate.hold(LOAD_HOLD_MS, 'content');
      const onTilesAsked = (e: MapSourceDataEvent) => {
        if (e.sourceId !== VEHICLES_SOURCE || !e.tile) return;
        map.off('sourcedataloading', onTilesAsked);
        gate.hold(HOLD_MS);
      };
      map.on('sourcedataloading', onTilesAsked);
      stopLoadHold = () => map.off('sourcedataloading', onTilesAsked);
    }
    if (early) map.triggerRepaint();
    else addVehicleLayers(map, seed.length > 0 ? vehicleCollection(seed) : EMPTY);
    applied.current = seed.length > 0 ? diffVehicles(new Map(), seed).next : null;
    const clickable = [LAYER.points, LAYER.selectedIcon, LAYER.clusters];
    // One handler for the vehicle layers: a click on a vehicle drawn twice (the selected one) or on
    // vehicles on top of each other is one click.
    const onClick = (e: MapMouseEvent) => {
      // While the drawing tool listens (draw-tool.tsx marks the container), a click is a vertex of the
      // shape being drawn: it must not also open a vehicle or zoom into a cluster under it.
      if (!onSelectRef.current || map.getContainer().dataset.drawReady === 'true') return;
      const layers = clickable.filter((id) => map.getLayer(id));
      const features = map.queryRenderedFeatures(e.point, { layers });
      const cluster = features.find((f) => f.layer.id === LAYER.clusters);
      if (cluster) return void onCluster(cluster, e.point);
      const ids = [...new Set(features.map((f) => f.id).filter((id) => typeof id === 'number'))];
      // The selected vehicle is drawn on top: a click on it is for it.
      const selectedHit = features.find((f) => f.layer.id === LAYER.selectedIcon)?.id;
      if (typeof selectedHit === 'number') onSelectRef.current(selectedHit);
      // Vehicles drawn on top of each other: the list picks one.
      else if (ids.length > 1 && onSpotRef.current)
        onSpotRef.current({ ids, point: e.point, size: sizeOf() });
      else if (ids.length === 1) onSelectRef.current(ids[0]!);
    };
    const onCluster = async (clicked: MapGeoJSONFeature, point: Point) => {
      const found = await clusterContents(map, VEHICLES_SOURCE, LAYER.clusters, clicked, point);
      const geometry = found?.feature.geometry;
      if (!found || geometry?.type !== 'Point') return;
      const { zoom, leaves } = found;
      const target = Math.min(zoom + 0.5, map.getMaxZoom());
      if (onSpotRef.current && leaves.length > 0 && spreadPx(leaves, target) < SPOT_PX) {
        const ids = leaves.map((f) => f.id).filter((id): id is number => typeof id === 'number');
        onSpotRef.current({ ids, point, size: sizeOf() });
        return;
      }
      map.easeTo({ center: geometry.coordinates as [number, number], zoom: target });
    };
    /** How far apart (px) the vehicles would be drawn at `zoom`. */
    const spreadPx = (leaves: GeoJSON.Feature[], zoom: number) => {
      const points = leaves.flatMap((f) =>
        f.geometry.type === 'Point' ? [map.project(f.geometry.coordinates as [number, number])] : [],
      );
      const xs = points.map((p) => p.x);
      const ys = points.map((p) => p.y);
      const now = Math.hypot(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
      return now * 2 ** (zoom - map.getZoom());
    };
    const sizeOf = () => {
      const el = map.getContainer();
      return { width: el.clientWidth, height: el.clientHeight };
    };
    const closeSpot = () => onSpotRef.current?.(null);
    map.on('movestart', closeSpot);
    const pointer = () => {
      if (onSelectRef.current) map.getCanvas().style.cursor = 'pointer';
    };
    const unpointer = () => {
      map.getCanvas().style.cursor = '';
    };
    for (const layer of clickable) {
      map.on('mouseenter', layer, pointer);
      map.on('mouseleave', layer, unpointer);
    }
    map.on('click', onClick);
    return () => {
      for (const layer of clickable) {
        map.off('mouseenter', layer, pointer);
        map.off('mouseleave', layer, unpointer);
      }
      map.off('click', onClick);
      map.off('movestart', closeSpot);
      stopLoadHold();
      gate.dispose();
      removeOwned(map, Object.values(LAYER), [VEHICLES_SOURCE, SELECTED_SOURCE]);
    };
  }, [map, styleVersion, live]);

  // Data: throttled to one refresh a second; a diff when few vehicles changed, the whole set otherwise.
  const schedule = useRef<() => void>(() => {});
  useLayoutEffect(() => {
    const container = map.getContainer();
    let lastRun = -Infinity;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let refreshes = Number(container.dataset.vehicleUpdates ?? 0);
    let lastCounted = -Infinity;
    /** Vehicles in the source once the update in flight is painted (null: nothing waiting). */
    let awaiting: number | null = null;
    let sent = 0;
    /** When the update in flight was sent (null: none): the next waits for it to be painted. */
    let inFlightSince: number | null = null;
    /** Changes arrived while an update was in flight. */
    let dirty = false;
    // Drawn already in the boot shell (features/map/boot): that frame was the mark.
    let drawnMarked = container.dataset.vehiclesDrawn !== undefined;
    const gate = gateRef.current!;
    if (applied.current !== null) {
      // Seeded with the source: drawn once its tiles are painted, like an update just sent.
      const withFix = countWithFix([...applied.current.values()]);
      writeMetric(container, 'vehicleCount', withFix);
      if (withFix > 0) markMetric('vehicles-sent', withFix);
      awaiting = withFix;
      inFlightSince = lastRun = performance.now();
    }

    // The first frame painted after an update, with the source's tiles loaded: the update is on screen.
    const onRender = () => {
      if (awaiting === null || !map.isSourceLoaded(VEHICLES_SOURCE)) return;
      inFlightSince = null;
      refreshes += 1;
      writeMetric(container, 'vehiclesDrawn', awaiting);
      if (awaiting > 0 && !drawnMarked) {
        drawnMarked = true;
        markMetric('vehicles-drawn', awaiting);
      }
      writeMetric(container, 'vehicleUpdates', refreshes);
      awaiting = null;
      const now = performance.now();
      if (metricsOn && now - lastCounted >= COUNT_RENDERED_MS) {
        lastCounted = now;
        // Off the frame: counting is for tests, the frame is for the user.
        setTimeout(() => {
          if (map.getSource(VEHICLES_SOURCE)) writeMetric(container, 'vehiclesRendered', countRendered(map));
        }, 0);
      }
      // Changes that came in meanwhile go out now (or when a second has passed since the last send).
      if (dirty) schedule.current();
    };
    map.on('render', onRender);

    const run = () => {
      timer = undefined;
      // Back-pressure: while maplibre's worker is still on the previous update (clustering, then the
      // tiles), a new one would only cancel its tile reloads and cost frames; wait until it is painted.
      const now = performance.now();
      if (inFlightSince !== null && applied.current !== null && now - inFlightSince < STALLED_MS) {
        dirty = true;
        return;
      }
      const source = map.getSource<GeoJSONSource>(VEHICLES_SOURCE);
      if (!source) return;
      // Hidden (a recorded track plays in its place): the worker is left to that track; the fleet is
      // brought up to date once it is shown again (looked at once a refresh).
      const hidden =
        map.getLayer(LAYER.points) && map.getLayoutProperty(LAYER.points, 'visibility') === 'none';
      if (applied.current !== null && hidden) {
        dirty = true;
        timer = setTimeout(run, REFRESH_MS);
        return;
      }
      dirty = false;
      lastRun = now;
      const current = latest.current;
      const previous = applied.current;
      if (!previous && current.length === 0) {
        // Not seeded yet: the source starts empty, and an empty update in flight would hold back the
        // snapshot (maplibre's worker is busy with the base map's tiles at this point).
        writeMetric(container, 'vehicleCount', 0);
        return;
      }
      const diff = diffVehicles(previous ?? new Map(), current);
      if (previous && diff.changed.length === 0 && diff.removed.length === 0) return;
      const whole = !previous || diff.changed.length > current.length * SET_DATA_SHARE;
      const changes = whole ? null : sourceDiff(diff);
      applied.current = diff.next;
      if (changes && emptySourceDiff(changes)) return; // nothing the map shows changed
      if (current.length > 0 && (!previous || previous.size === 0))
        markMetric('vehicles-sent', current.length);
      gate.hold(HOLD_MS);
      const done = changes ? source.updateData(changes) : source.setData(vehicleCollection(current));
      const withFix = countWithFix(current);
      writeMetric(container, 'vehicleCount', withFix);
      const id = ++sent;
      inFlightSince = now;
      done.then(
        () => {
          // A later update replaced this one: its own promise reports.
          if (id !== sent) return;
          awaiting = withFix;
          // The source's tiles reload now; the render that shows them calls onRender.
          map.triggerRepaint();
        },
        () => {
          // The worker failed it (or the source went away): do not hold the next update back.
          if (id === sent) inFlightSince = null;
          gate.release();
        },
      );
    };
    schedule.current = () => {
      if (timer !== undefined) return;
      const wait = REFRESH_MS - (performance.now() - lastRun);
      if (wait <= 0 || applied.current === null) run();
      else timer = setTimeout(run, wait);
    };
    schedule.current();
    return () => {
      clearTimeout(timer);
      map.off('render', onRender);
      schedule.current = () => {};
    };
  }, [map, styleVersion]);

  // What to draw: the prop, or the live store read outside React render.
  useEffect(() => {
    if (!live) return;
    latest.current = useLiveStore.getState().vehicles;
    schedule.current();
    return useLiveStore.subscribe((s, prev) => {
      if (s.vehicles === prev.vehicles) return;
      latest.current = s.vehicles;
      schedule.current();
    });
  }, [live]);
  useEffect(() => {
    if (!vehicles) return;
    latest.current = vehicles;
    schedule.current();
  }, [vehicles]);

  // The selected vehicle: one feature, updated as it moves.
  useEffect(() => {
    const feature = selected ? vehicleFeature(selected) : null;
    map
      .getSource<GeoJSONSource>(SELECTED_SOURCE)
      ?.setData(feature ? { type: 'FeatureCollection', features: [feature] } : EMPTY);
  }, [map, styleVersion, selected]);

  return null;
}
