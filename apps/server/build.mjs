#!/usr/bin/env node
// Compiles the server to one ES module, dist/main.js, which production runs with plain Node, and the
// command that moves an embedded database to PostgreSQL, dist/move-to-postgres.js. The workspace
// packages (contracts, protocols) are TypeScript and are compiled in; every other package stays an
// import of node_modules. The SQL migrations are copied beside them.
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
rmSync(dist, { recursive: true, force: true });

/** Bare imports other than our own workspaces are left to Node to resolve at run time. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@pantau/') ? undefined : { path: args.path, external: true },
    );
  },
};

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
};
await build({
  ...common,
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(dist, 'main.js'),
});
// The command that moves an embedded database to PostgreSQL (README).
await build({
  ...common,
  entryPoints: [path.join(here, 'src/move-to-postgres.ts')],
  outfile: path.join(dist, 'move-to-postgres.js'),
});
cpSync(path.join(here, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
console.log('server built: apps/server/dist/main.js, dist/move-to-postgres.js');
