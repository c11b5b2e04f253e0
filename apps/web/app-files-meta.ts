import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * `<meta name="pantau-app-files">` in signed-out.html (the signed-out pages' build, after the app's): the
 * JS and CSS the app's index.html loads (its scripts, preloads, styles and maplibre's worker), read from
 * the app's build in the same dist/. The sign-in page prefetches them once the visitor starts typing, so
 * that signing in opens the app from the cache instead of downloading it then.
 */
export function appFilesMeta(): Plugin {
  let outDir = 'dist';
  return {
    name: 'pantau-app-files-meta',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        const html = readFileSync(resolve(outDir, 'index.html'), 'utf8');
        // A meta's content may list several files (the dashboard's, pageFilesMeta in preload-app.ts).
        const files = [
          ...new Set(
            [...html.matchAll(/(?:src|href|content)="(\/assets\/[^"]+)"/g)]
              .flatMap((m) => m[1]!.split(' '))
              .filter((f) => /^\/assets\/\S+\.(?:m?js|css)$/.test(f)),
          ),
        ];
        return [
          { tag: 'meta', attrs: { name: 'pantau-app-files', content: files.join(' ') }, injectTo: 'head' },
        ];
      },
    },
  };
}
