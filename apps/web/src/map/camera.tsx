import type { TrackingItem } from '@pantau/contracts';
import type { Map as MapLibreMap, PaddingOptions } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { useLiveStore } from '../lib/live/live-store';
import { useMap } from './map-context';
import { vehicleBounds } from './vehicle-features';

/** Room kept between the fleet and the map's edge or an overlay, px. */
export const FIT_MARGIN = 24;
/** Padding for a map whose overlays are not drawn yet (a map started at boot): the page's legend and count at the top, the zoom and distance buttons at the end. */
const BEFORE_OVERLAYS = { top: 96, right: 72, bottom: 40, left: 40 } satisfies PaddingOptions;

type Side = 'top' | 'right' | 'bottom' | 'left';
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The padding that keeps fitted content clear of overlays: each overlay counts at the edge it hugs
 * (the one it reaches least far in from), the widest at each edge wins, plus a margin. Together the
 * paddings never take more than 60 % of the map's width or height.
 */
export function overlayPadding(
  map: Box,
  overlays: readonly Box[],
  margin = FIT_MARGIN,
): Required<PaddingOptions> {
  const pad: Record<Side, number> = { top: 0, right: 0, bottom: 0, left: 0 };
  for (const o of overlays) {
    if (o.right <= map.left || o.left >= map.right || o.bottom <= map.top || o.top >= map.bottom) continue;
    if (o.right - o.left <= 0 || o.bottom - o.top <= 0) continue;
    const into: Record<Side, number> = {
      top: o.bottom - map.top,
      bottom: map.bottom - o.top,
      left: o.right - map.left,
      right: map.right - o.left,
    };
    const side = (['top', 'right', 'bottom', 'left'] as const).reduce((a, b) => (into[b] < into[a] ? b : a));
    pad[side] = Math.max(pad[side], into[side]);
  }
  const fit = (a: number, b: number, room: number) => {
    const total = a + b + 2 * margin;
    const k = total > room * 0.6 ? (room * 0.6) / total : 1;
    return [Math.round((a + margin) * k), Math.round((b + margin) * k)] as const;
  };
  const [top, bottom] = fit(pad.top, pad.bottom, map.bottom - map.top);
  const [left, right] = fit(pad.left, pad.right, map.right - map.left);
  return { top, right, bottom, left };
}

/**
 * The padding that keeps the fleet clear of what is drawn over the map: its own controls, and the
 * page's overlays marked `data-map-overlay` in its stage (`data-map-stage`: the legend and the count on
 * /map, the distance button).
 */
export function mapOverlayPadding(container: HTMLElement): PaddingOptions {
  const stage = container.closest('[data-map-stage]') ?? container.parentElement ?? container;
  const overlays = [
    ...stage.querySelectorAll('[data-map-overlay]'),
    ...container.querySelectorAll('.maplibregl-ctrl'),
  ].map((el) => el.getBoundingClientRect());
  const box = container.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return BEFORE_OVERLAYS;
  if (overlays.length === 0) {
    const k = Math.min(1, (box.height * 0.6) / (BEFORE_OVERLAYS.top + BEFORE_OVERLAYS.bottom));
    return { ...BEFORE_OVERLAYS, top: BEFORE_OVERLAYS.top * k, bottom: BEFORE_OVERLAYS.bottom * k };
  }
  return overlayPadding(box, overlays);
}

/** Fits the map to the vehicles with a fix, clear of the overlays; false when none has one. */
export function fitFleet(map: MapLibreMap, vehicles: readonly TrackingItem[]): boolean {
  const bounds = vehicleBounds(vehicles);
  if (!bounds) return false;
  map.fitBounds(bounds, { padding: mapOverlayPadding(map.getContainer()), maxZoom: 11, duration: 0 });
  return true;
}

/**
 * Fits the map to the fleet once, when vehicles first arrive. Without `vehicles`, to the live store's
 * fleet (read outside React render). Renders nothing.
 */
export function FitFleetOnce({ vehicles, skip }: { vehicles?: readonly TrackingItem[]; skip?: boolean }) {
  const { map } = useMap();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || skip) return;
    const fit = (list: readonly TrackingItem[]) => (done.current = fitFleet(map, list));
    if (vehicles) {
      fit(vehicles);
      return;
    }
    // The whole fleet once the snapshot is in, not the first few vehicles a live message brought.
    const now = useLiveStore.getState();
    if (now.seeded && fit(now.vehicles)) return;
    const off = useLiveStore.subscribe((s) => {
      if (s.seeded && fit(s.vehicles)) off();
    });
    return off;
  }, [map, vehicles, skip]);
  return null;
}

/**
 * Brings the selected vehicle into view when it is chosen, and with `follow` keeps easing the camera
 * to it as it moves. Renders nothing.
 */
export function FocusVehicle({
  vehicle,
  follow,
}: {
  vehicle: TrackingItem | null | undefined;
  follow: boolean;
}) {
  const { map } = useMap();
  const id = vehicle?.kendaraanId;
  const lat = vehicle?.lat ?? null;
  const lon = vehicle?.lon ?? null;
  const focusedId = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (id === undefined || lat === null || lon === null) return;
    const first = focusedId.current !== id;
    if (!first && !follow) return;
    focusedId.current = id;
    if (first) map.flyTo({ center: [lon, lat], zoom: Math.max(map.getZoom(), 13), duration: 800 });
    else map.easeTo({ center: [lon, lat], duration: 600 });
  }, [map, id, lat, lon, follow]);
  useEffect(() => {
    if (id === undefined) focusedId.current = undefined;
  }, [id]);
  return null;
}
