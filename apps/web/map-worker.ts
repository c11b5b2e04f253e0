import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformWithOxc, type Plugin } from 'vite';

/** The module the app imports for the worker's URL (src/map/map-view.tsx). */
const MAP_WORKER_URL_MODULE = 'virtual:map-worker-url';
const RESOLVED = `\0${MAP_WORKER_URL_MODULE}`;
// maplibre's package exports its built files only; its sources are beside them.
const maplibreSources = join(
  dirname(createRequire(import.meta.url).resolve('maplibre-gl/package.json')),
  'src',
);
/** In place of maplibre's MapLibre Tiles decoder, which the map's sources never need. */
const MLT_UNSUPPORTED = fileURLToPath(new URL('src/map/mlt-unsupported.ts', import.meta.url));
/** maplibre's worker module, the worker chunk's entry. */
export const mapWorkerEntry = join(maplibreSources, 'source', 'worker.ts');
/** The name of the worker's chunk (its file: assets/maplibre-gl-worker-<hash>.js). */
const WORKER_CHUNK = 'maplibre-gl-worker';

/**
 * maplibre built from its sources with the app, its worker a chunk of the same build (production):
 * what the page and the worker both run (styles, buckets, geometry, the style spec, ~0.5 MB) is one
 * shared chunk the worker imports, downloaded once, instead of being inside both of maplibre's
 * ready-made files (`dist/maplibre-gl.mjs` and `dist/maplibre-gl-worker.mjs`). `virtual:map-worker-url`
 * answers the worker chunk's URL; in development, the ready-made worker's.
 *
 * `<meta name="pantau-map-worker">` in index.html: the worker's URL, so that public/prefetch-snapshot.js
 * can fetch it while the app's code downloads; maplibre then takes that worker (`prewarmMap` in
 * src/map/map-view.tsx).
 */
export function mapWorker(): Plugin {
  let building = false;
  return {
    name: 'pantau-map-worker',
    config(_config, env) {
      building = env.command === 'build';
      // The page's maplibre from its sources too, so that the two share their modules.
      return building
        ? {
            resolve: {
              alias: [
                { find: /^maplibre-gl$/, replacement: join(maplibreSources, 'index.ts') },
                { find: /^@maplibre\/mlt$/, replacement: MLT_UNSUPPORTED },
              ],
            },
          }
        : {};
    },
    resolveId(id) {
      return id === MAP_WORKER_URL_MODULE ? RESOLVED : null;
    },
    // maplibre's sources are written for TypeScript's `useDefineForClassFields: false`: a field declared
    // without a value (a struct array's typed views) must not reset what the base class's constructor set.
    transform: {
      order: 'pre',
      filter: { id: /[\\/]maplibre-gl[\\/]src[\\/].*\.ts$/ },
      async handler(code, id) {
        const out = await transformWithOxc(code, id, {
          lang: 'ts',
          typescript: { removeClassFieldsWithoutInitializer: true },
          assumptions: { setPublicClassFields: true },
        });
        return { code: out.code, map: out.map ?? null };
      },
    },
    load(id) {
      if (id !== RESOLVED) return null;
      if (!building) return `export { default } from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';`;
      const ref = this.emitFile({ type: 'chunk', id: mapWorkerEntry, name: WORKER_CHUNK });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const worker = Object.keys(ctx.bundle ?? {}).find((f) =>
          new RegExp(`${WORKER_CHUNK}-[^/]*\\.m?js$`).test(f),
        );
        return worker
          ? [{ tag: 'meta', attrs: { name: 'pantau-map-worker', content: `/${worker}` }, injectTo: 'head' }]
          : [];
      },
    },
  };
}
