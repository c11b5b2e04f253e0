import pg from 'pg';

/**
 * PostgreSQL advisory lock keys of the instances sharing one database (one number each, any value
 * not used by anything else on the database).
 */
export const advisoryLocks = {
  /** Applying migrations and seeding an empty database: one instance at a time. */
  schema: 7_261_001,
  /** The time-based work one instance runs for all (db/singleton-lock.ts). */
  singletons: 7_261_002,
  /** Writing the vehicles' live states: exclusive for an instance alone, shared by several (db/writer-lock.ts). */
  stateWriter: 7_261_003,
} as const;

/** A connection of its own, outside the pool, for session-level locks; its errors end it, not the server. */
async function dedicatedClient(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, keepAlive: true });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/**
 * Runs `work` while holding the advisory lock `key` on a connection of its own, waiting for another
 * instance that holds it. The lock goes with the connection: an instance that dies mid-way frees it.
 */
export async function withAdvisoryLock<T>(url: string, key: number, work: () => Promise<T>): Promise<T> {
  const client = await dedicatedClient(url);
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key]);
    return await work();
  } finally {
    // Ending the session releases the lock as well; unlocking first says so at once.
    await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
