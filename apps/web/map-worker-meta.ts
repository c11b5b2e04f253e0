import type { Plugin } from 'vite';

/**
 * `<meta name="pantau-map-worker">` in index.html (production build): the hashed URL of maplibre's worker
 * script, so that public/prefetch-snapshot.js can start the worker (its thread and its 0.5 MB compile)
 * while the app's code downloads; maplibre then takes that worker (`prewarmMap` in src/map/map-view.tsx).
 */
export function mapWorkerMeta(): Plugin {
  return {
    name: 'pantau-map-worker-meta',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const worker = Object.keys(ctx.bundle ?? {}).find((f) => /maplibre-gl-worker-[^/]*\.mjs$/.test(f));
        return worker
          ? [{ tag: 'meta', attrs: { name: 'pantau-map-worker', content: `/${worker}` }, injectTo: 'head' }]
          : [];
      },
    },
  };
}
