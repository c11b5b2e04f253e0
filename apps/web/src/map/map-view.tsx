import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { baseMap, preferOffline, TILE_ERROR_LIMIT } from './base-style';
import { installMapImages } from './canvas-images';
import { MapContext, type MapContextValue } from './map-context';

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
}

/**
 * Creates the MapLibre map once, gives it to its children through `useMap()`, follows its container's
 * size, and falls back to the built-in offline base map when the remote one cannot be loaded.
 */
export function MapView({ children, className, style, rtl = false, locale }: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState<MapContextValue | null>(null);
  const localeRef = useRef(locale);
  /** Set once the map is removed: `map.remove()` already took its controls off. */
  const removed = useRef(false);

  // Before the page paints (a layout effect): a passive effect would wait for that first frame, which
  // with software WebGL is ~0.1 s on the way to the vehicles.
  useLayoutEffect(() => {
    let cancelled = false;
    let map: maplibregl.Map | undefined;
    let observer: ResizeObserver | undefined;
    let removeImages: (() => void) | undefined;
    void baseMap().then((base) => {
      const el = container.current;
      if (cancelled || !el) return;
      let kind = base.kind;
      let styleVersion = 0;
      let tileErrors = 0;
      el.dataset.baseMap = kind;
      map = new maplibregl.Map({
        container: el,
        style: base.style,
        center: DEFAULT_CENTER,
        zoom: DEFAULT_ZOOM,
        attributionControl: { compact: true },
        dragRotate: false,
        pitchWithRotate: false,
        locale: localeRef.current,
        maxPitch: 0,
        // No symbol fade: a 300 ms fade after every placement change means ~10 extra frames for each
        // live refresh; without it a refresh is one frame (bench/map-bench.mjs, docs/performance.md).
        fadeDuration: 0,
      });
      const m = map;
      m.touchZoomRotate.disableRotation();
      removeImages = installMapImages(m);
      m.on('style.load', () => {
        if (styleVersion === 0) performance.mark('pantau:map-style-loaded');
        styleVersion += 1;
        el.dataset.baseMap = kind;
        setValue({ map: m, styleVersion, baseMap: kind });
      });
      // Tiles that keep failing (a network that lets the style through but not the tiles): go offline.
      m.on('error', (event) => {
        const { sourceId, tile } = event as unknown as { sourceId?: string; tile?: unknown };
        if (kind !== 'remote' || !sourceId || !tile) return;
        tileErrors += 1;
        if (tileErrors < TILE_ERROR_LIMIT) return;
        kind = 'offline';
        m.setStyle(preferOffline().style, { diff: false });
      });
      observer = new ResizeObserver(() => m.resize());
      observer.observe(el);
    });
    removed.current = false;
    return () => {
      cancelled = true;
      observer?.disconnect();
      removeImages?.();
      // On unmount this cleanup runs before the controls' one below, which must then leave them alone.
      removed.current = true;
      map?.remove();
      setValue(null);
    };
  }, []);

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
    // The canvas and its controls are laid out left-to-right whatever the page direction.
    <div ref={container} dir="ltr" className={className} style={style} data-testid="map-view">
      {value && <MapContext.Provider value={value}>{children}</MapContext.Provider>}
    </div>
  );
}
