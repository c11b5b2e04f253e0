import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images and fonts in the build are already compressed or tiny. */
const COMPRESSIBLE = /\.(?:m?js|css|html|json|svg|txt|map)$/;
/** Below this a compressed copy saves less than the extra headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text file of the
 * build (production build), once, at build time: the server sends the one the browser accepts
 * (`@fastify/static` `preCompressed`), so no answer is compressed per request and the best (slowest)
 * settings cost nothing at run time. Files that already have an up-to-date copy are skipped, so a
 * second build into the same directory only compresses what it wrote.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'pantau-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files: string[] = [];
      const walk = async (dir: string) => {
        for (const entry of await readdir(dir, { withFileTypes: true })) {
          const path = join(dir, entry.name);
          if (entry.isDirectory()) await walk(path);
          else if (COMPRESSIBLE.test(entry.name)) files.push(path);
        }
      };
      await walk(outDir);
      await Promise.all(
        files.map(async (file) => {
          const info = await stat(file);
          if (info.size < MIN_BYTES) return;
          const done = await stat(`${file}.br`).catch(() => null);
          if (done && done.mtimeMs >= info.mtimeMs) return;
          const data = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(data, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              },
            }),
            gz(data, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
        }),
      );
    },
  };
}
