#!/usr/bin/env node
// The server the browser tests drive: the built web app, a fresh embedded database with the demo
// seed, tracker listeners on ports of their own so a running dev server is left alone.
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// PANTAU_WEB_DIST and PANTAU_E2E_DATA let several checkouts' (or people's) runs share one machine.
const webDist = process.env.PANTAU_WEB_DIST ?? path.join(root, 'apps/web/dist');
if (!existsSync(path.join(webDist, 'index.html'))) {
  console.error(`${webDist} is missing: run \`npm run build\` first (npm test does).`);
  process.exit(1);
}
const dataDir = process.env.PANTAU_E2E_DATA ?? path.join(root, '.tmp', 'e2e-data');
rmSync(dataDir, { recursive: true, force: true });
const child = spawn('npm', ['run', 'start', '-w', '@pantau/server'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PANTAU_DATA_DIR: dataDir,
    PANTAU_WEB_DIST: webDist,
    PANTAU_DEMO: '1',
    GT06_PORT: process.env.GT06_PORT ?? '5123',
    OSMAND_PORT: process.env.OSMAND_PORT ?? '5155',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // One day of history (about 5 s) so every vehicle has a position and events from the start.
    PANTAU_BACKFILL_DAYS: process.env.PANTAU_BACKFILL_DAYS ?? '1',
  },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
