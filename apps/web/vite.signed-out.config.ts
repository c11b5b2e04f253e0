import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appFilesMeta } from './app-files-meta';
import { lazyContracts } from './lazy-contracts';
import { precompress } from './precompress';

/**
 * The signed-out pages' own build (signed-out.html → dist/signed-out.html, after the app's build into
 * the same dist/): its chunks are split for these pages alone, so that they share none of the app's
 * chunk groups (vendor with maplibre, all of antd). `npm run build` runs both.
 */
export default defineConfig({
  plugins: [react(), appFilesMeta(), lazyContracts(), precompress()],
  publicDir: false,
  resolve: {
    // Only the signed-out pages' texts, in the page (lib/i18n.ts loads the app's by part).
    alias: [
      {
        find: /^\.\.\/locales\/texts$/,
        replacement: fileURLToPath(new URL('src/app/signed-out-texts.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    rolldownOptions: {
      input: { 'signed-out': 'signed-out.html' },
      // The contracts' modules only declare schemas: those these pages do not use are left out.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contracts[\\/]/.test(id) },
    },
  },
});
