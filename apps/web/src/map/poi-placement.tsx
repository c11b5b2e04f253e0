import type { LngLat } from '@pantau/contracts';
import * as maplibregl from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { useMap } from './map-context';

interface PoiPlacementProps {
  /** Where the pin is; null until the first click places it. */
  position: LngLat | null;
  /** A click on the map, or the pin dragged and dropped. */
  onPlace: (position: LngLat) => void;
}

/**
 * Places one point: a click on the map puts the pin there, and the pin can be dragged. While it listens,
 * `data-poi-placing` is on the map container. Renders nothing.
 */
export function PoiPlacement({ position, onPlace }: PoiPlacementProps) {
  const { map } = useMap();
  const onPlaceRef = useRef(onPlace);
  useEffect(() => {
    onPlaceRef.current = onPlace;
  });
  const pin = useRef<maplibregl.Marker | null>(null);

  useEffect(() => {
    const container = map.getContainer();
    const canvas = map.getCanvas();
    const onClick = (e: maplibregl.MapMouseEvent) => onPlaceRef.current([e.lngLat.lng, e.lngLat.lat]);
    map.on('click', onClick);
    canvas.style.cursor = 'crosshair';
    container.dataset.poiPlacing = 'true';
    return () => {
      map.off('click', onClick);
      canvas.style.cursor = '';
      delete container.dataset.poiPlacing;
      pin.current?.remove();
      pin.current = null;
    };
  }, [map]);

  useEffect(() => {
    if (!position) return;
    if (!pin.current) {
      const marker = new maplibregl.Marker({ draggable: true, color: '#1677ff' });
      marker.getElement().dataset.testid = 'poi-pin';
      marker.on('dragend', () => {
        const at = marker.getLngLat();
        onPlaceRef.current([at.lng, at.lat]);
      });
      pin.current = marker.setLngLat(position).addTo(map);
    } else pin.current.setLngLat(position);
  }, [map, position]);

  return null;
}
