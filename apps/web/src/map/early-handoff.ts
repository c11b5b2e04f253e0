import type { TrackingItem } from '@pantau/contracts';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { MapHandle } from './map-context';

/**
 * A map made before its page was rendered (the live map's boot, features/map/boot): its container now,
 * the map once made. The page's `MapView` with `adoptEarly` takes it instead of making one.
 */
export interface EarlyMap {
  el: HTMLDivElement;
  handle: Promise<MapHandle>;
  /** The page shows it now (its repaints were held while it was hidden). */
  shown(map: MapLibreMap): void;
}

/** What an early map's VehiclesLayer takes over: the vehicles source made with the map. */
export interface EarlyVehicles {
  /** The vehicles the source was created with. */
  vehicles: readonly TrackingItem[];
  /** A hidden frame has asked for the source's tiles already (false: the page's first frame will). */
  tilesAsked: boolean;
  /** Lets the map's repaints through again (without painting): the layer's own gate takes over. */
  release(): void;
}

let earlyMap: EarlyMap | undefined;
const earlyVehicles = new WeakMap<MapLibreMap, EarlyVehicles>();

/** Offers an early map to the next MapView that adopts one. */
export function offerEarlyMap(early: EarlyMap): void {
  earlyMap = early;
}

/** Takes back an offered map no MapView has adopted; false when one has. */
export function withdrawEarlyMap(early: EarlyMap): boolean {
  if (earlyMap !== early) return false;
  earlyMap = undefined;
  return true;
}

/** The offered map, once (MapView). */
export function takeEarlyMap(): EarlyMap | undefined {
  const early = earlyMap;
  earlyMap = undefined;
  return early;
}

/** Hands a map's vehicles source, made before any VehiclesLayer was mounted, to the layer. */
export function offerEarlyVehicles(map: MapLibreMap, vehicles: EarlyVehicles): void {
  earlyVehicles.set(map, vehicles);
}

/** Whether a map's vehicles source is waiting for its VehiclesLayer. */
export function hasEarlyVehicles(map: MapLibreMap): boolean {
  return earlyVehicles.has(map);
}

/** The vehicles source offered for the map, or undefined; answers once. The taker must `release()`. */
export function takeEarlyVehicles(map: MapLibreMap): EarlyVehicles | undefined {
  const early = earlyVehicles.get(map);
  earlyVehicles.delete(map);
  return early;
}
