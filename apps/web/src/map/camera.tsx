import type { TrackingItem } from '@pantau/contracts';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { useLiveStore } from '../lib/live/live-store';
import { useMap } from './map-context';
import { vehicleBounds } from './vehicle-features';

/** Fits the map to the vehicles with a fix; false when none has one. */
export function fitFleet(map: MapLibreMap, vehicles: readonly TrackingItem[]): boolean {
  const bounds = vehicleBounds(vehicles);
  if (!bounds) return false;
  map.fitBounds(bounds, { padding: 48, maxZoom: 11, duration: 0 });
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
