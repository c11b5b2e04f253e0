/**
 * The server the ingestion bench measures: the real app (buildApp: pipeline, rules, live hub) on
 * `database`, with a GT06 listener on 127.0.0.1. bench/ingest.ts runs one in its own process and, with
 * `--instances=2`, a second one in a child process (run as a script: this file) on the same PostgreSQL.
 */
import { tmpdir } from 'node:os';
import { pino } from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { createGt06Server } from '../apps/server/src/ingest/gt06-server.js';

export async function startBenchServer(database: Database, dataDir: string) {
  const config = {
    // PANTAU_METRICS_TOKEN=… measures the server counting its metrics, as a scraped install does.
    ...loadConfig({
      PANTAU_DATA_DIR: dataDir,
      PANTAU_DEMO: '0',
      PANTAU_METRICS_TOKEN: process.env.PANTAU_METRICS_TOKEN,
    }),
    jwtSecret: 'bench-secret-bench-secret-bench-secret-0123',
  };
  const logger = pino({ level: 'warn' });
  // BENCH_BATCH_ROWS / BENCH_BATCH_CONCURRENCY try other batch sizes than the pipeline's defaults.
  const batch = {
    ...(process.env.BENCH_BATCH_ROWS ? { maxRows: Number(process.env.BENCH_BATCH_ROWS) } : {}),
    ...(process.env.BENCH_BATCH_CONCURRENCY
      ? { concurrency: Number(process.env.BENCH_BATCH_CONCURRENCY) }
      : {}),
  };
  const app = await buildApp({ config, db: database, logger, telemetry: { batch } });
  await app.ready();
  const gt06 = createGt06Server({ pipeline: app.pipeline, logger: app.log });
  const { port } = await gt06.listen(0, '127.0.0.1');
  return {
    app,
    port,
    async close() {
      await gt06.close(1000);
      await app.close();
    },
  };
}

// As a script: a second instance on BENCH_DATABASE_URL. Prints `{ port }` when listening; on SIGTERM
// it stops and prints the CPU it used since (ms).
if (import.meta.url === `file://${process.argv[1]}`) {
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir: tmpdir() });
  const server = await startBenchServer(database, tmpdir());
  const cpuBefore = process.cpuUsage();
  process.stdout.write(`${JSON.stringify({ port: server.port })}\n`);
  process.once('SIGTERM', () => {
    const cpu = process.cpuUsage(cpuBefore);
    void server
      .close()
      .then(() => database.close())
      .finally(() => {
        process.stdout.write(`${JSON.stringify({ cpuMs: (cpu.user + cpu.system) / 1000 })}\n`);
        process.exit(0);
      });
  });
}
