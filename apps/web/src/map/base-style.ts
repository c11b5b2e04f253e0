import type { StyleSpecification } from 'maplibre-gl';
import { offlineStyle } from './offline/offline-style';

export const DEFAULT_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';
/** `VITE_MAP_STYLE_URL` at build time; `offline` always uses the built-in map. */
export const STYLE_URL: string = import.meta.env.VITE_MAP_STYLE_URL || DEFAULT_STYLE_URL;
export const STYLE_TIMEOUT_MS = 3_000;
/** Tile errors after which the remote base map is given up for the offline one. */
export const TILE_ERROR_LIMIT = 8;

export type BaseMap = { kind: 'remote' | 'offline'; style: StyleSpecification };

function looksLikeStyle(value: unknown): value is StyleSpecification {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { version?: unknown }).version === 8 &&
    typeof (value as { sources?: unknown }).sources === 'object' &&
    Array.isArray((value as { layers?: unknown }).layers)
  );
}

/** Fetches the remote style with a short timeout; any failure gives the built-in offline map. */
export async function loadBaseMap(
  url = STYLE_URL,
  fetcher: typeof fetch = fetch,
  timeoutMs = STYLE_TIMEOUT_MS,
): Promise<BaseMap> {
  if (url === 'offline') return { kind: 'offline', style: offlineStyle() };
  try {
    const response = await fetcher(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`style ${response.status}`);
    const style: unknown = await response.json();
    if (!looksLikeStyle(style)) throw new Error('not a style');
    return { kind: 'remote', style };
  } catch {
    return { kind: 'offline', style: offlineStyle() };
  }
}

let decided: Promise<BaseMap> | undefined;
let preferred: 'default' | 'offline' = 'default';

/** The user's map style (their settings): `offline` always draws the built-in map; maps made later follow. */
export function setMapStylePreference(style: 'default' | 'offline'): void {
  if (style === preferred) return;
  preferred = style;
  decided = style === 'offline' ? Promise.resolve({ kind: 'offline', style: offlineStyle() }) : undefined;
}

/** Decided once per page load and shared by every map. */
export function baseMap(): Promise<BaseMap> {
  decided ??= loadBaseMap();
  return decided;
}

/** After tiles kept failing: later maps on this page start offline straight away. */
export function preferOffline(): BaseMap {
  const offline: BaseMap = { kind: 'offline', style: offlineStyle() };
  decided = Promise.resolve(offline);
  return offline;
}
