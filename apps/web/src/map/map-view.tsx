import type { TFunction } from 'i18next';
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'virtual:map-worker-url';
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { markMetric, writeMetric } from '../lib/metrics';
import { baseMap, preferOffline, TILE_ERROR_LIMIT, type BaseMap } from './base-style';
import { installMapImages } from './canvas-images';
import { deferDetailLayers } from './detail-layers';
import { takeEarlyMap } from './early-handoff';
import { MapContext, type MapContextValue, type MapHandle } from './map-context';
import { skipRepeatedPlacementFrames } from './placement-frames';
import { skipTransparentSky } from './transparent-sky';

export type { MapHandle } from './map-context';

maplibregl.setWorkerUrl(workerUrl);

/**
 * Starts maplibre's worker and decides the base map now, before any map exists: for a page that is
 * about to show one (called at boot). Otherwise the worker is created with the first map, and its
 * script (~0.5 MB) is fetched and compiled while the vehicles wait to be clustered: ~0.2 s at 10,000
 * vehicles (bench/map-bench.mjs, docs/performance.md).
 */
export function prewarmMap(): void {
  maplibregl.prewarm();
  void baseMap();
}

/** The built-in controls' labels (maplibre's UI strings) in the user's language. */
export const mapControlsLocale = (t: TFunction<'map'>): Record<string, string> => ({
  'NavigationControl.ZoomIn': t('controls.zoomIn'),
  'NavigationControl.ZoomOut': t('controls.zoomOut'),
});

/** Java's toll corridor, where the fleet drives, until the vehicles say otherwise. */
export const DEFAULT_CENTER: [number, number] = [108.6, -6.8];
export const DEFAULT_ZOOM = 6.2;

interface MapViewProps {
  children?: ReactNode;
  className?: string;
  style?: CSSProperties;
  /** Controls sit on the inline end: the right in LTR, the left in RTL. */
  rtl?: boolean;
  /** Labels of the built-in controls (zoom in/out, compass) in the user's language. */
  locale?: Record<string, string>;
  /** Takes the map started at boot for this page (early-handoff.ts) when there is one. */
  adoptEarly?: boolean;
}

/** The map container: left-to-right whatever the page direction (the canvas and its controls). */
export function createMapContainer(): HTMLDivElement {
  const el = document.createElement('div');
  el.dir = 'ltr';
  return el;
}

const DETAIL_AT_LATEST_MS = 3000;

/**
 * Creates a MapLibre map in `el` on the given base map, and falls back to the built-in offline base
 * map when the remote one's tiles keep failing.
 */
export function createMap(el: HTMLDivElement, base: BaseMap, locale?: Record<string, string>): MapHandle {
  let kind = base.kind;
  let styleVersion = 0;
  let tileErrors = 0;
  el.dataset.baseMap = kind;
  const { style, addDetail } = deferDetailLayers(base.style);
  const map = new maplibregl.Map({
    container: el,
    style,
    center: DEFAULT_CENTER,
    zoom: DEFAULT_ZOOM,
    attributionControl: { compact: true },
    dragRotate: false,
    pitchWithRotate: false,
    locale,
    maxPitch: 0,
    // No symbol fade: a 300 ms fade after every placement change means ~10 extra frames for each
    // live refresh; without it a refresh is one frame (bench/map-bench.mjs, docs/performance.md).
    fadeDuration: 0,
  });
  const handle: MapHandle = { map, value: null, onChange: null };
  map.touchZoomRotate.disableRotation();
  skipRepeatedPlacementFrames(map);
  skipTransparentSky(map);
  if (addDetail) {
    // Once the first frame is complete (or after a few seconds of a map that never settles).
    let added = false;
    const add = () => {
      if (added || styleVersion !== 1) return;
      added = true;
      addDetail(map);
    };
    map.once('idle', add);
    setTimeout(add, DETAIL_AT_LATEST_MS);
    handle.addDetail = add;
  }
  const removeImages = installMapImages(map);
  map.once('remove', removeImages);
  map.on('style.load', () => {
    if (styleVersion === 0) markMetric('map-style-loaded');
    styleVersion += 1;
    el.dataset.baseMap = kind;
    handle.value = { map, styleVersion, baseMap: kind };
    handle.onChange?.(handle.value);
  });
  // Tiles that keep failing (a network that lets the style through but not the tiles): go offline.
  map.on('error', (event) => {
    const { sourceId, tile } = event as unknown as { sourceId?: string; tile?: unknown };
    if (kind !== 'remote' || !sourceId || !tile) return;
    tileErrors += 1;
    if (tileErrors < TILE_ERROR_LIMIT) return;
    kind = 'offline';
    map.setStyle(preferOffline().style, { diff: false });
  });
  return handle;
}

/**
 * Creates the MapLibre map once (or takes the one started at boot) and gives it to its children
 * through `useMap()`. maplibre follows its container's size itself (`trackResize`, a ResizeObserver).
 */
export function MapView({
  children,
  className,
  style,
  rtl = false,
  locale,
  adoptEarly = false,
}: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState<MapContextValue | null>(null);
  const localeRef = useRef(locale);
  /** Set once the map is removed: `map.remove()` already took its controls off. */
  const removed = useRef(false);

  // Before the page paints (a layout effect): a passive effect would wait for that first frame, which
  // with software WebGL is ~0.1 s on the way to the vehicles.
  useLayoutEffect(() => {
    const outer = container.current!;
    let cancelled = false;
    let handle: MapHandle | undefined;
    const early = adoptEarly ? takeEarlyMap() : undefined;
    const el = early?.el ?? createMapContainer();
    el.style.cssText = 'width:100%;height:100%';
    // Tests and bench/map-bench.mjs find the map by this (not the boot's map before the page took it).
    el.dataset.testid = 'map-view';
    if (early) writeMetric(el, 'startedEarly', true);
    outer.appendChild(el);
    const made =
      early?.handle ??
      baseMap().then((base) => (cancelled ? undefined : createMap(el, base, localeRef.current)));
    void made.then((h) => {
      if (!h) return;
      if (cancelled) {
        h.map.remove();
        return;
      }
      handle = h;
      early?.shown(h.map);
      h.onChange = setValue;
      if (h.value) setValue(h.value);
    });
    removed.current = false;
    return () => {
      cancelled = true;
      // On unmount this cleanup runs before the controls' one below, which must then leave them alone.
      removed.current = true;
      if (handle) {
        handle.onChange = null;
        handle.map.remove();
      }
      el.remove();
      setValue(null);
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  // Built-in controls on the inline-end side.
  useEffect(() => {
    if (!value) return;
    const nav = new maplibregl.NavigationControl({ showCompass: false });
    const scale = new maplibregl.ScaleControl({ unit: 'metric' });
    value.map.addControl(nav, rtl ? 'top-left' : 'top-right');
    value.map.addControl(scale, rtl ? 'bottom-right' : 'bottom-left');
    return () => {
      if (removed.current) return;
      value.map.removeControl(nav);
      value.map.removeControl(scale);
    };
  }, [value?.map, rtl]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div ref={container} className={className} style={style}>
      {value && <MapContext.Provider value={value}>{children}</MapContext.Provider>}
    </div>
  );
}
