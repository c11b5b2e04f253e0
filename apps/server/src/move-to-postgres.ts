import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { describePostgresUrl, openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { moveToPostgres, TargetNotEmptyError } from './db/move/move-to-postgres.js';
import { createMoveReporter, duration } from './db/move/progress.js';

const usage = `Moves an embedded Pantau database (PGlite) into an empty PostgreSQL database.

  npm run move-to-postgres -- --from ./data --to postgres://user:password@host:5432/pantau

  --from  the data directory of the embedded install (default: PANTAU_DATA_DIR, else ./data)
  --to    the PostgreSQL database to fill (default: DATABASE_URL); it must hold no users, units or
          vehicles. Stop the server on the data directory first.
`;

/** `move-to-postgres --from <data dir> --to <postgres URL>`: exits 0 when moved, 1 with a message when not. */
async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: { from: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }).values;
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n\n${usage}`);
    return 1;
  }
  if (args.help) {
    process.stdout.write(usage);
    return 0;
  }
  const dataDir = resolve(args.from ?? process.env.PANTAU_DATA_DIR ?? './data');
  const targetUrl = args.to ?? process.env.DATABASE_URL;
  if (!targetUrl || !/^postgres(ql)?:\/\//.test(targetUrl)) {
    process.stderr.write(`--to must be a postgres:// or postgresql:// URL.\n\n${usage}`);
    return 1;
  }
  if (!existsSync(join(dataDir, 'pglite'))) {
    process.stderr.write(`There is no embedded database in ${dataDir} (no pglite folder there).\n`);
    return 1;
  }

  let source;
  try {
    source = await openDatabase({ dataDir });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      process.stderr.write(`${err.message}\n`);
      return 1;
    }
    throw err;
  }
  const started = Date.now();
  try {
    process.stdout.write(`Moving ${dataDir} to PostgreSQL ${describePostgresUrl(targetUrl)}\n`);
    // The embedded database first gets this version's migrations, as the server would at start.
    await source.migrate();
    const moved = await moveToPostgres({
      source: (source.db as unknown as { $client: Parameters<typeof moveToPostgres>[0]['source'] }).$client,
      targetUrl,
      onProgress: createMoveReporter(),
    });
    process.stdout.write(
      `Moved ${moved.rows.toLocaleString('en')} rows of ${moved.tables} tables (positions in ` +
        `${moved.months} months) in ${duration((Date.now() - started) / 1000)}.\n` +
        `Start the server with DATABASE_URL set to that database. Keep ${dataDir}: it still holds the ` +
        'token signing secret (jwt-secret) unless PANTAU_JWT_SECRET is set.\n',
    );
    return 0;
  } catch (err) {
    if (err instanceof TargetNotEmptyError) {
      process.stderr.write(`${err.message}\n`);
      return 1;
    }
    process.stderr.write(
      `Moving failed; the target was left without the copied rows: ${err instanceof Error ? err.message : String(err)}\n`,
    );
    return 1;
  } finally {
    await source.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`move-to-postgres failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
