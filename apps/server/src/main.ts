import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/client.js';
import { advisoryLocks } from './db/locks.js';
import { migrateWhenReachable } from './db/wait-for-database.js';
import { createFirstAdministrator } from './db/seed/first-administrator.js';
import {
  demoCredentials,
  hasDemoUsers,
  isDatabaseEmpty,
  SAMPLE_EVENT_DAYS,
  seedDemo,
} from './db/seed/index.js';
import { startTrackerListeners } from './ingest/listeners.js';
import { resolveSigningSecret } from './modules/auth/signing-secret.js';
import { createLogger } from './plugins/server.js';
import { createDemoSimulator } from './simulator/demo.js';
import type { Simulator } from './simulator/simulator.js';

/** The secret an earlier version generated into the data dir, carried into the database once. */
const dataDirSecret = async (config: Config) =>
  (await readFile(join(config.dataDir, 'jwt-secret'), 'utf8').catch(() => '')).trim() || null;

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
  const log = createLogger(config);

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let app: FastifyInstance | null = null;
  let stopInput = async () => {};
  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) log.error({ err }, 'shutting down after an error');
    else log.info({ signal }, 'shutting down');
    await stopInput();
    await app?.close();
    await database.close();
  });

  // Several instances may start at once on one PostgreSQL: one migrates (and seeds) while the
  // others wait, and all of them sign with the secret the first one stored.
  log.info(`database: ${database.description}; applying migrations`);
  await migrateWhenReachable(database, log);
  if (config.demo)
    await database.exclusively(advisoryLocks.schema, async () => {
      if (!(await isDatabaseEmpty(database.db))) return;
      log.info('empty database: seeding the demo company');
      // A back-filled history as long as the sample events' three days has violations of its own tracks.
      const seeded = await seedDemo(database.db, {
        sampleEvents: !(config.simulator && config.backfillDays >= SAMPLE_EVENT_DAYS),
      });
      log.info(`demo seeded: ${seeded.vehicles} vehicles, ${seeded.events} events`);
    });
  const first = config.firstAdministrator;
  if (first)
    await database.exclusively(advisoryLocks.schema, async () => {
      if (await createFirstAdministrator(database.db, first))
        log.info(`first Administrator ${first.username} of unit ${first.unitName} created`);
    });
  config.jwtSecret = await resolveSigningSecret(database.db, {
    configured: config.jwtSecret,
    carried: await dataDirSecret(config),
  });

  const server = await buildApp({ config, db: database, logger: log });
  app = server;
  const address = await server.listen({ port: config.port, host: config.host });
  const shown = address.replace('://0.0.0.0', '://localhost').replace('://[::]', '://localhost');
  process.stdout.write(banner(shown, database.description, await hasDemoUsers(database.db)));
  log.info(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // ── Tracker input: GT06 and OsmAnd ports, then the demo fleet (history first on a new database) ──
  const listeners = await startTrackerListeners({ pipeline: server.pipeline, logger: log, ...config });
  server.metrics.watchTrackerConnections(() => listeners.connections());
  // The demo fleet drives from one instance: the one holding the singleton lock (db/singleton-lock.ts).
  let simulator: Simulator | null = null;
  let generation = 0;
  const stopDemo = async () => {
    generation++;
    const running = simulator;
    simulator = null;
    await running?.stop();
  };
  const runDemo = async () => {
    if (simulator) return;
    const mine = ++generation;
    const demo = await createDemoSimulator({
      db: database.db,
      pipeline: server.pipeline,
      logger: log,
      matchWorkOrders: (ids) => server.workOrders.matcher.matchMany(ids),
      ...config,
    });
    // The lock was lost (or the server is closing) while the fleet was being read.
    if (mine !== generation || !server.singletons.held) return;
    simulator = demo.simulator;
    await demo.run();
  };
  stopInput = async () => {
    await stopDemo();
    await listeners.close();
  };
  if (config.simulator && (await hasDemoUsers(database.db))) {
    const follow = (held: boolean) =>
      void (held ? runDemo() : stopDemo()).catch((err: unknown) =>
        log.error({ err }, 'demo simulator failed'),
      );
    server.singletons.onChange(follow);
    if (server.singletons.held) follow(true);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`Pantau failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
