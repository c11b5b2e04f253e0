import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from './test-db.js';

describe('createTestDatabase', () => {
  // PostgreSQL only: closing a test database with idle pooled connections used to race the
  // `DROP DATABASE … WITH (FORCE)`, which terminated them (57P01) and surfaced as unhandled errors.
  it.skipIf(inject('testDb').kind !== 'postgres')(
    'closes without its pooled connections being terminated under it',
    async () => {
      for (let round = 0; round < 3; round++) {
        const database = await createTestDatabase();
        const pool = (database.db as unknown as { $client: pg.Pool }).$client;
        const errors: unknown[] = [];
        pool.on('error', (err) => errors.push(err));
        // Several connections at once, so the pool holds several idle clients when it is closed.
        await Promise.all(Array.from({ length: 6 }, () => database.db.execute(sql`SELECT pg_sleep(0.02)`)));
        expect(pool.idleCount).toBeGreaterThan(1);
        await database.close();
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(errors).toEqual([]);
      }
    },
  );
});
