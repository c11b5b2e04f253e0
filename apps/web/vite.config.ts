import react from '@vitejs/plugin-react';
import type { CodeSplittingNameFunction } from 'rolldown';
import { fileURLToPath } from 'node:url';
import { antdStaticStyles } from './antd-static-styles';
import { antdStylesheetSplit } from './antd-stylesheet-split';
import { defineConfig } from 'vite';
import { reachableFrom } from './first-load-chunks';
import { lazyContracts } from './lazy-contracts';
import { mapWorker, mapWorkerEntry } from './map-worker';
import { precompress } from './precompress';
import { pageFilesMeta, preloadApp, textsMeta } from './preload-app';

const firstLoad = reachableFrom(
  ['src/app/main.tsx', 'src/app/app-root.tsx'].map((f) => fileURLToPath(new URL(f, import.meta.url))),
);
const inMapWorker = reachableFrom([mapWorkerEntry]);
/** What main.tsx runs before the app itself (app-root.tsx, imported dynamically): the boot. */
const inBoot = reachableFrom([fileURLToPath(new URL('src/app/main.tsx', import.meta.url))]);
/** A chunk group's name for the modules of the first load it matches; the others split as usual. */
const ofFirstLoad: (name: string) => CodeSplittingNameFunction = (name) => (id, ctx) =>
  firstLoad(id, ctx) ? name : null;

// In dev Vite serves the SPA and proxies /api (REST and the live WebSocket) to the server on :3000.
// The production build goes to dist/, which the server serves.
export default defineConfig({
  plugins: [
    react(),
    antdStaticStyles(),
    antdStylesheetSplit(),
    lazyContracts(),
    mapWorker(),
    preloadApp(),
    pageFilesMeta('src/features/dashboard/pages/dashboard-page.tsx', ['/', '/_app']),
    textsMeta(),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false, ws: true },
    },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // antd declares its code free of side effects; the packages it is made of (@rc-component/*, icons,
      // cssinjs) do not say, so a module of theirs stayed whenever anything imported it (all of
      // @rc-component/form, for antd's form context in every input). Any other module: its package.json.
      treeshake: {
        moduleSideEffects: (id: string) =>
          /[\\/]node_modules[\\/](?:antd|@rc-component|@ant-design)[\\/]/.test(id) && !id.endsWith('.css')
            ? false
            : undefined,
      },
      output: {
        // antd's chunks are split by the pages that use them (`entriesAware`); their generated names
        // list those pages, too long for a file name. So do their stylesheets'.
        chunkFileNames: (chunk) => `assets/${chunk.name.startsWith('antd~') ? 'antd' : '[name]'}-[hash].js`,
        assetFileNames: (asset) =>
          `assets/${asset.names.some((n) => n.startsWith('antd~')) ? 'antd' : '[name]'}-[hash][extname]`,
        codeSplitting: {
          // A group takes the modules its members import unless an earlier group has them: react and
          // the boot's libraries (maplibre, zod, i18next, dayjs …) come before antd, which imports some
          // of them, so that main.tsx's boot loads none of antd (the app, with antd, comes after).
          groups: [
            // What maplibre's worker runs and the page too: one chunk both import (map-worker.ts). What only
            // the worker runs stays in the worker's chunk.
            {
              name: (id, ctx) => (inMapWorker(id, ctx) && firstLoad(id, ctx) ? 'maplibre-shared' : null),
              test: /node_modules[\\/]/,
            },
            {
              name: ofFirstLoad('react'),
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
            // Not antd's stylesheet parts (antd-stylesheet-split.ts, in the cache directory): every style
            // module is reachable from the first load before tree-shaking, so this group would take all.
            {
              name: ofFirstLoad('vendor'),
              test: /node_modules[\\/](?!antd[\\/]|@ant-design[\\/]|@rc-component[\\/]|rc-[a-z-]+[\\/]|exceljs[\\/]|terra-draw|\.vite[\\/]antd-css[\\/])/,
            },
            // The app's own modules the boot runs (the API client, the stores, the map's vehicle layer …):
            // one chunk rather than one per module the app shares with it, ~14 files of 0.5–7 kB that
            // each waited for a connection of their own before the boot could start.
            {
              name: (id, ctx) => (inBoot(id, ctx) ? 'boot' : null),
              test: /[\\/](apps[\\/]web[\\/]src|packages[\\/]contracts)[\\/](?!.*\.css$)/,
            },
            // Its code only: antd/dist/antd.css (main.tsx) stays with the entry's styles, or the entry would
            // load this chunk for it.
            {
              name: 'antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[a-z-]+)[\\/](?!.*\.css$)/,
              entriesAware: true,
              entriesAwareMergeThreshold: 5_000,
            },
            // Loaded only when a user exports to Excel: kept out of the vendor chunk every page loads.
            { name: 'exceljs', test: /node_modules[\\/]exceljs[\\/]/ },
            // Loaded only when an Administrator draws a geofence (map/draw-tool.tsx).
            { name: 'terra-draw', test: /node_modules[\\/]terra-draw/ },
          ],
        },
      },
    },
  },
});
