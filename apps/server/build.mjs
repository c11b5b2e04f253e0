#!/usr/bin/env node
// Compiles the server to one ES module, dist/main.js, which production runs with plain Node, and the
// command that moves an embedded database to PostgreSQL, dist/move-to-postgres.js (esbuild-options.mjs
// says how). The SQL migrations are copied beside them.
import { build } from 'esbuild';
import { serverBuildOptions } from './esbuild-options.mjs';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
rmSync(dist, { recursive: true, force: true });

await build({
  ...serverBuildOptions,
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(dist, 'main.js'),
});
// The command that moves an embedded database to PostgreSQL (README).
await build({
  ...serverBuildOptions,
  entryPoints: [path.join(here, 'src/move-to-postgres.ts')],
  outfile: path.join(dist, 'move-to-postgres.js'),
});
cpSync(path.join(here, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
console.log('server built: apps/server/dist/main.js, dist/move-to-postgres.js');
