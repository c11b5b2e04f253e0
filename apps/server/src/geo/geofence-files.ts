import {
  DEFAULT_CIRCLE_RADIUS_M,
  DEFAULT_CORRIDOR_WIDTH_M,
  geofenceCategories,
  type GeofenceCategory,
  type GeofenceFeatureCollection,
  type GeofenceRow,
} from '@pantau/contracts';
import { kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { checkGeofence, type FieldError, type GeofenceCheck } from './validate.js';

/** One feature of an imported file: what it was read as, and the check of that. */
export interface ImportedFeature {
  /** 1-based, in file order. */
  feature: number;
  draft: Record<string, unknown>;
  check: GeofenceCheck;
}
export interface ImportedFile {
  /** Why the whole file could not be read, or null. */
  fileError: string | null;
  features: ImportedFeature[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first property of `keys` that holds a non-empty string (or a number), trimmed. */
function prop(props: Json, ...keys: string[]): string | null {
  for (const key of keys) {
    const v = props[key];
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
    // togeojson keeps a KML description written in HTML as { '@type': 'html', value }.
    if (isObject(v) && typeof v.value === 'string' && v.value.trim() !== '') return v.value.trim();
  }
  return null;
}
const numberProp = (props: Json, key: string): number | null => {
  const v = props[key];
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};
const plainText = (html: string) =>
  html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/[ \t]+/g, ' ')
    .trim();
const clip = (s: string | null, max: number) => (s && s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** A code from a name: `Pool Cibitung` → `POOL-CIBITUNG`. */
export function codeFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[^0-9A-Za-z]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toUpperCase()
    .slice(0, 28)
    .replace(/-+$/, '');
}

/** A feature's geometry as one shape: single-part multi-geometries are unwrapped, others refused. */
function singleGeometry(g: unknown): { geometry: Json } | { error: string } {
  if (!isObject(g)) return { error: 'The feature has no geometry' };
  const type = g.type;
  if (type === 'Polygon' || type === 'LineString' || type === 'Point') return { geometry: g };
  const parts =
    type === 'GeometryCollection' ? g.geometries : String(type).startsWith('Multi') ? g.coordinates : null;
  if (!Array.isArray(parts)) return { error: `A ${String(type)} geometry cannot be imported` };
  if (parts.length !== 1)
    return { error: `A ${String(type)} of ${parts.length} parts: save each part as its own feature` };
  if (type === 'GeometryCollection') return singleGeometry(parts[0]);
  return { geometry: { type: String(type).slice('Multi'.length), coordinates: parts[0] } };
}

/** The geofence input a feature stands for (before the check). */
function draftOf(feature: unknown, category: GeofenceCategory): { draft: Json; error: FieldError | null } {
  const props = isObject(feature) && isObject(feature.properties) ? feature.properties : {};
  const name = clip(prop(props, 'polygonName', 'name', 'title', 'Name'), 100);
  const givenCategory = prop(props, 'category');
  const color = prop(props, 'color', 'fill', 'stroke');
  const description = prop(props, 'notes', 'description');
  const draft: Json = {
    polygonCode: prop(props, 'polygonCode', 'code'),
    polygonName: name,
    pantauPoiId: clip(prop(props, 'pantauPoiId'), 64),
    notes: clip(description ? plainText(description) : null, 500),
    category: geofenceCategories.find((c) => c === givenCategory) ?? category,
    icon: clip(prop(props, 'icon'), 40),
    color: color && /^#[0-9a-fA-F]{6}$/.test(color) ? color : null,
    notifyEnter: props.notifyEnter === true,
    notifyExit: props.notifyExit === true,
  };
  const single = singleGeometry(isObject(feature) ? feature.geometry : null);
  if ('error' in single) return { draft, error: { path: 'geometry', message: single.error } };
  const g = single.geometry;
  if (g.type === 'Point') {
    Object.assign(draft, {
      polygonType: 'circle',
      center: g.coordinates,
      radius: numberProp(props, 'radius') ?? DEFAULT_CIRCLE_RADIUS_M,
    });
  } else if (g.type === 'LineString') {
    Object.assign(draft, {
      polygonType: 'corridor',
      geometry: g,
      width: numberProp(props, 'width') ?? DEFAULT_CORRIDOR_WIDTH_M,
    });
  } else Object.assign(draft, { polygonType: 'polygon', geometry: g });
  return { draft, error: null };
}

/** Checks every feature; names a code when none is given; flags codes used twice in the file. */
function checkFeatures(features: readonly unknown[], category: GeofenceCategory): ImportedFeature[] {
  const drafts = features.map((f) => draftOf(f, category));
  // Codes compare ignoring case, as in the unit (`polygonsRepo.holdersOf`).
  const key = (code: string) => code.toLowerCase();
  const given = new Set(
    drafts.flatMap((d) => (typeof d.draft.polygonCode === 'string' ? [key(d.draft.polygonCode)] : [])),
  );
  const used = new Map<string, number>();
  return drafts.map(({ draft, error }, i) => {
    const feature = i + 1;
    if (draft.polygonCode === null) {
      const base = codeFromName(typeof draft.polygonName === 'string' ? draft.polygonName : '') || 'GEO';
      let code = base;
      for (let n = 2; given.has(key(code)) || used.has(key(code)); n++) code = `${base}-${n}`;
      draft.polygonCode = code;
    }
    const check: GeofenceCheck = error ? { ok: false, errors: [error] } : checkGeofence(draft);
    const code = String(draft.polygonCode);
    const first = used.get(key(code));
    if (first === undefined) used.set(key(code), feature);
    else {
      const duplicate = { path: 'polygonCode', message: `Code ${code} is also used by feature ${first}` };
      return { feature, draft, check: { ok: false, errors: [...(check.ok ? [] : check.errors), duplicate] } };
    }
    return { feature, draft, check };
  });
}

/** Reads a GeoJSON FeatureCollection (or a single Feature). */
export function readGeoJson(content: string, category: GeofenceCategory = 'other'): ImportedFile {
  let doc: unknown;
  try {
    doc = JSON.parse(content);
  } catch {
    return { fileError: 'The file is not valid JSON', features: [] };
  }
  if (isObject(doc) && doc.type === 'Feature') doc = { type: 'FeatureCollection', features: [doc] };
  if (!isObject(doc) || doc.type !== 'FeatureCollection' || !Array.isArray(doc.features))
    return { fileError: 'The file is not a GeoJSON FeatureCollection', features: [] };
  if (doc.features.length === 0) return { fileError: 'The file has no features', features: [] };
  return { fileError: null, features: checkFeatures(doc.features, category) };
}

/** Reads a KML document (Google Earth, Traccar): its Placemarks' Polygon, LineString and Point. */
export function readKml(content: string, category: GeofenceCategory = 'other'): ImportedFile {
  let fatal: string | null = null;
  let features: unknown[];
  try {
    const dom = new DOMParser({
      onError: (level, message) => {
        if (level === 'fatalError') fatal ??= message;
      },
    }).parseFromString(content, 'text/xml');
    if (fatal) throw new Error(fatal);
    if (dom.getElementsByTagName('kml').length === 0)
      return { fileError: 'The file is not KML', features: [] };
    features = kml(dom).features;
  } catch (e) {
    return { fileError: `The file is not valid XML: ${(e as Error).message.split('\n')[0]}`, features: [] };
  }
  if (features.length === 0) return { fileError: 'The file has no placemarks', features: [] };
  return { fileError: null, features: checkFeatures(features, category) };
}

/** Export: circles as their centre with `radius`, corridors as their line with `width` (import reads both). */
export function toGeoJson(rows: readonly GeofenceRow[]): GeofenceFeatureCollection {
  return {
    type: 'FeatureCollection',
    features: rows.map((g) => ({
      type: 'Feature',
      geometry: g.polygonType === 'circle' ? { type: 'Point', coordinates: g.center } : g.geometry,
      properties: {
        polygonCode: g.polygonCode,
        polygonName: g.polygonName,
        polygonType: g.polygonType,
        category: g.category,
        pantauPoiId: g.pantauPoiId,
        notes: g.notes,
        icon: g.icon,
        color: g.color,
        radius: g.radius,
        width: g.width,
        notifyEnter: g.notifyEnter,
        notifyExit: g.notifyExit,
      },
    })),
  };
}
