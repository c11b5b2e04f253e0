import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/client.js';
import { migrateWhenReachable } from './db/wait-for-database.js';
import { demoCredentials, hasDemoUsers, isDatabaseEmpty, seedDemo } from './db/seed/index.js';
import { startTrackerListeners } from './ingest/listeners.js';
import { createDemoSimulator } from './simulator/demo.js';
import type { Simulator } from './simulator/simulator.js';

/** PANTAU_JWT_SECRET, or a secret generated once into the data dir so tokens survive restarts. */
async function resolveJwtSecret(config: Config): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  const file = join(config.dataDir, 'jwt-secret');
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (existing.trim().length >= 32) return existing.trim();
  const secret = randomBytes(48).toString('base64url');
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

function banner(url: string, database: string, demo: boolean): string {
  const lines = ['', `  Pantau is running at ${url}`, `  Database: ${database}`];
  if (demo) {
    const w = Math.max(...demoCredentials.map((c) => c.username.length), 8);
    lines.push('', '  Demo sign-in (password for all):', `    ${'username'.padEnd(w)}  password  roles`);
    for (const c of demoCredentials) lines.push(`    ${c.username.padEnd(w)}  ${c.password}  ${c.roles}`);
  }
  lines.push('');
  return lines.join('\n');
}

async function main() {
  const started = Date.now();
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  config.jwtSecret = await resolveJwtSecret(config);

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({ config, db: database });
  let stopInput = async () => {};
  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await stopInput();
    await app.close();
    await database.close();
  });

  app.log.info(`database: ${database.description}; applying migrations`);
  await migrateWhenReachable(database, app.log);
  if (config.demo && (await isDatabaseEmpty(database.db))) {
    app.log.info('empty database: seeding the demo company');
    const seeded = await seedDemo(database.db);
    app.log.info(`demo seeded: ${seeded.vehicles} vehicles, ${seeded.events} events`);
  }
  const address = await app.listen({ port: config.port, host: config.host });
  const shown = address.replace('://0.0.0.0', '://localhost').replace('://[::]', '://localhost');
  process.stdout.write(banner(shown, database.description, await hasDemoUsers(database.db)));
  app.log.info(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // ── Tracker input: GT06 and OsmAnd ports, then the demo fleet (history first on a new database) ──
  const listeners = await startTrackerListeners({ pipeline: app.pipeline, logger: app.log, ...config });
  app.metrics.watchTrackerConnections(() => listeners.connections());
  let simulator: Simulator | null = null;
  stopInput = async () => {
    await simulator?.stop();
    await listeners.close();
  };
  if (config.simulator && (await hasDemoUsers(database.db))) {
    const demo = await createDemoSimulator({
      db: database.db,
      pipeline: app.pipeline,
      logger: app.log,
      matchWorkOrders: (ids) => app.workOrders.matcher.matchMany(ids),
      ...config,
    });
    simulator = demo.simulator;
    await demo.run();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`Pantau failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
