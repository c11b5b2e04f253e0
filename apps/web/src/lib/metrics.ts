/**
 * Load and refresh figures for the browser tests and the map bench: `performance` marks named
 * `pantau:<name>` and data attributes on the map's container (vehicles drawn, refreshes painted, …).
 * Off for users: on only in unit tests and where localStorage holds `METRICS_STORAGE_KEY` = '1'
 * (the e2e config's storage state and bench/map-bench.mjs set it), read once at start.
 */
export const METRICS_STORAGE_KEY = 'pantau.metrics';

function readFlag(): boolean {
  if (import.meta.env.MODE === 'test') return true;
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(METRICS_STORAGE_KEY) === '1';
  } catch {
    return false; // storage blocked: no figures
  }
}

export const metricsOn = readFlag();

/** `performance.mark('pantau:<name>')`, when figures are on. */
export function markMetric(name: string, detail?: number): void {
  if (metricsOn) performance.mark(`pantau:${name}`, { detail });
}

/** Writes `data-<key>` on `el`, when figures are on. */
export function writeMetric(el: HTMLElement, key: string, value: string | number | boolean): void {
  if (metricsOn) el.dataset[key] = String(value);
}
