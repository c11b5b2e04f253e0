import { DomainError } from '../errors.js';

/**
 * SQLSTATEs that mean "the database is not there right now", not "this statement is wrong":
 * connection exceptions (class 08), an administrator shutdown or crash of the backend (57P01–57P03),
 * too many connections (53300) and a server that cannot accept connections yet (57P03: starting up).
 */
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket errors of a connection to a server that went away or is not listening. */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
/** node-postgres' own messages for a connection that ended or never came up. */
const driverMessages = [
  'Connection terminated',
  'connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
  'Connection terminated unexpectedly',
];

/**
 * Whether an error (or one it wraps: drizzle puts the driver's error in `cause`) says the database is
 * unreachable: a restart, a failover, a dropped connection. Such a failure is worth retrying as it is;
 * any other is not.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (e instanceof DatabaseUnavailableError) return true;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (code.startsWith('08') || unavailableStates.has(code))) return true;
    if (typeof code === 'string' && socketCodes.has(code)) return true;
    if (typeof message === 'string' && driverMessages.some((m) => message.includes(m))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The database is unreachable: the API answers 503 with Retry-After, trackers are not acked. */
export class DatabaseUnavailableError extends DomainError {
  readonly code = 'DATABASE_UNAVAILABLE' as const;
  /** Seconds a client should wait before trying again. */
  readonly retryAfterSeconds = 5;
  constructor(cause?: unknown) {
    super('The database is unavailable; try again shortly');
    if (cause !== undefined) this.cause = cause;
  }
}

export interface RetryOptions {
  /** Give up (rethrow) once this much time has passed since the first failure (default 30 s). */
  maxMs?: number;
  /** First wait (default 100 ms), doubled after each failure up to `maxDelayMs` (default 2 s). */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** Told of each failure that will be retried, with the attempt number (1 = the first retry). */
  onRetry?(err: unknown, attempt: number, delayMs: number): void;
}

/**
 * Runs `fn`, and again with growing waits while it fails because the database is unreachable, for at
 * most `maxMs`; then (or at once for any other failure) rejects. An unreachable database's last error
 * comes back as a `DatabaseUnavailableError`.
 */
export async function retryWhileUnavailable<T>(fn: () => Promise<T>, opts: RetryOptions = {}): Promise<T> {
  const maxMs = opts.maxMs ?? 30_000;
  let delay = opts.firstDelayMs ?? 100;
  const maxDelay = opts.maxDelayMs ?? 2_000;
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      const left = maxMs - (Date.now() - started);
      if (left <= 0) throw err instanceof DatabaseUnavailableError ? err : new DatabaseUnavailableError(err);
      const wait = Math.min(delay, left);
      opts.onRetry?.(err, attempt, wait);
      await new Promise((resolve) => setTimeout(resolve, wait));
      delay = Math.min(delay * 2, maxDelay);
    }
  }
}
