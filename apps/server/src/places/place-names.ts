import CheapRuler from 'cheap-ruler';
import type { PlaceRef } from '@pantau/contracts';
import { knownSites, type Site } from './sites.js';
import { tollRoads, type TollRoad } from './toll-roads.js';
import { knownTowns } from './towns.js';

/**
 * The place-naming service: one answer, for every screen, to "where is this position?" — the
 * tracking snapshot and live updates, the vehicle drawer, tables, the shared live-location page and
 * events and notifications all name places here. `at` a site only inside its radius; else on a toll
 * road within ROAD_SNAP_KM of its line; else `near` the nearest site, town or city, with the distance.
 */

// One ruler for the region (Java lies within a few degrees of 6.5° S), accurate to well under 1 %.
const ruler = new CheapRuler(-6.5, 'kilometers');

/** A position this close to a toll road's line (km) is on it: the lines are approximate. */
export const ROAD_SNAP_KM = 0.5;

/** Distance in km between two points (cheap-ruler, accurate near Java). */
export const distanceKm = (lat1: number, lon1: number, lat2: number, lon2: number) =>
  ruler.distance([lon1, lat1], [lon2, lat2]);

interface Road {
  name: string;
  line: [number, number][];
  /** KM post at each vertex, or null for a road without KM posts. */
  kms: number[] | null;
  bbox: [minLon: number, minLat: number, maxLon: number, maxLat: number];
}

/** KM at every vertex: known posts, measured along the line between and after them. */
function kmPosts(road: TollRoad, line: [number, number][]): number[] | null {
  const along = [0];
  for (let i = 1; i < line.length; i++) along.push(along[i - 1]! + ruler.distance(line[i - 1]!, line[i]!));
  const known = road.vertices.flatMap((v, i) => (v[2] === undefined ? [] : [i]));
  if (known.length === 0) return null;
  return along.map((d, i) => {
    const after = known.find((k) => k >= i);
    const before = [...known].reverse().find((k) => k <= i);
    if (before !== undefined && after !== undefined && after !== before) {
      const [a, b] = [road.vertices[before]![2]!, road.vertices[after]![2]!];
      return a + ((b - a) * (d - along[before]!)) / (along[after]! - along[before]!);
    }
    if (before !== undefined) return road.vertices[before]![2]! + (d - along[before]!);
    return road.vertices[after!]![2]! - (along[after!]! - d);
  });
}

const roads: Road[] = tollRoads.map((r) => {
  const line = r.vertices.map(([lat, lon]) => [lon, lat] as [number, number]);
  const lons = line.map((p) => p[0]);
  const lats = line.map((p) => p[1]);
  return {
    name: r.name,
    line,
    kms: kmPosts(r, line),
    bbox: [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)],
  };
});

/** Degrees of margin around a road's box: more than ROAD_SNAP_KM anywhere near Java. */
const BBOX_MARGIN_DEG = 0.01;

function onRoad(lat: number, lon: number): { road: Road; km: number | null } | null {
  let best: { road: Road; km: number | null } | null = null;
  let bestKm = ROAD_SNAP_KM;
  for (const road of roads) {
    const [x0, y0, x1, y1] = road.bbox;
    if (lon < x0 - BBOX_MARGIN_DEG || lon > x1 + BBOX_MARGIN_DEG) continue;
    if (lat < y0 - BBOX_MARGIN_DEG || lat > y1 + BBOX_MARGIN_DEG) continue;
    const hit = ruler.pointOnLine(road.line, [lon, lat]);
    const off = ruler.distance(hit.point, [lon, lat]);
    if (off > bestKm) continue;
    bestKm = off;
    const kms = road.kms;
    best = {
      road,
      km: kms ? kms[hit.index]! + (kms[hit.index + 1]! - kms[hit.index]!) * hit.t : null,
    };
  }
  return best;
}

/** Above this speed (km/h) a vehicle inside a rest area is passing it on the toll road, not at it. */
export const PASSING_KMH = 30;

function insideSite(lat: number, lon: number, passing: boolean): Site | null {
  let best: Site | null = null;
  let bestKm = Infinity;
  for (const s of knownSites) {
    if (passing && s.kind === 'rest_area') continue;
    // Cheap reject: 0.01° is over 1 km, more than any site's radius.
    if (Math.abs(s.lat - lat) > 0.01 || Math.abs(s.lon - lon) > 0.01) continue;
    const km = distanceKm(lat, lon, s.lat, s.lon);
    if (km * 1000 <= s.radiusM && km < bestKm) {
      best = s;
      bestKm = km;
    }
  }
  return best;
}

/** Sites name a position "near" them only this close (km); farther, the nearest town reads better. */
export const NEAR_SITE_KM = 5;

function nearest(lat: number, lon: number): { name: string; km: number } {
  let name = knownTowns[0]!.name;
  let bestKm = Infinity;
  for (const p of knownTowns) {
    const km = distanceKm(lat, lon, p.lat, p.lon);
    if (km < bestKm) {
      bestKm = km;
      name = p.name;
    }
  }
  for (const p of knownSites) {
    const km = distanceKm(lat, lon, p.lat, p.lon);
    if (km < bestKm && km <= NEAR_SITE_KM) {
      bestKm = km;
      name = p.name;
    }
  }
  return { name, km: bestKm };
}

/** 0.1 km steps under 10 km (never 0), whole km beyond. */
const roundKm = (km: number) => (km < 9.95 ? Math.max(0.1, Math.round(km * 10) / 10) : Math.round(km));

function computePlace(lat: number, lon: number, passing: boolean): PlaceRef {
  const site = insideSite(lat, lon, passing);
  if (site) return { kind: 'at', name: site.name, distanceKm: null, km: null };
  const road = onRoad(lat, lon);
  if (road)
    return {
      kind: 'road',
      name: road.road.name,
      distanceKm: null,
      km: road.km === null ? null : Math.max(0, Math.round(road.km)),
    };
  const near = nearest(lat, lon);
  return { kind: 'near', name: near.name, distanceKm: roundKm(near.km), km: null };
}

/** Answers for positions seen lately (parked vehicles ask again and again), keyed to ~10 m. */
const cache = new Map<string, PlaceRef>();
const CACHE_SIZE = 20_000;

/** Where a position is (see the module comment); `speedKmh` tells a vehicle passing a rest area from one in it. */
export function placeOf(lat: number, lon: number, speedKmh = 0): PlaceRef {
  const passing = speedKmh >= PASSING_KMH;
  const key = `${lat.toFixed(4)},${lon.toFixed(4)}${passing ? '>' : ''}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const place = computePlace(lat, lon, passing);
  if (cache.size >= CACHE_SIZE) cache.clear();
  cache.set(key, place);
  return place;
}

/** The place in English words, for the `location` text of API answers, events and exports. */
export function placeText(place: PlaceRef): string {
  switch (place.kind) {
    case 'at':
      return `at ${place.name}`;
    case 'road':
      return place.km === null ? place.name : `${place.name} KM ~${place.km}`;
    case 'near':
      return `near ${place.name}, ${place.distanceKm} km`;
  }
}

const idNumbers = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 1 });

/** The place in the words of `language` (as the web words it), for exports. */
export function placeWords(place: PlaceRef, language: 'en' | 'id'): string {
  if (language === 'en') return placeText(place);
  switch (place.kind) {
    case 'at':
      return `di ${place.name}`;
    case 'road':
      return place.km === null ? place.name : `${place.name} KM ~${idNumbers.format(place.km)}`;
    case 'near':
      return `dekat ${place.name}, ${idNumbers.format(place.distanceKm ?? 0)} km`;
  }
}

/**
 * Where an event happened: in `geofence` when it began inside one, else the place of its position
 * (an over-speed at its top speed, so a rest area it sped past is only "near").
 */
export function eventPlace(
  e: { kind: string; lat: number | null; lon: number | null; maxValue: number | null },
  geofence: string | null,
): PlaceRef | null {
  if (geofence) return { kind: 'at', name: geofence, distanceKm: null, km: null };
  if (e.lat === null || e.lon === null) return null;
  return placeOf(e.lat, e.lon, e.kind === 'overspeed' ? (e.maxValue ?? 0) : 0);
}

/** Place and text of a position, or nulls without one. */
export function placeAndText(
  lat: number | null,
  lon: number | null,
  speedKmh = 0,
): { place: PlaceRef | null; location: string | null } {
  if (lat === null || lon === null) return { place: null, location: null };
  const place = placeOf(lat, lon, speedKmh);
  return { place, location: placeText(place) };
}
