import { retryWhileUnavailable } from './availability.js';

interface Log {
  warn(msg: string): void;
  info(msg: string): void;
}

/** The innermost message: drizzle wraps the driver's "connect ECONNREFUSED …" in "Failed query: …". */
function rootMessage(err: unknown): string {
  let message = String(err);
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (e instanceof Error && e.message) message = e.message;
    e = (e as { cause?: unknown }).cause;
  }
  return message;
}

/**
 * Applies the migrations, waiting for a database that is not reachable yet (PostgreSQL still starting,
 * a network not up, a failover) instead of exiting: tries again after 1 s, doubling to 15 s, for as
 * long as it takes, and says so in the log. Any other failure (bad credentials, a failing migration)
 * stops start-up at once.
 */
export async function migrateWhenReachable(
  database: { migrate(): Promise<void>; description: string },
  log: Log,
  opts: { firstDelayMs?: number; maxDelayMs?: number } = {},
): Promise<void> {
  let waited = false;
  await retryWhileUnavailable(() => database.migrate(), {
    maxMs: Number.POSITIVE_INFINITY,
    firstDelayMs: opts.firstDelayMs ?? 1_000,
    maxDelayMs: opts.maxDelayMs ?? 15_000,
    onRetry(err, attempt, delayMs) {
      waited = true;
      const reason = rootMessage(err);
      log.warn(
        `database ${database.description} not reachable (${reason}); attempt ${attempt}, trying again in ${Math.round(delayMs / 1000)} s`,
      );
    },
  });
  if (waited) log.info(`database ${database.description} reachable; migrations applied`);
}
